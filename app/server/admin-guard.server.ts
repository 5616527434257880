/**
 * The admin area's access rules in one place, on top of auth.server.ts:
 * - pages (loaders): a valid session, else a redirect to /login;
 * - writes (API routes and page actions): 403 for a cross-site request, then 401 without a valid session.
 * Every admin answer is `Cache-Control: private, no-store`.
 */
import { data } from "react-router";
import { getAdminSession, requireAdminApi, requireAdminPage, type AdminSession } from "./auth.server";
import { getDb, type Database } from "./db.server";
import { handleApi } from "./http.server";
import { isCrossSiteRequest } from "./request.server";

export const NO_STORE = "private, no-store";

/** For every admin page loader (the layout's and each child's: loaders run in parallel). */
export function requireAdmin(request: Request, db: Database = getDb()): Promise<AdminSession> {
  return requireAdminPage(db, request);
}

/**
 * For admin page actions (form posts): null when allowed, else the refusal to return from the action:
 * 403 for a cross-site post, 401 without a session (the page's loaders, revalidated after the action,
 * then send the browser to /login).
 */
export async function adminFormRefusal(request: Request, db: Database = getDb()) {
  if (isCrossSiteRequest(request)) return data({ ok: false as const, message: "Cross-site requests are not allowed." }, { status: 403 });
  if (!(await getAdminSession(db, request))) return data({ ok: false as const, message: "Please sign in as an administrator." }, { status: 401 });
  return null;
}

/**
 * An admin JSON endpoint: 403 cross-site, 401 without a session, then `run`; HttpError becomes
 * `{ message }` with its status. The answer is never cached.
 */
export function adminApi(request: Request, run: (db: Database, session: AdminSession) => Promise<Response>): Promise<Response> {
  return handleApi(async () => {
    const db = getDb();
    const session = await requireAdminApi(db, request);
    return run(db, session);
  }).then(withNoStore);
}

function withNoStore(response: Response): Response {
  try {
    response.headers.set("Cache-Control", NO_STORE);
    return response;
  } catch {
    // Immutable headers: copy the response.
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", NO_STORE);
    return copy;
  }
}
