/**
 * Admin writes and lists for every content type of the registry (app/server/content-types.server.ts).
 * The public pages read the same rows through content.server.ts; every write here records a new content
 * version (cache.server.ts), so the cached public pages are rendered afresh on their next request and the
 * write shows there at once. Every write also re-indexes its row for site search (search.server.ts).
 */
import { and, eq, not } from "drizzle-orm";
import { articles, courses, practices } from "../../db/schema";
import type { ContentTypeKey } from "~/lib/content-types";
import type { PublicationStatus } from "~/lib/publication";
import { articleBody } from "./article-body.server";
import { markContentChanged } from "./cache.server";
import { CONTENT_TYPE_SERVERS, notFoundMessage } from "./content-types.server";
import type { Database } from "./db.server";
import { HttpError } from "./http.server";
import { articleDetailColumns, getNextPractice, practiceDetailColumns } from "./content.server";
import { getCourseDetailsForPreview } from "./courses.server";
import { reindexSearchEntry } from "./search.server";

const nowIso = () => new Date().toISOString();

export { todayUtc } from "./content-types/article.server";

/** The admin list of a type, newest first, as the list's rows. */
export function listContentForAdmin(db: Database, key: ContentTypeKey) {
  return CONTENT_TYPE_SERVERS[key].listForAdmin(db);
}

/** The select options a type's form loads from the database (none for most types). */
export async function loadContentOptions(db: Database, key: ContentTypeKey) {
  return (await CONTENT_TYPE_SERVERS[key].loadOptions?.(db)) ?? {};
}

/** What a type's edit page shows besides the row (a course's outline), or null. */
export async function loadEditorData(db: Database, key: ContentTypeKey, id: number) {
  return (await CONTENT_TYPE_SERVERS[key].loadEditorData?.(db, id)) ?? null;
}

/** One row with every admin column, or undefined. */
export function getContentForAdmin(db: Database, key: ContentTypeKey, id: number): Promise<Record<string, unknown> | undefined> {
  const { table, columns } = CONTENT_TYPE_SERVERS[key];
  return db.select(columns).from(table).where(eq(table.id, id)).get();
}

export async function createContent(db: Database, key: ContentTypeKey, input: Record<string, unknown>, now: Date = new Date()) {
  const type = CONTENT_TYPE_SERVERS[key];
  await type.checkInput?.(db, input);
  const values = type.toInsert ? type.toInsert(input, now) : input;
  // The registry's tables are typed loosely; the zod schema has shaped `values` for this table.
  const [row] = await db
    .insert(type.table)
    .values(values as never)
    .returning(type.columns);
  await reindexSearchEntry(db, key, (row as { id: number }).id);
  await markContentChanged(db);
  return row as Record<string, unknown>;
}

export async function updateContent(db: Database, key: ContentTypeKey, id: number, input: Record<string, unknown>) {
  const type = CONTENT_TYPE_SERVERS[key];
  await type.checkInput?.(db, input);
  const values = type.toUpdate ? type.toUpdate(input) : input;
  const [row] = await db
    .update(type.table)
    .set({ ...values, updatedAt: nowIso() } as never)
    .where(eq(type.table.id, id))
    .returning(type.columns);
  if (!row) throw new HttpError(404, notFoundMessage(key));
  await reindexSearchEntry(db, key, id);
  await markContentChanged(db);
  return row as Record<string, unknown>;
}

/** Deletes a row, unless the type refuses it (a course with enrolments: 409), checked in the same statement so no order slips in between. */
export async function deleteContent(db: Database, key: ContentTypeKey, id: number) {
  const { table, deleteRefusal } = CONTENT_TYPE_SERVERS[key];
  const where = deleteRefusal ? and(eq(table.id, id), not(deleteRefusal.blockedBy(id))) : eq(table.id, id);
  const deleted = await db.delete(table).where(where).returning({ id: table.id });
  if (deleted.length === 0) {
    const exists = deleteRefusal && (await db.select({ id: table.id }).from(table).where(eq(table.id, id)).get());
    throw exists ? new HttpError(409, deleteRefusal.message) : new HttpError(404, notFoundMessage(key));
  }
  await reindexSearchEntry(db, key, id);
  await markContentChanged(db);
}

export type PreviewType = "article" | "practice" | "course";
type Publication = { status: PublicationStatus; publishAt: string | null };

/**
 * What a public page shows of an item, whatever its status (a draft, a scheduled one): the admin's preview
 * (app/routes/admin/preview.tsx) renders it with the public page's component. Read afresh, never from the shared memo.
 */
export async function getContentPreview(db: Database, key: PreviewType, id: number) {
  if (key === "article") {
    const row = await db
      .select({ ...articleDetailColumns, status: articles.status, publishAt: articles.publishAt })
      .from(articles)
      .where(eq(articles.id, id))
      .get();
    if (!row) return null;
    const { content: _content, status, publishAt, ...article } = row;
    return { type: key, status, publishAt, article, body: articleBody(row) } as const;
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
    return { type: key, status, publishAt, practice, next: next ?? null } as const;
  }
  const [publication, course] = await Promise.all([
    db.select({ status: courses.status, publishAt: courses.publishAt }).from(courses).where(eq(courses.id, id)).get(),
    getCourseDetailsForPreview(db, id),
  ]);
  if (!publication || !course) return null;
  return { type: key, ...(publication satisfies Publication), course } as const;
}
