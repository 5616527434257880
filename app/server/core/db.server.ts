import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { readSessionToken } from "./request.server";

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

/** Header carrying a D1 Sessions bookmark: sent by clients to read their own writes, returned on writes. */
export const BOOKMARK_HEADER = "x-d1-bookmark";
const BOOKMARK_PATTERN = /^[\w-]{1,200}$/;

/**
 * Runs a request inside a D1 session (Sessions API), so that with read replication on, reads may be
 * served by a nearby replica while the request still sees its own writes:
 * - a request with a bookmark (`x-d1-bookmark`) continues from it, so it reads at least that state;
 * - writes and the signed-in admin start at the primary (the admin always sees the latest content);
 * - any other read starts anywhere (`first-unconstrained`).
 * A write's response returns the session's bookmark in `x-d1-bookmark`. Without replication every
 * query goes to the primary and the session changes nothing. `adminToken` is the request's signed admin token as the
 * Worker already read it (app/server/core/identity.server.ts); without it, the cookie is read here.
 */
export async function withD1Session(
  request: Request,
  d1: D1Database,
  handle: () => Promise<Response>,
  adminToken?: string | null,
): Promise<Response> {
  const bookmark = request.headers.get(BOOKMARK_HEADER);
  const isWrite = request.method !== "GET" && request.method !== "HEAD";
  const signedInAdmin = async () => (adminToken === undefined ? await readSessionToken(request) : adminToken) !== null;
  const session = d1.withSession(
    bookmark && BOOKMARK_PATTERN.test(bookmark) ? bookmark : isWrite || (await signedInAdmin()) ? "first-primary" : "first-unconstrained",
  );
  const response = await requestSession.run(session, handle);
  const latest = isWrite ? session.getBookmark() : null;
  if (!latest) return response;
  const withBookmark = new Response(response.body, response);
  withBookmark.headers.set(BOOKMARK_HEADER, latest);
  return withBookmark;
}
