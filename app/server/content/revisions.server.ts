/**
 * The history of content items: every save that changes something keeps a revision (who, when, what changed, and
 * a snapshot of the item's form fields), written by SQL statements that go into the save's own D1 batch.
 *
 * The snapshot is generic: the registry's edit-form fields (app/lib/content-types/), read from the
 * server entry's columns (app/server/content/content-types/), so a field added to a type is kept without code here. A type
 * may keep something more (a course's outline) through its entry's `revisions`. The edit page's History lists the
 * revisions, compares one with the current item and restores it through the same validation and save as a form.
 */
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { SQL as SqlClass } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { adminAccounts, contentRevisions } from "../../../db/schema";
import { CONTENT_TYPE_SPECS, type FieldSpec } from "~/lib/content-types/registry";
import type { ContentTypeKey } from "~/lib/content-types";
import type { SnapshotSource } from "./content-types/types";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";

const NOW = sql.raw("strftime('%Y-%m-%dT%H:%M:%fZ','now')");

/** Revisions kept per item: older ones are deleted in the batch that records a new one. */
export const REVISIONS_KEPT = 50;

/** The summary of the revision that stands for an item's state before its history was kept. */
export const BASELINE_SUMMARY = "state before history was kept";

/**
 * Who saved: the admin's username (their account id is looked up in the same statement; none for an owner signed in
 * with the secrets); null where no one is signed in (scripts, tests).
 */
export type RevisionAuthor = { username: string | null };

/** The fields a type's revisions keep: its edit form's, from the registry. */
export function revisionFields(key: ContentTypeKey): FieldSpec[] {
  const form = CONTENT_TYPE_SPECS[key];
  return form.editFields ?? form.fields;
}

/** `json_object('title', "articles"."title", ...)` over the fields the type's columns hold. */
function snapshotSql(key: ContentTypeKey, server: SnapshotSource): SQL {
  const { columns } = server;
  const pairs = revisionFields(key).flatMap((field) => {
    const column = columns[field.name];
    if (!column) return [];
    const expression = column instanceof SqlClass.Aliased ? column.sql : column;
    return [sql`${field.name}, ${expression}`];
  });
  return sql`json_object(${sql.join(pairs, sql`, `)})`;
}

/** A JSON text whose keys are sorted, so that the same outline always compares equal. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

type RecordOptions = {
  key: ContentTypeKey;
  /** The type's table and columns, from its server entry (passed in: the registry imports modules that record revisions). */
  server: SnapshotSource;
  /** The item's id, or an expression for it (the row a create inserted earlier in the batch). */
  id: number | SQL;
  author: RevisionAuthor;
  /** "created" for a create, "restored #3" for a restore; a plain save leaves it out (the changed fields say it). */
  label?: string;
  /** The type's extra state after the save (a course's outline), or undefined when the save leaves it as it was. */
  extra?: unknown;
  /** The version the save writes (an update's): the saver's autosave of the item is deleted once the item has it. */
  savedVersion?: string;
};

/**
 * The statement that records the state before the save, as revision 1, when the item has no history yet (items created
 * before history was kept, such as the seed): so the first edit can be undone. Put it in the batch before the save.
 */
export function baselineStatement(
  db: Database,
  key: ContentTypeKey,
  server: SnapshotSource,
  id: number,
  extraBefore: unknown,
): BatchItem<"sqlite"> {
  const { table } = server;
  const extra = extraBefore === undefined ? null : stableJson(extraBefore);
  // Drizzle batches a raw statement only without parameters: an INSERT ... SELECT it builds carries them. Its columns: every one, in order.
  return db.insert(contentRevisions).select(sql`
    SELECT NULL, ${key}, ${table.id}, 1, ${snapshotSql(key, server)}, ${extra}, NULL, NULL, ${BASELINE_SUMMARY},
      coalesce(${table.updatedAt}, ${NOW}), 'save', NULL
    FROM ${table}
    WHERE ${table.id} = ${id}
      AND NOT EXISTS (SELECT 1 FROM ${contentRevisions} WHERE content_type = ${key} AND content_id = ${id} AND kind = 'save')`);
}

/**
 * The statements that record the item's state after the save, for the end of the save's batch: a new revision
 * numbered after the last, naming the fields that differ from it, only when something differs (a save that changes
 * nothing records nothing); then the revisions beyond the newest REVISIONS_KEPT are deleted.
 */
