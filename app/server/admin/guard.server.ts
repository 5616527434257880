/**
 * The route guard: each route's policy (who may read it and write to it, app/site-routes.ts) enforced before its
 * loader or action runs, in one place. `routeGuardMiddleware` is React Router's first middleware (app/root.tsx), so
 * it runs for every route, and a route added anywhere is guarded by the policy it is declared with.
 * - Reads of a route for admin roles: the admin session, read once (for a page, with the figures the admin frame
 *   shows, in the same statement); without one a page goes to /login; another role gets 403.
 * - Writes: 403 for a cross-site post (every write but the ones open to "anyone"); then, for admin roles, 401 without
 *   a session and 403 for another role.
 * - A refusal: the JSON API and the file routes get `{ message }` with its status at once, their action never runs; a
 *   page's form gets it as the form's result, `{ ok: false, message }` with the status (`formAction` in
 *   app/server/core/form-action.server.ts answers it before reading the form), so the page shows the message.
 * - The answer gets its policy's headers: `Cache-Control: private, no-store` for a private route, `X-Robots-Tag:
 *   noindex` for a route search engines may crawl but not index.
 * `routeAccess` is the decision, made once per request (the middleware's; a route module called directly, as in tests,
 * makes it on first use). The admin session read for it is `adminFrom(context)` below. The admin JSON endpoints are
 * written with `adminApi`, which audits their writes (app/server/admin/audit.server.ts); page actions are audited by
 * `formAction`.
 */
import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import { isAdminAccess, type PolicyRoute, type RoutePolicy } from "~/lib/route-policy";
import { routeFor } from "~/site-routes";
import { unhandledMessagesFigure } from "./inbox.server";
import { ownerTimeZoneFigure } from "../site/site.server";
import { actionForMethod, type AuditNote, recordAdminWrite } from "./audit.server";
import { adminSessionByToken, type AdminSession } from "./auth.server";
import { getDb, type Database } from "../core/db.server";
import { HttpError, NO_STORE, handleApi, jsonError, withHeadersSet } from "../core/http.server";
import { identityOf } from "../core/identity.server";
import { logEvent } from "../core/log.server";
import { isCrossSiteRequest } from "../core/request.server";

export const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";
export const SIGN_IN_MESSAGE = "Please sign in as an administrator.";
export const ROLE_MESSAGE = "Your account cannot use this part of the admin.";

/** The request's admin session as the guard read it: null on a route open to anyone, or a refused write. */
export const adminSessionContext = createContext<AdminSession | null>(null);

/** What the admin frame (the sidebar) shows around every page, read with the session in one statement. */
const ADMIN_FRAME_FIGURES = { unhandledMessages: unhandledMessagesFigure(), timeZone: ownerTimeZoneFigure() };
export type AdminFrame = { unhandledMessages: number; timeZone: string };
/** The frame's figures, read by the guard with the session for a page (GET); null on a write, whose loaders read them after it. */
export const adminFrameContext = createContext<AdminFrame | null>(null);

/** Why the guard refused a request: the status and the sentence the visitor sees. */
export type Refusal = { status: number; message: string };
export type RouteAccess = { route: PolicyRoute; refusal: Refusal | null };

const accessContext = createContext<Promise<RouteAccess> | null>(null);

const isReading = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** The guard's decision for this request: made once, by the middleware or the first helper that asks. */
export function routeAccess(request: Request, context: Readonly<RouterContextProvider>): Promise<RouteAccess> {
  let access = context.get(accessContext);
  if (!access) {
    access = decideAccess(request, context);
    context.set(accessContext, access);
  }
  return access;
}

async function decideAccess(request: Request, context: Readonly<RouterContextProvider>): Promise<RouteAccess> {
  const route = routeFor(new URL(request.url).pathname);
  const reading = isReading(request);
  const access = reading ? route.policy.read : route.policy.write;
  const refuse = (status: number, message: string): RouteAccess => ({ route, refusal: { status, message } });
  // Every write but one open to anyone must come from this site; so must a read of an admin JSON endpoint.
  const checksOrigin = reading ? isAdminAccess(access) && route.api : access !== "anyone" && access !== "nobody";
  if (checksOrigin && isCrossSiteRequest(request)) return refuse(403, CROSS_SITE_MESSAGE);
  if (!isAdminAccess(access)) return { route, refusal: null };
  const { adminToken } = await identityOf(request, context);
  const figures = reading && route.page ? ADMIN_FRAME_FIGURES : null;
  const signedIn = await adminSessionByToken(getDb(), adminToken, figures ?? {});
  if (!signedIn) return refuse(401, SIGN_IN_MESSAGE);
  if (!access.includes(signedIn.session.role)) return refuse(403, ROLE_MESSAGE);
  context.set(adminSessionContext, signedIn.session);
  if (figures) context.set(adminFrameContext, signedIn.figures as AdminFrame);
  return { route, refusal: null };
}

