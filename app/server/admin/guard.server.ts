/**
 * The admin area's access rules in one place, on top of auth.server.ts:
 * - pages: the admin layout's middleware (`adminSessionMiddleware`) reads the session once per request and
 *   puts it in `adminSessionContext`; a read without a valid session goes to /login. The loaders below it
 *   check nothing themselves (`adminFrom` hands them the session).
 * - page actions (form posts): 403 for a cross-site request, then 401 without a session (`adminFormRefusal`).
 * - JSON endpoints (`adminApi`): 403 cross-site, 401 without a session, as `{ message }`.
 * - roles: both also refuse (403) a path the account's role may not use, by one table (app/lib/admin-permissions.ts).
 * - the audit log: both record each write that succeeded (`recordAdminWrite`, app/server/admin/audit.server.ts).
 * Every admin answer is `Cache-Control: private, no-store`.
 */
import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import { roleMayUse } from "~/lib/admin-permissions";
import { unhandledMessagesFigure } from "./inbox.server";
import { actionForMethod, type AuditNote, auditNoteContext, recordAdminWrite } from "./audit.server";
import { getAdminSession, requireAdminApi, requireAdminPage, type AdminSession } from "./auth.server";
import { getDb, type Database } from "../core/db.server";
import { HttpError, handleApi } from "../core/http.server";
import { isCrossSiteRequest } from "../core/request.server";

export const NO_STORE = "private, no-store";

/** The request's admin session as the middleware read it: null only on a write without one (the action refuses it). */
export const adminSessionContext = createContext<AdminSession | null>(null);

/** What the admin frame (the sidebar) shows around every page, read with the session in one statement. */
const ADMIN_FRAME_FIGURES = { unhandledMessages: unhandledMessagesFigure() };
export type AdminFrame = { [Name in keyof typeof ADMIN_FRAME_FIGURES]: number };
/** The frame's figures, read by the middleware for a page (GET); null on a write, whose loaders read them after it. */
export const adminFrameContext = createContext<AdminFrame | null>(null);

type MiddlewareArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * For the admin layout (and the admin routes outside it that render nothing but a file): the session, read
 * once. A page read (GET, HEAD) without one goes to /login. A write goes on to its action, which answers
 * 403 or 401 itself (`adminFormRefusal`), so that a form post gets a message rather than a redirect.
 */
export async function adminSessionMiddleware({ request, context }: MiddlewareArgs, next: () => Promise<Response>): Promise<Response> {
  const reading = request.method === "GET" || request.method === "HEAD";
  const db = getDb();
  const page = reading ? await requireAdminPage(db, request, ADMIN_FRAME_FIGURES) : null;
  const session = page ? page.session : await getAdminSession(db, request);
  if (session && !roleMayUse(session.role, new URL(request.url).pathname)) throw data(ROLE_REFUSAL, { status: 403 });
  context.set(adminSessionContext, session);
  context.set(adminFrameContext, page?.figures ?? null);
  if (reading || !session || isCrossSiteRequest(request)) return next();
  const intent = await formIntent(request);
  const note: AuditNote = {};
  context.set(auditNoteContext, note);
  const response = await next();
  if (succeeded(response))
    await recordAdminWrite(db, {
      actor: session.username,
      action: note.action ?? intent ?? actionForMethod(request.method),
      target: pathOf(request),
      object: note.object,
    });
  return response;
}

const ROLE_REFUSAL = { message: "Your account cannot use this part of the admin." };
/** Forms larger than this are not read twice for their intent (uploads): their entry says "create" or "update". */
const INTENT_BODY_MAX = 64 * 1024;

/** The `intent` field of a small form post ("refund", "resend", "send"), read from a copy of the body, or null. */
async function formIntent(request: Request): Promise<string | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type) || !request.body) return null;
  if (Number(request.headers.get("Content-Length") ?? 0) > INTENT_BODY_MAX) return null;
  try {
    // A copy, read only up to the limit (a body without Content-Length may be longer): the action reads the original.
    const reader = request.clone().body?.getReader();
    if (!reader) return null;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let size = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      size += part.value.byteLength;
      if (size > INTENT_BODY_MAX) {
        await reader.cancel();
        return null;
      }
      chunks.push(new Uint8Array(part.value));
    }
    const intent = (await new Response(new Blob(chunks), { headers: { "Content-Type": type } }).formData()).get("intent");
    return typeof intent === "string" && intent ? intent.slice(0, 80) : null;
  } catch {
    return null;
  }
}

/**
 * Whether an action's answer reports success: a Response (or React Router's `data()`) below 400, or plain data
 * without `ok: false` (the admin actions' shape for a refusal they answer with status 200).
 */
function succeeded(result: unknown): boolean {
  if (result instanceof Response) return result.status < 400;
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const init = (result as { init?: ResponseInit | null; data?: unknown }).init;
    return (init?.status ?? 200) < 400 && !refused((result as { data?: unknown }).data);
  }
  return !refused(result);
}

function refused(value: unknown): boolean {
  return Boolean(value && typeof value === "object" && "ok" in value && value.ok === false);
}

function pathOf(request: Request): string {
  return new URL(request.url).pathname.replace(/\.data$/, "");
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
 * An admin JSON endpoint: 403 cross-site, 401 without a session, 403 for a role the path is closed to, then `run`,
 * and a successful write goes into the audit log; HttpError becomes `{ message }` with its status. Never cached.
 */
export function adminApi(
  request: Request,
  /** `note` names what was written (and the verb, if the method would say it wrongly) for the audit entry. */
  run: (db: Database, session: AdminSession, note: AuditNote) => Promise<Response>,
  /** `writes: false` for a POST that changes nothing (a preview): it is not audited. */
  options: { writes?: boolean } = {},
): Promise<Response> {
  return handleApi(async () => {
    const db = getDb();
    const session = await requireAdminApi(db, request);
    if (!roleMayUse(session.role, new URL(request.url).pathname)) throw new HttpError(403, ROLE_REFUSAL.message);
    const note: AuditNote = {};
    const response = await run(db, session, note);
    const writing = options.writes !== false && request.method !== "GET" && request.method !== "HEAD";
    if (writing && response.status < 400) {
      await recordAdminWrite(db, {
        actor: session.username,
        action: note.action ?? actionForMethod(request.method),
        target: pathOf(request),
        object: note.object,
      });
    }
    return response;
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