export function recordStatements(db: Database, options: RecordOptions): BatchItem<"sqlite">[] {
  const { key, server, id, author, label } = options;
  const { table } = server;
  const extra = options.extra === undefined ? null : stableJson(options.extra);
  const keepsExtra = options.extra === undefined ? 1 : 0;
  const record = db.insert(contentRevisions).select(sql`
    WITH cur AS (SELECT ${table.id} AS id, ${snapshotSql(key, server)} AS snap FROM ${table} WHERE ${table.id} = ${id}),
    prev AS (
      SELECT number, snapshot, extra FROM ${contentRevisions}
      WHERE content_type = ${key} AND content_id = (SELECT id FROM cur) AND kind = 'save' ORDER BY number DESC LIMIT 1
    ),
    next AS (SELECT CASE WHEN ${keepsExtra} = 1 THEN (SELECT extra FROM prev) ELSE ${extra} END AS extra),
    changed AS (
      SELECT group_concat(field.key, ', ') AS names FROM cur, json_each(cur.snap) AS field
      WHERE field.value IS NOT (SELECT json_extract(prev.snapshot, '$."' || field.key || '"') FROM prev)
    ),
    outline AS (SELECT CASE WHEN (SELECT extra FROM next) IS NOT (SELECT extra FROM prev) THEN 'outline' END AS names),
    summary AS (
      SELECT coalesce(changed.names || ', ' || outline.names, changed.names, outline.names) AS names FROM changed, outline
    )
    SELECT NULL, ${key}, cur.id, coalesce((SELECT number FROM prev), 0) + 1, cur.snap, (SELECT extra FROM next),
      (SELECT ${adminAccounts.id} FROM ${adminAccounts} WHERE ${adminAccounts.username} = ${author.username}),
      ${author.username},
      ${label === undefined ? sql`summary.names` : label === "created" ? sql`${label}` : sql`${label} || ': ' || summary.names`},
      ${NOW}, 'save', NULL
    FROM cur, summary
    WHERE summary.names IS NOT NULL`);
  const itemId = typeof id === "number" ? id : sql`(${id})`;
  const prune = db.delete(contentRevisions).where(
    sql`content_type = ${key} AND content_id = ${itemId} AND kind = 'save'
        AND number <= (SELECT max(number) FROM ${contentRevisions} WHERE content_type = ${key} AND content_id = ${itemId} AND kind = 'save') - ${REVISIONS_KEPT}`,
  );
  if (options.savedVersion === undefined || !author.username) return [record, prune];
  // The saver's autosave is saved now: it goes, but only when this save went through (the row has the version it
  // wrote), so a save refused as stale (409) keeps the autosave of what was typed.
  const supersede = db.delete(contentRevisions).where(
    sql`kind = 'autosave' AND content_type = ${key} AND content_id = ${itemId} AND saved_by = ${author.username}
        AND EXISTS (SELECT 1 FROM ${table} WHERE ${table.id} = ${itemId} AND ${table.updatedAt} = ${options.savedVersion})`,
  );
  return [record, prune, supersede];
}

/** Replaces the newest revision's extra state as sent (`sent`) by the same state as stored (`stored`: with new rows' ids). */
export async function withStoredExtra(db: Database, key: ContentTypeKey, id: number, sent: unknown, stored: unknown): Promise<void> {
  const newest = sql`(SELECT max(number) FROM ${contentRevisions} WHERE content_type = ${key} AND content_id = ${id} AND kind = 'save')`;
  await db
    .update(contentRevisions)
    .set({ extra: stableJson(stored) })
    .where(
      and(
        eq(contentRevisions.contentType, key),
        eq(contentRevisions.contentId, id),
        eq(contentRevisions.number, newest),
        eq(contentRevisions.kind, "save"),
        eq(contentRevisions.extra, stableJson(sent)),
      ),
    );
}

/** Deletes an item's history and autosaves (with the item: there is nothing left to restore them onto). */
export function deleteHistoryStatement(db: Database, key: ContentTypeKey, id: number) {
  return db.delete(contentRevisions).where(and(eq(contentRevisions.contentType, key), eq(contentRevisions.contentId, id)));
}

export type RevisionSummary = { number: number; savedBy: string | null; createdAt: string; summary: string };

/** An item's revisions, newest first. */
export function listRevisions(db: Database, key: ContentTypeKey, id: number): Promise<RevisionSummary[]> {
  return db
    .select({
      number: contentRevisions.number,
      savedBy: contentRevisions.savedBy,
      createdAt: contentRevisions.createdAt,
      summary: contentRevisions.summary,
    })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.contentType, key), eq(contentRevisions.contentId, id), eq(contentRevisions.kind, "save")))
    .orderBy(desc(contentRevisions.number));
}

export type StoredRevision = RevisionSummary & { snapshot: Record<string, unknown>; extra: unknown };

