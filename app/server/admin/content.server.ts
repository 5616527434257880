/**
 * Admin writes and lists for every content type of the registry (app/server/content/content-types.server.ts).
 * The public pages read the same rows through content.server.ts; every write here records a new content
 * version (cache.server.ts), so the cached public pages are rendered afresh on their next request and the
 * write shows there at once. Every write also re-indexes its row for site search (search.server.ts).
 */
import type { AdminRole } from "~/lib/route-policy";
import { withImageWidths } from "../content/media.server";
import { Column, SQL, and, eq, getTableColumns, is, not, sql } from "drizzle-orm";
import { articles, courses, practices } from "../../../db/schema";
import { type CreateOf, type UpdateOf, contentTypeSpec, storedValues, toPayload } from "~/lib/content-types/registry";
import type { CourseOutline } from "~/lib/admin-schemas";
import { CONTENT_TYPE_NAMES, type ContentTypeKey, type PreviewType } from "~/lib/content-types";
import { IN_REVIEW_LABEL, type PublicationStatus } from "~/lib/publication";
import type { ListItem } from "~/lib/content-types/types";
import { type ItemActor, itemMarks, mayDelete } from "./content-access.server";
import { articleBody } from "../content/article-body.server";
import { markContentChanged } from "../core/cache.server";
import { CONTENT_TYPE_SERVERS, type RowOf, contentTypeServer, notFoundMessage } from "../content/content-types.server";
import { saveCourseOutline } from "../learning/course-outline.server";
import type { Database } from "../core/db.server";
import { nextVersion, sameVersion } from "../core/edit-version.server";
import { HttpError, fieldOfIssue, firstIssueMessage } from "../core/http.server";
import {
  baselineStatement,
  deleteHistoryStatement,
  getRevision,
  recordStatements,
  revisionFields,
  withStoredExtra,
  type RevisionAuthor,
} from "../content/revisions.server";
import { articleDetailColumns, categoryColour, getNextPractice, practiceDetailColumns } from "../content/content.server";
import { withScript } from "../content/practice-script.server";
import { getCourseDetailsForPreview } from "../learning/courses.server";
import { reindexSearchEntry } from "../content/search.server";
import { notifyDraftSubmitted } from "../site/owner-notices.server";
import { SEARCH_TYPES, type SearchType } from "~/lib/search";

export { todayUtc } from "../content/content-types/article.server";

/**
 * The admin list of a type, newest first, as the list's rows: a draft submitted for review is "In review", each row
 * says whether `actor` may delete it, and a role that may not reach others' items gets only its own.
 */
export async function listContentForAdmin(db: Database, key: ContentTypeKey, actor?: ItemActor): Promise<ListItem[]> {
  const [items, marks] = await Promise.all([contentTypeServer(key).listForAdmin(db), itemMarks(db, key)]);
  const rows = items.map((item) => {
    const mark = marks.get(item.id);
    const review = item.status?.value === "draft" && mark?.submittedAt;
    return {
      ...item,
      ...(review ? { status: { value: "review", text: IN_REVIEW_LABEL } } : {}),
      ...(actor ? { mayDelete: mayDelete(actor, mark?.createdBy ?? null) } : {}),
    };
  });
  return actor && !actor.rights.others ? rows.filter((row) => marks.get(row.id)?.createdBy === actor.accountId) : rows;
}

/** The select options a type's form loads from the database (none for most types). */
export async function loadContentOptions(db: Database, key: ContentTypeKey) {
  return (await contentTypeServer(key).loadOptions?.(db)) ?? {};
}

/** The option a select starts on when the writer must choose (nothing is picked for them). */
export const CHOOSE_OPTION = { value: "", label: "Choose…" } as const;

/**
 * A create form's options: a contributor's new article starts with no author chosen (the first author on the list
 * is someone else; accounts are not linked to authors), so they pick theirs; staff start on the first, as before.
 */
