/**
 * What the server reads from a request before any route runs, in one place below auth, the database and
 * the caches (they import it; it imports none of them):
 * - who the request comes from (the client address and the key it is counted under);
 * - the admin session cookie: its name, the key that signs it, and the signed token it carries;
 * - whether it is a cross-site browser request.
 *
 * Client addresses:
 * - On Cloudflare (the var `ON_CLOUDFLARE = "true"`, set only in `[env.production.vars]`), the address in
 *   `CF-Connecting-IP`. Cloudflare's edge sets it from the connection and replaces whatever the client sent.
 * - Locally (`npm run dev`, `npm start`, the browser tests), every request counts as the one local client.
 *   miniflare keeps a `CF-Connecting-IP` the client sends (it fills in the socket's address only when the
 *   header is missing), so nothing in the request tells the socket's address apart from a forged one; the
 *   dev server listens on loopback, where every socket's address is this machine's anyway.
 * - `X-Forwarded-For` is never read: anyone can send it, and no proxy of ours sets it.
 *
 * The key a client is counted under cuts IPv6 addresses to their /64 (`clientKey`).
 */
import { env } from "cloudflare:workers";
import { config } from "./config.server";
import { derivedSigningKey, readSignedTokenCookie } from "./session-tokens.server";

/** What every request counts as when the app does not run on Cloudflare. */
export const LOCAL_CLIENT = "local";

type ClientAddressEnv = { ON_CLOUDFLARE?: string };

/** Longest client key stored: an address is far shorter, a header may not be. */
const MAX_CLIENT_KEY_LENGTH = 64;

/** Whether the app runs behind Cloudflare's edge, which sets `CF-Connecting-IP` itself. */
export function runsOnCloudflare(source: ClientAddressEnv = env): boolean {
  return config(source).ON_CLOUDFLARE;
}

/** The client's address: `CF-Connecting-IP` on Cloudflare ("unknown" without one), else `LOCAL_CLIENT`. */
export function clientAddress(request: Request, source: ClientAddressEnv = env): string {
  if (!runsOnCloudflare(source)) return LOCAL_CLIENT;
  return request.headers.get("CF-Connecting-IP")?.trim() || "unknown";
}

/**
 * The key a client is counted under: its address, with IPv6 addresses cut to their /64 network
 * (one household or server usually holds a whole /64, so per-address limits would be trivial to dodge).
 */
export function clientKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const groups = trimmed.includes(":") ? expandIPv6(trimmed) : null;
  const key = groups ? `${groups.slice(0, 4).join(":")}::/64` : trimmed;
  return key.slice(0, MAX_CLIENT_KEY_LENGTH);
}

/** The key of the request's client (`clientKey` of `clientAddress`). */
export function requestClientKey(request: Request, source?: ClientAddressEnv): string {
  return clientKey(clientAddress(request, source));
}

/** "2001:db8::1" → eight 4-digit groups, or null when it is not an IPv6 address. */
function expandIPv6(address: string): string[] | null {
  const [head, tail, ...rest] = address.split("::");
  if (rest.length > 0) return null;
  const parse = (part: string | undefined) => (part ? part.split(":") : []);
  const left = parse(head);
  const right = parse(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => group.padStart(4, "0"));
}

/**
 * A browser request from another site: an `Origin` other than the request's own, or
 * `Sec-Fetch-Site: cross-site`. Requests with neither header (curl, server-to-server) are not cross-site.
 */
export function isCrossSiteRequest(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== new URL(request.url).origin) return true;
  return request.headers.get("Sec-Fetch-Site")?.trim().toLowerCase() === "cross-site";
}

export const SESSION_COOKIE = "tel_admin_session";
/** The learner's session cookie (app/server/learning/learner.server.ts signs and reads it). */
export const LEARNER_COOKIE = "tel_learner_session";

/** The sign-in cookies: the admin's session and the learner's. */
const SIGN_IN_COOKIES: ReadonlySet<string> = new Set([SESSION_COOKIE, LEARNER_COOKIE]);

/**
 * Whether the visitor is signed in once `response` reaches them: it may set a session cookie (a login, an access link,
 * the payment-success page) or clear one (signing out). `before` is whether the request was signed in.
 */
export function signedInAfter(before: boolean, response: Response): boolean {
  let signedIn = before;
  for (const header of response.headers.getSetCookie()) {
    const [pair = "", ...attributes] = header.split(";");
    const index = pair.indexOf("=");
    if (index === -1 || !SIGN_IN_COOKIES.has(pair.slice(0, index).trim())) continue;
    const cleared = pair.slice(index + 1).trim() === "" || attributes.some((each) => /^\s*max-age\s*=\s*0\s*$/i.test(each));
    signedIn = !cleared;
  }
  return signedIn;
}

/**
 * The admin session token in the request's cookie, if the cookie is signed with this site's key: a
 * candidate only (the D1 session decides; `getAdminSession` in auth.server.ts), but a forged cookie stops
 * here, with no I/O. The database (which admin reads go to the primary) and the page cache (who is served
 * a shared page) ask this too, without loading auth.
 */
export async function readSessionToken(request: Request): Promise<string | null> {
  return readSignedTokenCookie(request, SESSION_COOKIE, await sessionSigningKey());
}

/**
 * The key that signs admin session cookies, derived (HKDF-SHA256) from the configured `ADMIN_PASSWORD_HASH`,
 * a secret already: no second secret to set or forget, and a new password also invalidates every cookie.
 * Null without a hash (then nobody can sign in, and no cookie counts as signed).
 */
export function sessionSigningKey(): Promise<CryptoKey> | null {
  const passwordHash = config().ADMIN_PASSWORD_HASH;
  if (!passwordHash) return null;
  return derivedSigningKey(passwordHash, "tel_admin_session cookie signature");
}
