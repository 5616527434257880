/**
 * Random session tokens and the cookies that carry them, shared by the admin and learner sessions:
 * the cookie holds 32 random bytes, D1 holds only their SHA-256, so a leaked table opens nothing.
 * A signed cookie (the admin's) holds `token.signature`, an HMAC-SHA256 of the token, so a forged one is
 * told apart without a D1 query.
 */
import { fromBase64Url, toBase64Url } from "../admin/password.server";

const TOKEN_BYTES = 32;
/** 32 bytes in base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
}

export function isWellFormedToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** Bytes as lower-case hex, two characters a byte (digests, random salts, content keys). */
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** What D1 stores in place of a token: its SHA-256, in hex. */
export async function hashToken(token: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
}

/** The token in the request's cookie `name`, if it holds a well-formed one. */
export function readTokenCookie(request: Request, name: string): string | null {
  const value = cookieValue(request, name);
  return value !== null && isWellFormedToken(value) ? value : null;
}

/** A token and its signature, both base64url (an HMAC-SHA256 is 32 bytes, like a token). */
const SIGNED_TOKEN_PATTERN = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

/** Keys already derived, by purpose and secret: deriving is async work worth doing once per isolate. */
const derivedKeys = new Map<string, Promise<CryptoKey>>();

/**
 * An HMAC-SHA256 key for signing cookies, derived (HKDF-SHA256) from `secret` with `info` naming its purpose;
 * derived once per secret and purpose.
 */
export function derivedSigningKey(secret: string, info: string): Promise<CryptoKey> {
  const cacheKey = `${info}\n${secret}`;
  let key = derivedKeys.get(cacheKey);
  if (!key) {
    const encoder = new TextEncoder();
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(info) },
          material,
          { name: "HMAC", hash: "SHA-256", length: 256 },
          false,
          ["sign", "verify"],
        ),
      );
    derivedKeys.set(cacheKey, key);
  }
  return key;
}

/** What a signed cookie holds: `token.signature`, the signature an HMAC-SHA256 of the token with `key`. */
export async function signToken(token: string, key: CryptoKey): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(token));
  return `${token}.${toBase64Url(new Uint8Array(signature))}`;
}

/**
 * The token of the request's signed cookie `name`, or null when it is missing, malformed, or not signed
 * with `key` (crypto.subtle.verify compares in constant time). Costs one HMAC and no I/O.
 */
export async function readSignedTokenCookie(request: Request, name: string, key: CryptoKey | null): Promise<string | null> {
  const [, token, signed] = SIGNED_TOKEN_PATTERN.exec(cookieValue(request, name) ?? "") ?? [];
  const signature = signed ? fromBase64Url(signed) : null;
  // Only the canonical spelling: base64url's last character has spare bits that decode alike.
  if (!token || !signature || !key || toBase64Url(signature) !== signed) return null;
  const valid = await crypto.subtle.verify("HMAC", key, new Uint8Array(signature), new TextEncoder().encode(token));
  return valid ? token : null;
}

/** The value of the request's first cookie `name`, or null. */
function cookieValue(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1 || part.slice(0, index).trim() !== name) continue;
    return part.slice(index + 1).trim();
  }
  return null;
}

/** `HttpOnly; SameSite=Lax; Path=/`, and `Secure` everywhere but plain http on a loopback name. */
export function tokenCookie(name: string, token: string, expiresAt: Date, request: Request): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return cookie(`${name}=${token}`, maxAge, expiresAt, request);
}

export function clearedTokenCookie(name: string, request: Request): string {
  return cookie(`${name}=`, 0, new Date(0), request);
}

function cookie(pair: string, maxAge: number, expires: Date, request: Request) {
  const parts = [pair, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`, `Expires=${expires.toUTCString()}`];
  if (needsSecureCookie(request)) parts.push("Secure");
  return parts.join("; ");
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Secure unless the site is served over plain http on a loopback name (local development). */
export function needsSecureCookie(request: Request) {
  const url = new URL(request.url);
  return url.protocol === "https:" || !LOOPBACK_HOSTS.has(url.hostname);
}