export async function newItemOptions(db: Database, key: ContentTypeKey, role: AdminRole) {
  const options = await loadContentOptions(db, key);
  if (role !== "contributor" || !options.authorId) return options;
  return { ...options, authorId: [CHOOSE_OPTION, ...options.authorId] };
}

/** What a type's edit page shows besides the row (a course's outline), or null. */
export async function loadEditorData<K extends ContentTypeKey>(db: Database, key: K, id: number) {
  return (await contentTypeServer(key).loadEditorData?.(db, id)) ?? null;
}

/** One row with every admin column, or undefined. */
export function getContentForAdmin<K extends ContentTypeKey>(db: Database, key: K, id: number): Promise<RowOf<K> | undefined> {
  return contentTypeServer(key).read(db, id);
}

/** The version of an item (its `updatedAt`, null when never saved), or undefined for an unknown id: the `ETag` of the API's GET. */
export async function getContentVersion(db: Database, key: ContentTypeKey, id: number): Promise<string | null | undefined> {
  const { table } = contentTypeServer(key);
  const row = await db
    .select({ updatedAt: sql<string | null>`${table.updatedAt}` })
    .from(table)
    .where(eq(table.id, id))
    .get();
  return row?.updatedAt;
}

/** Keeps the search index in step with a type search finds (authors are not searched). */
async function reindexIfSearched(db: Database, key: ContentTypeKey, id: number) {
  const type = SEARCH_TYPES.find((searched: SearchType) => searched === key);
  if (type) await reindexSearchEntry(db, type, id);
}

/**
 * Who saves and when: the revision names the author (none in scripts and tests: "unknown"); a create records its
 * account as the item's creator (`createdBy`, admin_accounts.id), whose own items a contributor reaches.
 */
export type SaveOptions = { author?: RevisionAuthor; now?: Date; createdBy?: number };

const authorOf = (options: SaveOptions): RevisionAuthor => options.author ?? { username: null };

/**
 * A save's batch, whose unique index (a category's name, in any case) refused it: another save took the value between
 * the type's check and this write. The check, run again, now sees that row and answers its own 409.
 */
async function refusedByUniqueIndex<T>(check: () => Promise<void> | undefined, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed/.test(`${error.message} ${String(error.cause ?? "")}`)) await check();
    throw error;
  }
}

/** Creates a row and its first revision, in one batch. */
export async function createContent<K extends ContentTypeKey>(
  db: Database,
  key: K,
  input: CreateOf<K>,
  options: SaveOptions = {},
): Promise<RowOf<K>> {
  const type = contentTypeServer(key);
  await type.checkInput?.(db, input);
  // The row just inserted is the table's newest until the batch ends (a batch runs as one transaction).
  const newest = sql`(SELECT max(${type.table.id}) FROM ${type.table})`;
  const creator = "createdBy" in getTableColumns(type.table);
  const [[row]] = await refusedByUniqueIndex(
    () => type.checkInput?.(db, input),
    db.batch([
      type.insert(db, input, options.now ?? new Date()),
      // Not a field of the form or the API: the signed-in account, set beside the insert.
      ...(creator && options.createdBy !== undefined
        ? [
            db
              .update(type.table)
              .set({ createdBy: options.createdBy } as never)
              .where(eq(type.table.id, newest)),
          ]
        : []),
      ...recordStatements(db, { key, server: type, id: newest, author: authorOf(options), label: "created" }),
    ]),
  );
  if (!row) throw new Error(`The insert of ${type.withArticle} answered with no row.`);
  await reindexIfSearched(db, key, row.id);
  await markContentChanged(db);
  await noticeIfSubmitted(db, key, row, input, options);
  return row;
}

/** The 409 of a save made from a version someone else has replaced since. */
export function staleSaveMessage(key: ContentTypeKey) {
  const { noun } = CONTENT_TYPE_SERVERS[key];
  return `Someone else saved this ${noun.toLowerCase()} after you opened it, so your changes were not saved (they are still in the form). Compare with the history, then reload and apply them again.`;
}

