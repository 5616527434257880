/**
 * The audit log: who did what, when, for every admin write. One helper, `recordAdminWrite`, called after a write to a
 * route for admin roles succeeded: by `formAction` for the page actions (app/server/core/form-action.server.ts, which
 * every page action is written with) and by `adminApi` for the JSON endpoints (app/server/admin/guard.server.ts), so no
 * write path can forget it. /admin/audit shows it to the owner.
 */
import { count, desc } from "drizzle-orm";
import { createContext, type RouterContextProvider } from "react-router";
import { auditLog } from "../../../db/schema";
import type { Database } from "../core/db.server";

export const AUDIT_PAGE_SIZE = 50;

export type AuditEntry = { id: number; actor: string; action: string; target: string; object: string; createdAt: string };

const ACTION_MAX = 80;
const TARGET_MAX = 300;
const OBJECT_MAX = 300;

/**
 * What a write names for its audit entry, filled in by the action or endpoint that knows it: the thing written to
 * (`object`: an account's username, a file's name and address, "site settings", a content item's title) and, when
 * the form's intent or the HTTP method would say it wrongly, the verb (`action`: "update" for a settings save).
 */
export type AuditNote = { object?: string; action?: string };

/** The request's note (page actions): set to a fresh one by the admin guard's middleware before the action runs. */
export const auditNoteContext = createContext<AuditNote | null>(null);

/** Names what a page action wrote (and, if need be, the verb) for its audit entry. */
export function noteAuditObject(context: Readonly<RouterContextProvider>, note: AuditNote) {
  const current = context.get(auditNoteContext);
  if (current) Object.assign(current, note);
}

/** "“On friendship” (article #12)": a content item as the audit log names it. */
export function auditItemName(kind: string, id: number | string, title?: string | null) {
  return title ? `“${title}” (${kind} #${id})` : `${kind} #${id}`;
}

/** "photo.png (/media/3f2a….png)": an uploaded file as the audit log names it, by its name and its address. */
export function mediaAuditName(filename: string, key: string) {
  return `${filename} (/media/${key})`;
}

/**
 * Records one write: `action` says what (a form's intent, or "create"/"update"/"delete"), `target` the path written
 * to, `object` which thing (see `AuditNote`).
 */
export async function recordAdminWrite(
  db: Database,
  entry: { actor: string; action: string; target: string; object?: string },
): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action.slice(0, ACTION_MAX),
    target: entry.target.slice(0, TARGET_MAX),
    object: (entry.object ?? "").slice(0, OBJECT_MAX),
  });
}

/**
 * Records a CSV export (orders, a course's progress, subscribers, an Analytics table): personal data leaving the site,
 * so the owner sees who took which file, with which filters (the query, as asked) and how many rows. Action "export",
 * target the file's path, object "Orders CSV: 12 rows (course=3, status=paid)".
 */
export async function recordExport(
  db: Database,
  request: Request,
  actor: string,
  entry: { name: string; rows: number; filters?: string },
): Promise<void> {
  const url = new URL(request.url);
  const filters = entry.filters ?? [...url.searchParams].map(([key, value]) => `${key}=${value}`).join(", ");
  await recordAdminWrite(db, {
    actor,
    action: "export",
    target: url.pathname,
    object: `${entry.name}: ${entry.rows} ${entry.rows === 1 ? "row" : "rows"}${filters ? ` (${filters})` : ""}`,
  });
}

/** The words for a write without an intent field, by HTTP method. */
export function actionForMethod(method: string): string {
  return { POST: "create", PUT: "update", PATCH: "update", DELETE: "delete" }[method.toUpperCase()] ?? method.toLowerCase();
}

/** One page of the log, newest first (`page` counts from 1), and the number of pages. */
export async function listAuditLog(db: Database, page: number): Promise<{ entries: AuditEntry[]; page: number; pages: number }> {
  const [counted] = await db.select({ total: count() }).from(auditLog);
  const pages = Math.max(1, Math.ceil((counted?.total ?? 0) / AUDIT_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const entries = await db
    .select({
      id: auditLog.id,
      actor: auditLog.actor,
      action: auditLog.action,
      target: auditLog.target,
      object: auditLog.object,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((current - 1) * AUDIT_PAGE_SIZE);
  return { entries, page: current, pages };
}
