/**
 * Admin authentication, server only.
 *
 * - Accounts live in D1 (`admin_accounts`: owners, editors and contributors; app/server/admin/accounts.server.ts manages them).
 *   The role is read with the session on every request, so a role the owner changes counts from the next request.
 *   The configured secrets (`ADMIN_USERNAME`, `ADMIN_PASSWORD_HASH`) are the first owner: while no owner account
 *   exists, they sign in, and that sign-in writes the owner account (so a fresh clone's `admin` works at once).
 * - A login stores a session in D1 keyed by the SHA-256 of a random token; only the cookie holds the token,
 *   signed (HMAC-SHA256, `sessionSigningKey`) so that a forged cookie is recognised without a D1 query.
 * - Failed logins are counted per client (app/server/core/request.server.ts; IPv6 per /64): 5 within
 *   15 minutes and further tries are refused until the oldest of them leaves the window.
 *
 * Everything but `getAdminCredentials` takes its dependencies as arguments, so tests inject them.
 */
import { and, eq, gt, lt, lte, min, type SQL, sql } from "drizzle-orm";
import { ADMIN_ROLES, type AdminRole } from "~/lib/route-policy";
import { adminAccounts, adminSessions, loginAttempts } from "../../../db/schema";
import { type Config, config } from "../core/config.server";
import { SESSION_COOKIE, clientKey, readSessionToken, sessionSigningKey } from "../core/request.server";
import type { Database } from "../core/db.server";
import { logEvent } from "../core/log.server";
import { PBKDF2_ITERATIONS, parseStoredHash, sameText, toBase64Url, verifyPassword } from "./password.server";
import { clearedTokenCookie, hashToken, newToken, signToken, tokenCookie } from "../core/session-tokens.server";

export const SESSION_TTL_SECONDS = 8 * 60 * 60;
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILED_LOGINS = 5;

const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60 * 1000;

export type AdminCredentials = { username: string; passwordHash: string };
/** A signed-in admin: the account (its id names what it created) and its role, read from D1 with the session on every request. */
export type AdminSession = { accountId: number; username: string; role: AdminRole; expiresAt: string };
export type LoginResult =
  /** `token` is the signed value the session cookie carries. */
  | { ok: true; token: string; expiresAt: Date }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/** The admin secrets as the configuration has them (trimmed; undefined when missing or blank). */
type AdminSecrets = Partial<Pick<Config, "ADMIN_USERNAME" | "ADMIN_PASSWORD_HASH">>;

/**
 * What is wrong with the configured admin secrets, or null. An unusable hash locks everyone out, so the
 * Worker says so once, when it starts (below), as well as on each sign-in attempt.
 */
export function adminConfigProblem(secrets: AdminSecrets): string | null {
  const passwordHash = secrets.ADMIN_PASSWORD_HASH;
  if (!secrets.ADMIN_USERNAME || !passwordHash) return null;
  if (parseStoredHash(passwordHash)) return null;
  return "ADMIN_PASSWORD_HASH is not a pbkdf2_sha256 hash with 10,000–100,000 iterations and a 32-byte key, so nobody can sign in; make one with `npm run admin:hash-password`.";
}

// Said once at start-up too. A configuration that does not parse is not thrown here, where it would stop the whole
// isolate from loading: the first request that reads it gets the ConfigError naming the variable.
try {
  const startupProblem = adminConfigProblem(config());
  if (startupProblem) logEvent("error", "config.invalid", { setting: "ADMIN_PASSWORD_HASH", problem: startupProblem });
} catch {}

/**
 * The configured admin account, or null when either secret is missing or the hash is not in the
 * expected format (then nobody can sign in, and every attempt costs the same dummy verification).
 */
export function getAdminCredentials(): AdminCredentials | null {
  const secrets = config();
  const username = secrets.ADMIN_USERNAME;
  const passwordHash = secrets.ADMIN_PASSWORD_HASH;
  if (!username || !passwordHash) return null;
  const problem = adminConfigProblem(secrets);
  if (problem) {
    logEvent("error", "config.invalid", { setting: "ADMIN_PASSWORD_HASH", problem });
    return null;
  }
  return { username, passwordHash };
}

