/**
 * The one check for every URL an author writes: Markdown links and images, and the admin's URL fields.
 * Browsers drop tabs and newlines inside URLs and read "\" as "/", so "/\t/evil.example" or "/\evil.example"
 * lead off-site; such URLs are refused here rather than repaired. Allowed: a path on this site (one leading
 * "/"), an absolute http(s) URL written as such, and, where asked for, "#fragment" and mailto:.
 */
const SITE_ORIGIN = "https://site.invalid";
const EDGE_WHITESPACE = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;
/** Control characters, any whitespace (ASCII or not) and backslashes: none of them belong in a URL an author means. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\\\s]/u;

export type UrlRules = {
  /** Only paths on this site: images and audio are served from the site (docs/decisions/0001-images-in-the-csp.md). */
  siteOnly?: boolean;
  mailto?: boolean;
  fragment?: boolean;
};

/** The URL as it may be used in an href or src, or null when it is not allowed. */
export function safeUrl(raw: string, { siteOnly = false, mailto = false, fragment = false }: UrlRules = {}): string | null {
  const value = raw.replace(EDGE_WHITESPACE, "");
  if (value === "" || FORBIDDEN.test(value)) return null;
  if (value.startsWith("#")) return fragment ? value : null;
  if (value.startsWith("/")) {
    // "//host" is another site to a browser; resolving proves the path stays on this one.
    if (value.startsWith("//")) return null;
    return new URL(value, SITE_ORIGIN).origin === SITE_ORIGIN ? value : null;
  }
  if (siteOnly) return null;
  const isWeb = /^https?:\/\/[^/]/i.test(value);
  if (!isWeb && !(mailto && /^mailto:[^/]/i.test(value))) return null;
  try {
    const url = new URL(value);
    return url.protocol === "mailto:" || url.hostname !== "" ? url.href : null;
  } catch {
    return null;
  }
}
