/**
 * Security headers for every response, and the Content-Security-Policy for documents. Scripts come
 * from this origin or carry the request's nonce; Stripe's documented hosts are allowed only on the
 * enrol page, the one page that loads Stripe.js (its policy says so: `stripe` in app/site-routes.ts).
 */
import { createContext } from "react-router";
import { policyFor } from "../../site-routes";
import { withHeadersSet } from "./http.server";

export const cspNonceContext = createContext<string>("");

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * A fresh nonce for every response: 18 random bytes (144 bits; CSP asks for at least 128) as 24 base64url characters.
 * Encoded by a table, three bytes to four characters: `btoa` over a spread of char codes cost more, on every request.
 */
export function createNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  let nonce = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const group = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    nonce +=
      BASE64URL.charAt(group >> 18) +
      BASE64URL.charAt((group >> 12) & 63) +
      BASE64URL.charAt((group >> 6) & 63) +
      BASE64URL.charAt(group & 63);
  }
  return nonce;
}

/** The document's policy: Stripe's hosts only on the page whose route says it loads Stripe.js (app/site-routes.ts). */
export function contentSecurityPolicy(nonce: string, pathname: string) {
  return (policyFor(pathname).stripe ? STRIPE_POLICY : POLICY).join(nonce);
}

/** The policy, split where the nonce goes: built once, joined with each request's nonce. */
function policyAroundNonce(stripe: boolean) {
  const nonce = "\u0000nonce\u0000";
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...(stripe ? ["https://js.stripe.com", "https://*.js.stripe.com"] : [])],
    // Inline style attributes (React `style`) and the toast library's injected <style> need this.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", ...(stripe ? ["https://*.stripe.com"] : [])],
    "font-src": ["'self'"],
    "media-src": ["'self'"],
    "connect-src": ["'self'", ...(stripe ? ["https://api.stripe.com", "https://maps.googleapis.com"] : [])],
    "frame-src": stripe ? ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"] : ["'none'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ")
    .split(nonce);
}
const POLICY = policyAroundNonce(false);
const STRIPE_POLICY = policyAroundNonce(true);

/**
 * On every response: the Worker's, and the static files' through public/_headers, which repeats them
 * (static-headers.test.ts keeps the two equal).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy":
    'camera=(), microphone=(), geolocation=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=(), payment=(self "https://js.stripe.com")',
};

/**
 * For an SVG opened on its own (a static file, so set in public/_headers): its inline styles draw it;
 * nothing may run, load or frame it. Inside an <img> an SVG runs nothing anyway.
 */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);
/** The same, for a response that set a Referrer-Policy of its own (the access-link redirect's `no-referrer`), which wins. */
const SECURITY_HEADER_ENTRIES_BUT_REFERRER = SECURITY_HEADER_ENTRIES.filter(([name]) => name !== "Referrer-Policy");

/** Adds the security headers (and, for HTML, the CSP) to a response: in place when its headers can change. */
export function withSecurityHeaders(
  response: Response,
  { nonce, pathname, csp = true }: { nonce: string; pathname: string; csp?: boolean },
) {
  const html = csp && (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  const policy: [string, string][] = html ? [["Content-Security-Policy", contentSecurityPolicy(nonce, pathname)]] : [];
  // A route that chose its own Referrer-Policy (app/routes/learn/access.ts: no-referrer, so the link's token is never
  // sent on) keeps it; every other response gets the site-wide one.
  const entries = response.headers.has("Referrer-Policy") ? SECURITY_HEADER_ENTRIES_BUT_REFERRER : SECURITY_HEADER_ENTRIES;
  return withHeadersSet(response, [...entries, ...policy]);
}
