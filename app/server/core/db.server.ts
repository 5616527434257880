import { AsyncLocalStorage } from "node:async_hooks";
import { policyFor } from "~/site-routes";
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { readSessionToken, signedInAfter } from "./request.server";
import { needsSecureCookie } from "./session-tokens.server";

export type Database = ReturnType<typeof createDatabase>;

const databases = new WeakMap<D1Database | D1DatabaseSession, ReturnType<typeof drizzle>>();

/**
 * The Drizzle database over a D1 binding or session, made once per binding or session: a request calls
 * `getDb()` from its middleware, loaders and actions, and each new instance cost work for nothing. No relational
 * schema is passed: nothing uses `db.query`, and building its config cost about 0.1 ms per call.
 */
export function createDatabase(d1: D1Database | D1DatabaseSession) {
  let database = databases.get(d1);
  if (!database) {
    // A D1 session answers the two calls Drizzle makes (prepare, batch) like the database itself.
    database = drizzle(d1 as D1Database);
    databases.set(d1, database);
  }
  return database;
}

const requestSession = new AsyncLocalStorage<D1DatabaseSession>();

/** The request's database: its D1 session inside `withD1Session`, else the Worker's D1 binding. */
export function getDb(): Database {
  return createDatabase(requestSession.getStore() ?? env.DB);
}

/** Header carrying a D1 Sessions bookmark: sent by clients to read their own writes, returned after a write. */
export const BOOKMARK_HEADER = "x-d1-bookmark";
/**
 * The cookie that carries the bookmark for a signed-in visitor (admin or learner) between a write and the requests
 * after it. Nobody else gets it: the site sets no cookie for visitors who did not sign in (docs/security.md).
 */
export const BOOKMARK_COOKIE = "tel_d1_bookmark";
/**
 * How long the bookmark cookie lives: long enough for the navigations that follow a write (a redirect, the page, a
 * few clicks), far longer than a replica lags in normal running (well under a second to a few seconds); after it, any
 * replica has caught up with that write, and each new write sets it again. Short, so it says little about the visitor.
 */
export const BOOKMARK_COOKIE_MAX_AGE_SECONDS = 60;
/**
 * A bookmark as D1 makes them: four hex fields of 8, 8, 8 and 32 digits (`00000085-0000024c-00004c6d-8e61117b…`, 59
 * characters, in Cloudflare's documentation and from local D1 alike). Anything else, in the header or the cookie, is
 * ignored: the request starts as if it had none. (Should D1 change the shape, bookmarks would be ignored, and a
 * visitor's next page could again be as old as the replica: app/server/core/cache.server.test.ts round-trips a real one.)
 */
const BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;
/** A bookmark that may be passed to `withSession`, or null. */
export function validBookmark(value: string | null | undefined): string | null {
  return value && BOOKMARK_PATTERN.test(value) ? value : null;
}

/** The request's bookmark: its `x-d1-bookmark` header, else its bookmark cookie; each only if well formed. */
export function requestBookmark(request: Request): string | null {
  return validBookmark(request.headers.get(BOOKMARK_HEADER)) ?? validBookmark(cookieValue(request, BOOKMARK_COOKIE));
}

function cookieValue(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index !== -1 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/** Who sends the request, as far as the D1 session cares (app/server/core/identity.server.ts reads it). */
export type SessionIdentity = { adminToken: string | null; signedIn: boolean };

/**
 * Runs a request inside a D1 session (Sessions API), so that with read replication on, reads may be served by a
 * nearby replica while each visitor still reads their own writes (docs/architecture.md, "D1 read replicas: reading one's own writes"):
 * - writes (any method but GET and HEAD), the signed-in admin and the pages whose policy says `readAtPrimary`
 *   (app/site-routes.ts: the payment confirmation) start at the primary (`first-primary`);
 * - any other request with a bookmark (its `x-d1-bookmark` header, or the bookmark cookie) continues from it, so it
 *   reads at least that state; without one it starts anywhere (`first-unconstrained`).
 * A request that wrote returns the session's bookmark at its end: always in the `x-d1-bookmark` header (for fetch
 * callers), and in the bookmark cookie when the visitor is signed in once the response is sent (an access link or a
 * login signs in; signing out clears the cookie). Without replication every query goes to the primary and the
 * session changes nothing. `identity` is the request's identity as the Worker already read it; without it (tests),
 * the admin cookie is read here.
 */
export async function withD1Session(
  request: Request,
  d1: D1Database,
  handle: () => Promise<Response>,
  identity?: SessionIdentity,
): Promise<Response> {
  const isWrite = request.method !== "GET" && request.method !== "HEAD";
  const who = identity ?? (await adminOnlyIdentity(request));
  const atPrimary = isWrite || who.adminToken !== null || policyFor(new URL(request.url).pathname).readAtPrimary === true;
  const session = d1.withSession((atPrimary ? null : requestBookmark(request)) ?? (atPrimary ? "first-primary" : "first-unconstrained"));
  const watched = watchWrites(session);
  const response = await requestSession.run(watched.session, handle);
  const latest = watched.wrote() ? validBookmark(session.getBookmark()) : null;
  const signedIn = signedInAfter(who.signedIn, response);
  const clearCookie = !signedIn && cookieValue(request, BOOKMARK_COOKIE) !== null;
  if (!latest && !clearCookie) return response;
  const withBookmark = new Response(response.body, response);
  if (latest) withBookmark.headers.set(BOOKMARK_HEADER, latest);
  if (latest && signedIn) withBookmark.headers.append("Set-Cookie", bookmarkCookie(latest, request));
  else if (clearCookie) withBookmark.headers.append("Set-Cookie", bookmarkCookie("", request));
  return withBookmark;
}

/** Without the Worker's identity (tests, scripts): the admin cookie is read here; a learner cookie counts only as the Worker reads it. */
async function adminOnlyIdentity(request: Request): Promise<SessionIdentity> {
  const adminToken = await readSessionToken(request);
  return { adminToken, signedIn: adminToken !== null };
}

/** The session as the request's code sees it, noting whether any statement other than a `SELECT` was prepared. */
function watchWrites(session: D1DatabaseSession) {
  let wrote = false;
  const watched = {
    prepare(query: string) {
      if (!/^\s*select\b/i.test(query)) wrote = true;
      return session.prepare(query);
    },
    batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    getBookmark: () => session.getBookmark(),
  };
  return { session: watched as D1DatabaseSession, wrote: () => wrote };
}

/** The bookmark cookie (an empty value clears it): `HttpOnly; SameSite=Lax; Path=/`, `Secure` but on local http. */
function bookmarkCookie(bookmark: string, request: Request): string {
  const parts = [
    `${BOOKMARK_COOKIE}=${bookmark}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${bookmark ? BOOKMARK_COOKIE_MAX_AGE_SECONDS : 0}`,
  ];
  if (needsSecureCookie(request)) parts.push("Secure");
  return parts.join("; ");
}
