/** Headers of the newsletter's link pages: their URLs carry a token, so no cache keeps them and no Referer leaks them. */
export const NEWSLETTER_LINK_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
} as const;