/**
 * A form post to a page from another origin, answered before React Router sees it (workers/fetch-handler.ts): React
 * Router's own check (`throwIfPotentialCSRFAttack`) refuses a page's action whose `Origin` is not the request's with a
 * bare 400 "Bad Request" and reports it as an unhandled error, before the guard's middleware could answer. The
 * documented answer is the guard's: 403 "Cross-site requests are not allowed.", logged as a warning (a refused
 * request, not a fault). The same condition as React Router's (an `Origin` that is not this site's, `null`, or no URL),
 * for the routes it checks: pages and their single-fetch `.data` posts. The JSON API and the file routes are
 * React Router's resource routes, which it does not check: the guard answers those.
 */
export function crossSitePageWrite(request: Request): Response | null {
  if (isReading(request) || request.method === "OPTIONS") return null;
  const origin = request.headers.get("Origin");
  if (origin === null) return null;
  const url = new URL(request.url);
  const sameOrigin = URL.canParse(origin) && origin !== "null" && new URL(origin).origin === url.origin;
  if (sameOrigin) return null;
  const pathname = url.pathname.replace(/\.data$/, "") || "/";
  const route = routeFor(pathname === "/_root" ? "/" : pathname);
  if (!route.page) return null;
  logEvent("warn", "request.cross_site", { method: request.method, path: url.pathname, origin: origin.slice(0, 200) });
  const json = url.pathname.endsWith(".data") || (request.headers.get("Accept") ?? "").includes("application/json");
  const headers = { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex" };
  return json
    ? jsonError(403, CROSS_SITE_MESSAGE, headers)
    : new Response(CROSS_SITE_MESSAGE, { status: 403, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}

type MiddlewareArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** React Router's first middleware (app/root.tsx): the route's policy, enforced, and its headers on the answer. */
export async function routeGuardMiddleware({ request, context }: MiddlewareArgs, next: () => Promise<Response>): Promise<Response> {
  const { route, refusal } = await routeAccess(request, context);
  if (refusal) {
    const answer = () => withPolicyHeaders(jsonError(refusal.status, refusal.message, { "Cache-Control": NO_STORE }), route.policy);
    // The JSON API answers `{ message }`, whatever the method.
    if (route.api) return answer();
    // A page or a file, read signed out: to /login; by another role: 403.
    if (isReading(request))
      throw refusal.status === 401 ? redirect("/login") : data({ message: refusal.message }, { status: refusal.status });
    // A write to a file route (logout, sign-out) is refused here. A page's form post goes on to its action, which answers
    // the refusal as the form's result before reading the form (`formAction`).
    if (!route.page) return answer();
  }
  return withPolicyHeaders(await next(), route.policy);
}

/** The headers a route's policy puts on every answer. */
function withPolicyHeaders(response: Response, policy: RoutePolicy): Response {
  const headers: [string, string][] = [];
  if (policy.cache === "private") headers.push(["Cache-Control", NO_STORE]);
  if (policy.robots === "noindex") headers.push(["X-Robots-Tag", "noindex"]);
  return withHeadersSet(response, headers);
}

/** The signed-in admin, for loaders and actions of admin routes (anywhere else: a redirect to /login). */
export function adminFrom(context: Readonly<RouterContextProvider>): AdminSession {
  const session = context.get(adminSessionContext);
  if (!session) throw redirect("/login");
  return session;
}

/** The path an audit entry names: the page's, not its loader data's. */
export function auditTarget(request: Request): string {
  return new URL(request.url).pathname.replace(/\.data$/, "");
}

/**
 * An admin JSON endpoint: the guard's refusal as `{ message }` (403 cross-site, 401 without a session, 403 for
 * another role), then `run`, and a successful write goes into the audit log; HttpError becomes `{ message }` with its
 * status. Never cached.
 */
export function adminApi(
  { request, context }: MiddlewareArgs,
  /** `note` names what was written (and the verb, if the method would say it wrongly) for the audit entry. */
  run: (db: Database, session: AdminSession, note: AuditNote) => Promise<Response>,
  /** `writes: false` for a POST that changes nothing (a preview): it is not audited. */
  options: { writes?: boolean } = {},
): Promise<Response> {
  return handleApi(async () => {
    const { refusal } = await routeAccess(request, context);
    if (refusal) throw new HttpError(refusal.status, refusal.message);
    const session = context.get(adminSessionContext);
    if (!session) throw new HttpError(401, SIGN_IN_MESSAGE);
    const db = getDb();
    const note: AuditNote = {};
    const response = await run(db, session, note);
    const writing = options.writes !== false && !isReading(request);
    if (writing && response.status < 400) {
      await recordAdminWrite(db, {
        actor: session.username,
        action: note.action ?? actionForMethod(request.method),
        target: auditTarget(request),
        object: note.object,
      });
    }
    return response;
  }).then(withNoStore);
}

function withNoStore(response: Response): Response {
  return withHeadersSet(response, [["Cache-Control", NO_STORE]]);
}