/**
 * Updates a row and records the revision in the same batch (the state before it first, when the item has no history
 * yet). `restoredFrom` labels a restore's revision. A save that changes nothing records no revision.
 */
export async function updateContent<K extends ContentTypeKey>(
  db: Database,
  key: K,
  id: number,
  input: UpdateOf<K>,
  options: SaveOptions & { restoredFrom?: number; extra?: unknown } = {},
): Promise<RowOf<K>> {
  const type = contentTypeServer(key);
  // The version the edit started from (see `editedVersion`): not a column.
  const { version, ...fields } = input;
  await type.checkInput?.(db, fields, id);
  const extraBefore = type.revisions ? await type.revisions.read(db, id) : undefined;
  // A new version always differs from the one it replaces, even within the same millisecond.
  const updatedAt = nextVersion(version, options.now);
  // One statement decides: only the version the editor started from is overwritten, so of two saves from the
  // same version exactly one wins; the revision below is in the same batch and records only what was saved.
  const where = version === undefined ? eq(type.table.id, id) : and(eq(type.table.id, id), sameVersion(type.table.updatedAt, version));
  const label = options.restoredFrom === undefined ? undefined : `restored #${options.restoredFrom}`;
  const [, [row]] = await refusedByUniqueIndex(
    () => type.checkInput?.(db, fields, id),
    db.batch([
      baselineStatement(db, key, type, id, extraBefore),
      type.update(db, where, fields, updatedAt),
      ...recordStatements(db, { key, server: type, id, author: authorOf(options), label, extra: options.extra, savedVersion: updatedAt }),
    ]),
  );
  if (!row) {
    const exists = version !== undefined && (await db.select({ id: type.table.id }).from(type.table).where(eq(type.table.id, id)).get());
    if (exists) throw new HttpError(409, staleSaveMessage(key), "version");
    throw new HttpError(404, notFoundMessage(key));
  }
  await reindexIfSearched(db, key, id);
  await markContentChanged(db);
  await noticeIfSubmitted(db, key, row, fields, options);
  return row;
}

/** A save that submitted a draft for review (its schema stamped `submittedAt`) tells the owner, if that notice is on. */
function noticeIfSubmitted(db: Database, key: ContentTypeKey, row: { id: number }, fields: object, options: SaveOptions) {
  if (typeof (fields as { submittedAt?: unknown }).submittedAt !== "string") return;
  const { noun, path } = CONTENT_TYPE_NAMES[key];
  const title = String((row as { title?: unknown }).title ?? "");
  return notifyDraftSubmitted(db, { noun, path, id: row.id, title, by: authorOf(options).username });
}

/**
 * Deletes a row, unless the type refuses it (a course with enrolments: 409), checked in the same statement so no order
 * slips in between. Its history goes with it.
 */
export async function deleteContent(db: Database, key: ContentTypeKey, id: number) {
  const { table, columns, deleteRefusal } = CONTENT_TYPE_SERVERS[key];
  const where = deleteRefusal ? and(eq(table.id, id), not(deleteRefusal.blockedBy(id))) : eq(table.id, id);
  // Every type reads back a title (an author's is their name): the audit log names what was deleted by it.
  const named = columns.title;
  const title = is(named, Column) ? named : is(named, SQL.Aliased) ? named.sql : sql`title`;
  const deleted = await db
    .delete(table)
    .where(where)
    .returning({ id: table.id, title: sql<string>`${title}` });
  if (deleted.length === 0) {
    const exists = deleteRefusal && (await db.select({ id: table.id }).from(table).where(eq(table.id, id)).get());
    if (!exists) throw new HttpError(404, notFoundMessage(key));
    const { message } = deleteRefusal;
    throw new HttpError(409, typeof message === "string" ? message : await message(db, id));
  }
  await deleteHistoryStatement(db, key, id);
  await reindexIfSearched(db, key, id);
  await markContentChanged(db);
  return deleted[0];
}

