/**
 * The audit log: who did what, when, for every admin write. One helper, `recordAdminWrite`, called by the admin
 * guard after a write succeeded (app/server/admin-guard.server.ts: the admin layout's middleware for page actions,
 * `adminApi` for the JSON endpoints), so no write path can forget it. /admin/audit shows it to the owner.
 */
import { count, desc } from "drizzle-orm";
import { auditLog } from "../../db/schema";
import type { Database } from "./db.server";

export const AUDIT_PAGE_SIZE = 50;

export type AuditEntry = { id: number; actor: string; action: string; target: string; createdAt: string };

const ACTION_MAX = 80;
const TARGET_MAX = 300;

/** Records one write: `action` says what (a form's intent, or "create"/"update"/"delete"), `target` the path written to. */
export async function recordAdminWrite(db: Database, entry: { actor: string; action: string; target: string }): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action.slice(0, ACTION_MAX),
    target: entry.target.slice(0, TARGET_MAX),
  });
}

/** The words for a write without an intent field, by HTTP method. */
export function actionForMethod(method: string): string {
  return { POST: "create", PUT: "update", PATCH: "update", DELETE: "delete" }[method.toUpperCase()] ?? method.toLowerCase();
}

/** One page of the log, newest first (`page` counts from 1), and the number of pages. */
export async function listAuditLog(db: Database, page: number): Promise<{ entries: AuditEntry[]; page: number; pages: number }> {
  const [{ total }] = await db.select({ total: count() }).from(auditLog);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const entries = await db
    .select({ id: auditLog.id, actor: auditLog.actor, action: auditLog.action, target: auditLog.target, createdAt: auditLog.createdAt })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((current - 1) * AUDIT_PAGE_SIZE);
  return { entries, page: current, pages };
}
