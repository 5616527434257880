/** Admin-session fixtures for server tests inside workerd. */
import { env } from "cloudflare:test";
import { adminAccounts } from "../../db/schema";
import { attemptLogin } from "~/server/admin/auth.server";
import { SESSION_COOKIE } from "~/server/core/request.server";
import type { Database } from "~/server/core/db.server";
import type { AdminRole } from "~/lib/route-policy";
import { hashPassword } from "~/server/admin/password.server";
import { seedTestDb, testDb } from "./db";

export const TEST_ORIGIN = "http://localhost";
const USERNAME = "editor";
const PASSWORD = "a long test passphrase";
const hashed = new Map<string, Promise<{ username: string; passwordHash: string }>>();

/**
 * An account's credentials as the Worker's vars give the first owner: the password hashed at 100,000 PBKDF2 iterations
 * (pinned: production Workers refuse more), once per test file and account.
 */
export function hashedCredentials(username: string, password: string) {
  const key = `${username}\n${password}`;
  let credentials = hashed.get(key);
  if (!credentials) {
    credentials = hashPassword(password, { iterations: 100_000 }).then((passwordHash) => ({ username, passwordHash }));
    hashed.set(key, credentials);
  }
  return credentials;
}

/**
 * Signs in (through the real attemptLogin) and returns the Cookie header value of the new session: the account is the
 * configured first owner, so it may use the whole admin.
 */
export async function adminCookie(db: Database = testDb()): Promise<string> {
  const result = await attemptLogin(
    db,
    { username: USERNAME, password: PASSWORD, ip: "198.51.100.10" },
    await hashedCredentials(USERNAME, PASSWORD),
  );
  if (!result.ok) throw new Error(`test login failed: ${result.reason}`);
  return `${SESSION_COOKIE}=${result.token}`;
}

/** An editor's session: the account is written to D1 (role "editor") and signed in through the real attemptLogin. */
export function editorCookie(db: Database = testDb(), username = "editor@example.com"): Promise<string> {
  return accountCookie(db, "editor", username);
}

/** A session of an account of `role`: written to D1 (unless it exists) and signed in through the real attemptLogin. */
export async function accountCookie(db: Database, role: AdminRole, username: string): Promise<string> {
  const { passwordHash } = await hashedCredentials(USERNAME, PASSWORD);
  await db.insert(adminAccounts).values({ username, passwordHash, role }).onConflictDoNothing();
  const result = await attemptLogin(db, { username, password: PASSWORD, ip: "198.51.100.11" }, null);
  if (!result.ok) throw new Error(`test ${role} login failed: ${result.reason}`);
  return `${SESSION_COOKIE}=${result.token}`;
}

/**
 * A request as the admin's browser sends it: same-origin `Origin`, the session cookie when given,
 * a JSON body when given (a string body is sent as is).
 */
export function adminRequest(
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; origin?: string | null; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(options.headers);
  if (options.origin !== null) headers.set("Origin", options.origin ?? TEST_ORIGIN);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: string | undefined;
  if (options.body !== undefined) {
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  return new Request(`${TEST_ORIGIN}${path}`, { method, headers, body });
}

/**
 * The version a PUT of a content item must say it was edited from: the stored `updated_at` ("" for an item never
 * saved), as the edit page and the item's GET (`ETag`) give it. `path` is the item's or its outline's API path.
 */
export async function storedVersion(path: string): Promise<string> {
  const match = /^\/api\/(articles|practices|resources|courses)\/(\d+)/.exec(path);
  if (!match) throw new Error(`not a content item's API path: ${path}`);
  const row = await env.DB.prepare(`SELECT updated_at AS version FROM ${match[1]} WHERE id = ?`)
    .bind(Number(match[2]))
    .first<{ version: string | null }>();
  return row?.version ?? "";
}

/** `If-Match` with the item's stored version: what a client that read the item first sends with its PUT. */
export async function ifMatchStored(path: string): Promise<Record<string, string>> {
  return { "If-Match": `"${await storedVersion(path)}"` };
}

/** Seeds the test DB and signs in its owner and an editor: what a `beforeEach` of the role tests does. */
export async function seedWithOwnerAndEditor() {
  await seedTestDb();
  return { owner: await adminCookie(), editor: await editorCookie() };
}