/**
 * Restores a revision through the same checks and save as the edit form: its fields become the form's payload and
 * pass the type's update schema (400 naming the first problem when they no longer do), its extra state (a course's
 * outline) is checked and saved, and the save records a new revision, "restored #n", with the fields it changed.
 */
export async function restoreRevision<K extends ContentTypeKey>(db: Database, key: K, id: number, number: number, author: RevisionAuthor) {
  const revision = await getRevision(db, key, id, number);
  const fields = revisionFields(key);
  const parsed = contentTypeSpec(key).updateSchema.safeParse(toPayload(fields, storedValues(fields, revision.snapshot)));
  if (!parsed.success) {
    throw new HttpError(400, `Revision #${number} cannot be restored: ${firstIssueMessage(parsed.error)}`, fieldOfIssue(parsed.error));
  }
  const type = contentTypeServer(key);
  const extras = type.revisions && revision.extra !== undefined ? type.revisions : null;
  const checkedExtra = extras ? await extras.check(db, id, revision.extra) : undefined;
  const { version: _version, ...input } = parsed.data;
  await type.checkInput?.(db, input, id);
  if (extras && checkedExtra !== undefined) await extras.restore(db, id, checkedExtra);
  const extra = extras ? await extras.read(db, id) : undefined;
  return updateContent(db, key, id, parsed.data, { author, restoredFrom: number, extra });
}

/**
 * Saves a course's outline (app/server/learning/course-outline.server.ts) and records the revision in the same batch. The
 * revision then gets the outline as stored, with the ids of the rows the save created, so that restoring it later keeps
 * those rows (and learners' progress on them) rather than creating them anew.
 */
export async function saveCourseOutlineWithRevision(
  db: Database,
  courseId: number,
  outline: CourseOutline,
  author: RevisionAuthor,
  version: string,
) {
  const server = CONTENT_TYPE_SERVERS.course;
  // The course's version moves on with its outline: the course form's next save and this editor's share it.
  const updatedAt = nextVersion(version);
  const saved = await saveCourseOutline(
    db,
    courseId,
    outline,
    (stored) => ({
      before: [baselineStatement(db, "course", server, courseId, stored)],
      after: recordStatements(db, { key: "course", server, id: courseId, author, extra: outline, savedVersion: updatedAt }),
    }),
    { version, updatedAt },
  );
  await withStoredExtra(db, "course", courseId, outline, saved);
  return { outline: saved, version: updatedAt };
}

export type { PreviewType } from "~/lib/content-types";
type Publication = { status: PublicationStatus; publishAt: string | null };

/**
 * What a public page shows of an item, whatever its status (a draft, a scheduled one): the admin's preview
 * (app/routes/admin/preview.tsx) renders it with the public page's component. Read afresh, never from the shared memo.
 */
export async function getContentPreview(db: Database, key: PreviewType, id: number) {
  if (key === "article") {
    const row = await db
      .select({ ...articleDetailColumns, categoryColour, status: articles.status, publishAt: articles.publishAt })
      .from(articles)
      .where(eq(articles.id, id))
      .get();
    if (!row) return null;
    const { content: _content, status, publishAt, ...article } = row;
    return { type: key, status, publishAt, article, body: await withImageWidths(db, articleBody(row)) } as const;
  }
  if (key === "practice") {
    const [row, next] = await Promise.all([
      db
        .select({ ...practiceDetailColumns, status: practices.status, publishAt: practices.publishAt })
        .from(practices)
        .where(eq(practices.id, id))
        .get(),
      getNextPractice(db, id),
    ]);
    if (!row) return null;
    const { status, publishAt, ...practice } = row;
    return { type: key, status, publishAt, practice: withScript(practice), next: next ?? null } as const;
  }
  const [publication, course] = await Promise.all([
    db.select({ status: courses.status, publishAt: courses.publishAt }).from(courses).where(eq(courses.id, id)).get(),
    getCourseDetailsForPreview(db, id),
  ]);
  if (!publication || !course) return null;
  return { type: key, ...(publication satisfies Publication), course } as const;
}