/**
 * Checks a login. The throttle comes first: one atomic statement records this try as a failure unless
 * the client already has 5 in the window, so concurrent tries cannot all pass the check before any of
 * them is counted. Then the password is verified exactly once whatever the username (against a dummy
 * hash of the same cost when the user is unknown or nothing is configured), so an unknown user and a
 * wrong password take the same time. A success deletes the client's failures, this try's included.
 * `input.ip` is the client's address; IPv6 clients are counted per /64 (`clientKey`).
 */
export async function attemptLogin(
  db: Database,
  input: { username: string; password: string; ip: string },
  credentials: AdminCredentials | null,
  now: Date = new Date(),
  deps: { verify: (password: string, stored: string) => Promise<boolean> } = { verify: verifyPassword },
): Promise<LoginResult> {
  const nowIso = now.toISOString();
  const windowStartIso = new Date(now.getTime() - WINDOW_MS).toISOString();
  const client = clientKey(input.ip);

  const reserved = await db.get<{ id: number } | undefined>(sql`
    INSERT INTO ${loginAttempts} (ip, created_at)
    SELECT ${client}, ${nowIso}
    WHERE (SELECT count(*) FROM ${loginAttempts} WHERE ip = ${client} AND created_at > ${windowStartIso}) < ${MAX_FAILED_LOGINS}
    RETURNING id`);
  if (!reserved) {
    const [recent] = await db
      .select({ oldest: min(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ip, client), gt(loginAttempts.createdAt, windowStartIso)));
    const oldest = recent?.oldest ? Date.parse(recent.oldest) : now.getTime();
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + WINDOW_MS - now.getTime()) / 1000));
    return { ok: false, reason: "throttled", retryAfterSeconds };
  }

  const account = await loginAccount(db, input.username, credentials);
  const storedHash = account ? account.passwordHash : dummyHashFor(credentials?.passwordHash);
  const passwordMatches = await deps.verify(input.password, storedHash);

  // The reserved row stays: it is this failure.
  if (!account || !passwordMatches) return { ok: false, reason: "invalid" };

  const session = await newAdminSession(db, account.username, now);
  await db.batch([
    // The configured first owner becomes an account on its first sign-in (a no-op when another request just wrote it).
    db
      .insert(adminAccounts)
      .values({ username: account.username, passwordHash: account.passwordHash, role: "owner" })
      .onConflictDoNothing(),
    ...session.statements,
    db.delete(loginAttempts).where(eq(loginAttempts.ip, client)),
    // Housekeeping: failures that have left the window no longer count for anyone.
    db.delete(loginAttempts).where(lt(loginAttempts.createdAt, windowStartIso)),
  ]);
  return { ok: true, token: session.token, expiresAt: session.expiresAt };
}

/**
 * A new session for `username`: the signed token for its cookie, and the statements that store it (and delete
 * expired sessions), for the caller's batch. Used by a sign-in and by an accepted invitation.
 */
export async function newAdminSession(db: Database, username: string, now: Date = new Date()) {
  const key = await sessionSigningKey();
  if (!key) throw new Error("ADMIN_PASSWORD_HASH is not set, so no session cookie can be signed.");
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
  const statements = [
    db.delete(adminSessions).where(lte(adminSessions.expiresAt, now.toISOString())),
    db
      .insert(adminSessions)
      .values({ id: await hashToken(token), username, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() }),
  ] as const;
  return { token: await signToken(token, key), expiresAt, statements };
}

/**
 * The account a sign-in names: the D1 account with that username; else, while no owner account exists yet, the
 * configured first owner (compared in constant time). Null when neither matches.
 */
async function loginAccount(
  db: Database,
  username: string,
  firstOwner: AdminCredentials | null,
): Promise<{ username: string; passwordHash: string } | null> {
  const [stored] = await db
    .select({ username: adminAccounts.username, passwordHash: adminAccounts.passwordHash })
    .from(adminAccounts)
    .where(eq(adminAccounts.username, username))
    .limit(1);
  if (stored) return stored;
  if (!firstOwner || !(await sameText(username, firstOwner.username))) return null;
  const [owner] = await db.select({ id: adminAccounts.id }).from(adminAccounts).where(eq(adminAccounts.role, "owner")).limit(1);
  return owner ? null : firstOwner;
}

/**
 * The session named by the request's cookie, with its account's role, or null: an expired session is deleted on
 * sight, and a session whose account was removed counts for nothing (removal deletes its sessions too).
 */