/** One revision of the item (404 when the item has no revision of that number: another item's is never found). */
export async function getRevision(db: Database, key: ContentTypeKey, id: number, number: number): Promise<StoredRevision> {
  const row = await db
    .select()
    .from(contentRevisions)
    .where(
      and(
        eq(contentRevisions.contentType, key),
        eq(contentRevisions.contentId, id),
        eq(contentRevisions.kind, "save"),
        eq(contentRevisions.number, number),
      ),
    )
    .get();
  if (!row) throw new HttpError(404, "Revision not found.");
  return {
    number: row.number,
    savedBy: row.savedBy,
    createdAt: row.createdAt,
    summary: row.summary,
    snapshot: formTyped(key, JSON.parse(row.snapshot)),
    extra: row.extra === null ? undefined : JSON.parse(row.extra),
  };
}

/** The item's current snapshot, read with the same expression the revisions use (undefined for an unknown id). */
export async function currentSnapshot(
  db: Database,
  key: ContentTypeKey,
  server: SnapshotSource,
  id: number,
): Promise<Record<string, unknown> | undefined> {
  const { table } = server;
  const row = await db.get<{ snap: string }>(sql`SELECT ${snapshotSql(key, server)} AS snap FROM ${table} WHERE ${table.id} = ${id}`);
  return row ? formTyped(key, JSON.parse(row.snap)) : undefined;
}

/** A snapshot as the form holds it: SQLite's JSON has 1 and 0 for a checkbox, the form true and false. */
function formTyped(key: ContentTypeKey, snapshot: Record<string, unknown>): Record<string, unknown> {
  const typed = { ...snapshot };
  for (const field of revisionFields(key))
    if (field.kind === "checkbox" && field.name in typed) typed[field.name] = typed[field.name] === 1 || typed[field.name] === true;
  return typed;
}

// ---------------------------------------------------------------- the diff

export type DiffLine = { kind: "same" | "added" | "removed"; text: string };
export type FieldDiff = { name: string; label: string; changed: boolean; lines: DiffLine[] };

/** Beyond this many line pairs a diff shows the whole old text removed and the new one added (the table would be too large). */
const LINE_DIFF_MAX_CELLS = 4_000_000;

/** A line diff (longest common subsequence): the lines of `before` removed, those of `after` added, the rest the same. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before === "" ? [] : before.split("\n");
  const b = after === "" ? [] : after.split("\n");
  if (a.length * b.length > LINE_DIFF_MAX_CELLS) {
    return [...a.map((text) => ({ kind: "removed" as const, text })), ...b.map((text) => ({ kind: "added" as const, text }))];
  }
  // common[i][j]: the longest common subsequence of a[i..] and b[j..], in one flat array.
  const width = b.length + 1;
  const common = new Uint32Array((a.length + 1) * width);
  const lcs = (i: number, j: number) => common[i * width + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i * width + j] = a[i] === b[j] ? lcs(i + 1, j + 1) + 1 : Math.max(lcs(i + 1, j), lcs(i, j + 1));
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  // Past the end of one side, the rest of the other is removed or added.
  while (i < a.length || j < b.length) {
    const left = a[i];
    const right = b[j];
    if (left !== undefined && left === right) {
      lines.push({ kind: "same", text: left });
      i++;
      j++;
    } else if (left !== undefined && (right === undefined || lcs(i + 1, j) >= lcs(i, j + 1))) {
      lines.push({ kind: "removed", text: left });
      i++;
    } else if (right !== undefined) {
      lines.push({ kind: "added", text: right });
      j++;
    }
  }
  return lines;
}

/** A snapshot's value as the form shows it (a checkbox stored as 1 or 0 is "Yes" or "No"). */
function shown(field: FieldSpec, value: unknown): string {
  if (field.kind === "checkbox") return value === true ? "Yes" : "No";
  return value === null || value === undefined ? "" : String(value);
}

/** The outline as text for its diff: one line per module, lesson, assessment and question, with what each holds. */
function outlineText(extra: unknown): string {
  if (extra === undefined) return "";
  return JSON.stringify(extra, (name, value) => (name === "id" ? undefined : value), 2);
}

/**
 * The revision against the current item, field by field (the revision's value "removed", the current one "added"),
 * changed fields first marked as such; and the type's extra state (a course's outline) as one more field.
 */
export function diffRevision(
  key: ContentTypeKey,
  revision: StoredRevision,
  current: Record<string, unknown>,
  /** The type's extra state now (a course's outline), or undefined for a type without one. */
  currentExtra: unknown,
) {
  const fields: FieldDiff[] = revisionFields(key)
    .filter((field) => field.name in current || field.name in revision.snapshot)
    .map((field) => {
      const before = shown(field, revision.snapshot[field.name]);
      const after = shown(field, current[field.name]);
      return { name: field.name, label: field.label, changed: before !== after, lines: diffLines(before, after) };
    });
  if (currentExtra !== undefined && revision.extra !== undefined) {
    const before = outlineText(revision.extra);
    const after = outlineText(currentExtra);
    fields.push({ name: "outline", label: "Outline", changed: before !== after, lines: diffLines(before, after) });
  }
  return fields;
}
