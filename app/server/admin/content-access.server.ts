/**
 * What a role may do to one content item: its route's policy says it once (`items` in app/site-routes.ts, the
 * `ItemAccess` of app/lib/route-policy.ts), and the admin pages and the JSON API ask here before they read or write.
 * The route guard has already let the role reach the route; these are the rules that need the item:
 * - a role not in `others` reaches only what it created (`created_by`): another's item is a 404, as if it did not exist;
 * - a role not in `publish` sends no status change (publish, schedule, unpublish: 403), creates only drafts, and
 *   changes only drafts (403 once an item is scheduled or published);
 * - deleting needs `deleteAny`, or `deleteOwn` and an item of one's own (403).
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { ContentTypeKey } from "~/lib/content-types";
import { type ItemRights, itemRights } from "~/lib/route-policy";
import { routeFor } from "~/site-routes";
import type { AdminSession } from "./auth.server";
import { contentTypeServer, notFoundMessage } from "../content/content-types.server";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";

export const PUBLISH_REFUSED = "Your account cannot publish, schedule or unpublish: save it as a draft and submit it for review.";
export const DRAFTS_ONLY = "Your account can change only drafts, and this one is scheduled or published: ask an editor.";
export const DELETE_REFUSED = "Your account cannot delete this item.";

/** Who is asking, and what the route's policy lets their role do to its items. */
export type ItemActor = { accountId: number; rights: ItemRights };

/** The actor of a request to a content route: the session's account and the rights of its role by the route's policy. */
export function itemActor(request: Request, session: Pick<AdminSession, "accountId" | "role">): ItemActor {
  return { accountId: session.accountId, rights: itemRights(routeFor(new URL(request.url).pathname).policy.items, session.role) };
}

/** The columns the rules read, where the type has them (authors have neither: nobody created them, they are the staff's). */
function ruleColumns(key: ContentTypeKey) {
  const columns: Partial<Record<string, SQLiteColumn>> = getTableColumns(contentTypeServer(key).table);
  return { createdBy: columns.createdBy, status: columns.status, submittedAt: columns.submittedAt };
}

const orNull = (column: SQLiteColumn | undefined) => (column ? sql`${column}` : sql`NULL`);

type ItemState = { createdBy: number | null; status: string | null; submittedAt: string | null };

/** An item's creator, status and review stamp, or undefined for no such item. */
async function itemState(db: Database, key: ContentTypeKey, id: number): Promise<ItemState | undefined> {
  const { table } = contentTypeServer(key);
  const columns = ruleColumns(key);
  return db
    .select({
      createdBy: sql<number | null>`${orNull(columns.createdBy)}`.as("created_by"),
      status: sql<string | null>`${orNull(columns.status)}`.as("status"),
      submittedAt: sql<string | null>`${orNull(columns.submittedAt)}`.as("submitted_at"),
    })
    .from(table)
    .where(eq(table.id, id))
    .get();
}

/** Why `actor` may not `action` the item in `state` (an HttpError), or null when it may. */
function refusal(key: ContentTypeKey, state: ItemState | undefined, actor: ItemActor, action: "read" | "change" | "delete") {
  const own = state?.createdBy != null && state.createdBy === actor.accountId;
  if (!state || (!actor.rights.others && !own)) return new HttpError(404, notFoundMessage(key));
  if (action === "change" && !actor.rights.publish && state.status !== null && state.status !== "draft")
    return new HttpError(403, DRAFTS_ONLY);
  if (action === "delete" && !(actor.rights.deleteAny || (actor.rights.deleteOwn && own))) return new HttpError(403, DELETE_REFUSED);
  return null;
}

/**
 * Checks that `actor` may `action` item `id`: "read" (see it, preview it, its history), "change" (save it, restore a
 * revision, its outline) or "delete". 404 for no such item and for another's item the role may not reach; 403 otherwise.
 */
export async function checkItemAccess(
  db: Database,
  key: ContentTypeKey,
  id: number,
  actor: ItemActor,
  action: "read" | "change" | "delete",
) {
  const problem = refusal(key, await itemState(db, key, id), actor, action);
  if (problem) throw problem;
}

/**
 * The item's creator, status and review stamp when `actor` may see it, else null (the edit, history and preview pages
 * answer their 404 then, as for an item that does not exist).
 */
export async function reachableItem(db: Database, key: ContentTypeKey, id: number, actor: ItemActor): Promise<ItemState | null> {
  const state = await itemState(db, key, id);
  return state && !refusal(key, state, actor, "read") ? state : null;
}

/**
 * Checks a save's status against the actor's rights, after its schema read it (app/lib/publication.ts): a create must
 * be a draft, an update must not change the status (its input then has none). A role that may publish passes.
 */
export function checkStatusChange(actor: ItemActor, input: object, creating: boolean) {
  if (actor.rights.publish) return;
  const status = (input as { status?: string }).status;
  if (creating ? status !== undefined && status !== "draft" : status !== undefined) throw new HttpError(403, PUBLISH_REFUSED);
}

/** Whether the actor may delete an item created by `createdBy` (the list hides Delete otherwise). */
export const mayDelete = (actor: ItemActor, createdBy: number | null) =>
  actor.rights.deleteAny || (actor.rights.deleteOwn && createdBy !== null && createdBy === actor.accountId);

/** Each item's creator and review stamp, by id, for a type's admin list (empty for a type without them). */
export async function itemMarks(db: Database, key: ContentTypeKey) {
  const { table } = contentTypeServer(key);
  const columns = ruleColumns(key);
  if (!columns.createdBy) return new Map<number, { createdBy: number | null; submittedAt: string | null }>();
  const rows = await db
    .select({
      id: sql<number>`${table.id}`,
      createdBy: sql<number | null>`${columns.createdBy}`,
      submittedAt: sql<string | null>`${orNull(columns.submittedAt)}`,
    })
    .from(table);
  return new Map(rows.map((row) => [row.id, { createdBy: row.createdBy, submittedAt: row.submittedAt }]));
}
