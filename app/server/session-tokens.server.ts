/**
 * Random session tokens and the cookies that carry them, shared by the admin and learner sessions:
 * the cookie holds 32 random bytes, D1 holds only their SHA-256, so a leaked table opens nothing.
 */
import { toBase64Url } from "./password.server";

const TOKEN_BYTES = 32;
/** 32 bytes in base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
}

export function isWellFormedToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** What D1 stores in place of a token: its SHA-256, in hex. */
export async function hashToken(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The token in the request's cookie `name`, if it holds a well-formed one. */
export function readTokenCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1 || part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    return isWellFormedToken(value) ? value : null;
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
function needsSecureCookie(request: Request) {
  const url = new URL(request.url);
  return url.protocol === "https:" || !LOOPBACK_HOSTS.has(url.hostname);
}
