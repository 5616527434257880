/**
 * Admin password hashing: PBKDF2-SHA256 through WebCrypto, so the same code runs in workerd and in
 * Node (the `admin:hash-password` script). No Node imports.
 *
 * Stored format: `pbkdf2_sha256$<iterations>$<salt base64url>$<hash base64url>`.
 */

/** Cloudflare Workers refuse PBKDF2 above 100,000 iterations in production (local workerd allows more). */
export const PBKDF2_ITERATIONS = 100_000;

const ALGORITHM = "pbkdf2_sha256";
const MIN_ITERATIONS = 10_000;
const MAX_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const MIN_SALT_BYTES = 8;
const KEY_BYTES = 32;

export async function hashPassword(password: string, options: { iterations?: number; salt?: Uint8Array } = {}): Promise<string> {
  const iterations = options.iterations ?? PBKDF2_ITERATIONS;
  if (!Number.isInteger(iterations) || iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
    throw new RangeError(`PBKDF2 iterations must be an integer from ${MIN_ITERATIONS} to ${MAX_ITERATIONS}.`);
  }
  const salt = options.salt ? new Uint8Array(options.salt) : crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  if (salt.length < MIN_SALT_BYTES) throw new RangeError(`The salt must be at least ${MIN_SALT_BYTES} bytes.`);
  const hash = await derive(password, salt, iterations);
  return [ALGORITHM, String(iterations), toBase64Url(salt), toBase64Url(hash)].join("$");
}

/**
 * True when `password` matches `stored`. Anything malformed (wrong prefix, bad base64url, wrong hash
 * length, an iteration count outside 10,000–100,000) is false, never an exception, so a bad
 * configuration cannot crash the Worker.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    const parsed = parseStoredHash(stored);
    if (!parsed || typeof password !== "string") return false;
    const actual = await derive(password, parsed.salt, parsed.iterations);
    return constantTimeEqual(actual, parsed.hash);
  } catch {
    return false;
  }
}

/** The parts of a stored hash, or null when it is not in the expected format. */
export function parseStoredHash(stored: string): { iterations: number; salt: Uint8Array; hash: Uint8Array } | null {
  if (typeof stored !== "string") return null;
  const parts = stored.trim().split("$");
  if (parts.length !== 4) return null;
  const [algorithm, iterationsText = "", saltText = "", hashText = ""] = parts;
  if (algorithm !== ALGORITHM || !/^[1-9][0-9]{0,8}$/.test(iterationsText)) return null;
  const iterations = Number(iterationsText);
  if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) return null;
  const salt = fromBase64Url(saltText);
  const hash = fromBase64Url(hashText);
  if (!salt || !hash || salt.length < MIN_SALT_BYTES || hash.length !== KEY_BYTES) return null;
  return { iterations, salt, hash };
}

/** Compares two byte strings in time that depends only on their length (Workers' `crypto.subtle.timingSafeEqual`). */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && crypto.subtle.timingSafeEqual(a, b);
}

/**
 * Compares two strings (secrets, names) in time independent of where they differ and of their lengths:
 * both are hashed first (SHA-256), so the constant-time compare always sees 32 bytes each.
 */
export async function sameText(a: string, b: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [left, right] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(a)),
    crypto.subtle.digest("SHA-256", encoder.encode(b)),
  ]);
  return crypto.subtle.timingSafeEqual(left, right);
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: new Uint8Array(salt), iterations },
    key,
    KEY_BYTES * 8,
  );
  return new Uint8Array(bits);
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}
