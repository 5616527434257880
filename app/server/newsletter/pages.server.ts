import { NO_STORE } from "../core/http.server";

/**
 * Headers of the newsletter's link pages: their URLs carry a token, so no cache keeps them and no Referer takes it to
 * another site. `same-origin`, not `no-referrer`: each page's button is a same-origin form POST, and under `no-referrer`
 * the browser sends it with `Origin: null`, which the same-origin check must refuse.
 */
export const NEWSLETTER_LINK_PAGE_HEADERS = {
  "Cache-Control": NO_STORE,
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "same-origin",
} as const;
