/**
 * Autosaves (docs/admin.md, "Autosave and unsaved changes"): the edit form's values as typed, kept in
 * content_revisions as `kind = 'autosave'`, one row per item and account, replaced in place by each autosave (so the
 * table never grows with them) and deleted by that account's next real save of the item (app/server/content/revisions.server.ts). An
 * autosave never touches the item itself, its history's numbering, the search index or the page cache.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { contentRevisions } from "../../../db/schema";
import type { ContentTypeKey } from "~/lib/content-types";
import { autosavedFields, type AutosaveInput, type AutosaveOffer } from "~/lib/autosave";
import type { FormValues } from "~/lib/content-types/fields";
import type { Database } from "../core/db.server";
import { sameVersion } from "../core/edit-version.server";
import { HttpError } from "../core/http.server";
import { contentTypeServer, notFoundMessage } from "../content/content-types.server";
import { revisionFields } from "../content/revisions.server";
import { staleSaveMessage } from "./content.server";

const NOW = sql.raw("strftime('%Y-%m-%dT%H:%M:%fZ','now')");

/**
 * Keeps `username`'s autosave of the item: 404 for an unknown item, 409 when the item was saved since `version` (the
 * same rule as a save: the form says so, and what was typed stays in the form). One statement decides, so of two
 * autosaves at once the later simply replaces the earlier. Answers with the time it was kept.
 */
export async function autosaveContent(
  db: Database,
  key: ContentTypeKey,
  id: number,
  input: AutosaveInput,
  username: string,
): Promise<{ savedAt: string }> {
  const { table } = contentTypeServer(key);
  // Only the type's own fields, in its order: the schema refused any other.
  const values = Object.fromEntries(
    autosavedFields(revisionFields(key)).flatMap((field) => (field.name in input.values ? [[field.name, input.values[field.name]]] : [])),
  );
  // Drizzle batches a raw statement only without parameters, and an INSERT ... SELECT lists every column, in order.
  const [row] = await db
    .insert(contentRevisions)
    .select(
      sql`SELECT NULL, ${key}, ${table.id}, 0, ${JSON.stringify(values)}, NULL,
        (SELECT id FROM admin_accounts WHERE username = ${username}), ${username}, 'autosave', ${NOW}, 'autosave', ${input.version}
      FROM ${table} WHERE ${table.id} = ${id} AND ${sameVersion(table.updatedAt, input.version)}`,
    )
    .onConflictDoUpdate({
      target: [contentRevisions.contentType, contentRevisions.contentId, contentRevisions.savedBy],
      targetWhere: sql`kind = 'autosave'`,
      set: { snapshot: sql`excluded.snapshot`, baseVersion: sql`excluded.base_version`, createdAt: sql`excluded.created_at` },
    })
    .returning({ savedAt: contentRevisions.createdAt });
  if (row) return row;
  const exists = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).get();
  if (exists) throw new HttpError(409, staleSaveMessage(key), "version");
  throw new HttpError(404, notFoundMessage(key));
}

/** The item's autosave rows: every account's, or `username`'s alone. */
const autosavesOf = (key: ContentTypeKey, id: number, username?: string) =>
  and(
    eq(contentRevisions.kind, "autosave"),
    eq(contentRevisions.contentType, key),
    eq(contentRevisions.contentId, id),
    username === undefined ? undefined : eq(contentRevisions.savedBy, username),
  );

/**
 * `username`'s autosave of the item when it is newer than the item's version `current` (its updatedAt, "" never
 * saved) and differs from `stored` (the form's values now): the edit page offers to restore it. Null otherwise.
 */
export async function autosaveOffer(
  db: Database,
  key: ContentTypeKey,
  id: number,
  username: string,
  current: string,
  stored: FormValues,
): Promise<AutosaveOffer | null> {
  const row = await db
    .select({ snapshot: contentRevisions.snapshot, savedAt: contentRevisions.createdAt, baseVersion: contentRevisions.baseVersion })
    .from(contentRevisions)
    .where(autosavesOf(key, id, username))
    .get();
  if (!row || (current !== "" && row.savedAt <= current)) return null;
  const values = JSON.parse(row.snapshot) as FormValues;
  if (Object.entries(values).every(([name, value]) => stored[name] === value)) return null;
  return { values, savedAt: row.savedAt, baseVersion: row.baseVersion ?? "" };
}

export type AutosaveSummary = { savedBy: string | null; savedAt: string };

/** The item's autosaves, newest first: the history shows them as one collapsed line. */
export function listAutosaves(db: Database, key: ContentTypeKey, id: number): Promise<AutosaveSummary[]> {
  return db
    .select({ savedBy: contentRevisions.savedBy, savedAt: contentRevisions.createdAt })
    .from(contentRevisions)
    .where(autosavesOf(key, id))
    .orderBy(desc(contentRevisions.createdAt));
}

/** Discards `username`'s autosave of the item (the edit page's "Discard"). */
export async function discardAutosave(db: Database, key: ContentTypeKey, id: number, username: string): Promise<void> {
  await db.delete(contentRevisions).where(autosavesOf(key, id, username));
}
