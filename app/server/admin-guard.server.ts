/**
 * The admin area's access rules in one place, on top of auth.server.ts:
 * - pages: the admin layout's middleware (`adminSessionMiddleware`) reads the session once per request and
 *   puts it in `adminSessionContext`; a read without a valid session goes to /login. The loaders below it
 *   check nothing themselves (`adminFrom` hands them the session).
 * - page actions (form posts): 403 for a cross-site request, then 401 without a session (`adminFormRefusal`).
 * - JSON endpoints (`adminApi`): 403 cross-site, 401 without a session, as `{ message }`.
 * Every admin answer is `Cache-Control: private, no-store`.
 */
import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import { getAdminSession, requireAdminApi, requireAdminPage, type AdminSession } from "./auth.server";
import { getDb, type Database } from "./db.server";
import { handleApi } from "./http.server";
import { isCrossSiteRequest } from "./request.server";

export const NO_STORE = "private, no-store";

/** The request's admin session as the middleware read it: null only on a write without one (the action refuses it). */
export const adminSessionContext = createContext<AdminSession | null>(null);

type MiddlewareArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * For the admin layout (and the admin routes outside it that render nothing but a file): the session, read
 * once. A page read (GET, HEAD) without one goes to /login. A write goes on to its action, which answers
 * 403 or 401 itself (`adminFormRefusal`), so that a form post gets a message rather than a redirect.
 */
export async function adminSessionMiddleware({ request, context }: MiddlewareArgs, next: () => Promise<Response>): Promise<Response> {
  const reading = request.method === "GET" || request.method === "HEAD";
  const session = reading ? await requireAdminPage(getDb(), request) : await getAdminSession(getDb(), request);
  context.set(adminSessionContext, session);
  return next();
}

/** The signed-in admin, for loaders under `adminSessionMiddleware` (anywhere else: a redirect to /login). */
export function adminFrom(context: Readonly<RouterContextProvider>): AdminSession {
  const session = context.get(adminSessionContext);
  if (!session) throw redirect("/login");
  return session;
}

/**
 * For admin page actions (form posts) under `adminSessionMiddleware`: null when allowed, else the refusal to
 * return from the action: 403 for a cross-site post, 401 without a session (the page's loaders, revalidated
 * after the action, then send the browser to /login).
 */
export function adminFormRefusal(request: Request, context: Readonly<RouterContextProvider>) {
  if (isCrossSiteRequest(request)) return data({ ok: false as const, message: "Cross-site requests are not allowed." }, { status: 403 });
  if (!context.get(adminSessionContext))
    return data({ ok: false as const, message: "Please sign in as an administrator." }, { status: 401 });
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