export async function getAdminSession(db: Database, request: Request, now: Date = new Date()): Promise<AdminSession | null> {
  return (await getAdminSessionWith(db, request, {}, now))?.session ?? null;
}

/** What each figure reads: a number for a count, the text for a text figure. */
type FigureValues<Figures> = { [Name in keyof Figures]: Figures[Name] extends SQL<infer Value> ? Value : never };

/**
 * `getAdminSession`, with the numbers in `figures` (scalar subqueries: what the admin frame shows around every
 * page) read in the same statement, so that a signed-in page's first read is one D1 round trip, not two.
 */
export async function getAdminSessionWith<Figures extends Record<string, SQL<number> | SQL<string>>>(
  db: Database,
  request: Request,
  figures: Figures,
  now: Date = new Date(),
) {
  return adminSessionByToken(db, await readSessionToken(request), figures, now);
}

/**
 * The session of a signed cookie's token (`readSessionToken`, or the request's identity: app/server/core/identity.server.ts),
 * with `figures` read in the same statement; null without a token, or for an unknown or expired session.
 */
export async function adminSessionByToken<Figures extends Record<string, SQL<number> | SQL<string>>>(
  db: Database,
  token: string | null,
  figures: Figures,
  now: Date = new Date(),
): Promise<{ session: AdminSession; figures: FigureValues<Figures> } | null> {
  if (!token) return null;
  const id = await hashToken(token);
  const [row] = await db
    .select({
      accountId: adminAccounts.id,
      username: adminSessions.username,
      role: adminAccounts.role,
      expiresAt: adminSessions.expiresAt,
      // Named, so no figure can take a column's place: D1 keys a row's values by column name.
      ...Object.fromEntries(Object.entries(figures).map(([name, figure]) => [name, figure.as(`figure_${name}`)])),
    })
    .from(adminSessions)
    .innerJoin(adminAccounts, eq(adminAccounts.username, adminSessions.username))
    .where(eq(adminSessions.id, id))
    .limit(1);
  if (!row) return null;
  if (!(Date.parse(row.expiresAt) > now.getTime())) {
    await db.delete(adminSessions).where(eq(adminSessions.id, id));
    return null;
  }
  const values: Record<string, unknown> = row;
  return {
    session: { accountId: row.accountId, username: row.username, role: roleOf(row.role), expiresAt: row.expiresAt },
    // A text figure (the owner's time zone) as it is; a count as a number, 0 for none.
    figures: Object.fromEntries(
      Object.keys(figures).map((name) => [name, typeof values[name] === "string" ? values[name] : Number(values[name] ?? 0)]),
    ) as FigureValues<Figures>,
  };
}

/** A stored role as the guard reads it: anything unknown counts as the least trusted role, never as more. */
const roleOf = (stored: string): AdminRole => ADMIN_ROLES.find((role) => role === stored) ?? "contributor";

/** Logout: deletes the request's session on the server (the caller also sends `clearedSessionCookie`). */
export async function endAdminSession(db: Database, request: Request): Promise<void> {
  const token = await readSessionToken(request);
  if (!token) return;
  await db.delete(adminSessions).where(eq(adminSessions.id, await hashToken(token)));
}

export function sessionCookie(token: string, expiresAt: Date, request: Request): string {
  return tokenCookie(SESSION_COOKIE, token, expiresAt, request);
}

export function clearedSessionCookie(request: Request): string {
  return clearedTokenCookie(SESSION_COOKIE, request);
}

const dummyHashes = new Map<number, string>();

/**
 * A well-formed hash no password matches, with the configured hash's iteration count (or the default),
 * so verifying against it costs what verifying the real one does. Built once per count, lazily, from
 * random bytes: building it costs no PBKDF2 run, so the first unknown-user attempt is not slower either.
 */
function dummyHashFor(configuredHash: string | undefined): string {
  const iterations = (configuredHash && parseStoredHash(configuredHash)?.iterations) || PBKDF2_ITERATIONS;
  let dummy = dummyHashes.get(iterations);
  if (!dummy) {
    const salt = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
    const hash = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
    dummy = `pbkdf2_sha256$${iterations}$${salt}$${hash}`;
    dummyHashes.set(iterations, dummy);
  }
  return dummy;
}
