/**
 * Admin writes and lists for articles, practices and resources. The public pages read the same rows
 * through content.server.ts; every write here records a new content version (cache.server.ts), so the
 * cached public pages are rendered afresh on their next request and the write shows there at once.
 */
import { asc, desc, eq } from "drizzle-orm";
import { articles, practices, resourceCategories, resources } from "../../db/schema";
import type { ArticleInput, ArticleUpdateInput, PracticeInput, ResourceInput } from "~/lib/admin-schemas";
import { markContentChanged } from "./cache.server";
import { articleDetailColumns, practiceDetailColumns, resourceDetailColumns } from "./content.server";
import type { Database } from "./db.server";
import { HttpError } from "./http.server";

const nowIso = () => new Date().toISOString();
/** Today's calendar date in UTC, the publication date of a new article. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

const articleColumns = { ...articleDetailColumns, createdAt: articles.createdAt, updatedAt: articles.updatedAt };

const practiceColumns = { ...practiceDetailColumns, createdAt: practices.createdAt, updatedAt: practices.updatedAt };

const resourceColumns = { ...resourceDetailColumns, createdAt: resources.createdAt, updatedAt: resources.updatedAt };

export type AdminArticle = Awaited<ReturnType<typeof createArticle>>;
export type AdminPractice = Awaited<ReturnType<typeof createPractice>>;
export type AdminResource = Awaited<ReturnType<typeof createResource>>;

// ---------------------------------------------------------------- lists (newest first)

export function listArticlesForAdmin(db: Database) {
  return db
    .select({
      id: articles.id,
      title: articles.title,
      category: articles.category,
      author: articles.author,
      featured: articles.featured,
      publishedDate: articles.publishedDate,
    })
    .from(articles)
    .orderBy(desc(articles.id));
}

export function listPracticesForAdmin(db: Database) {
  return db
    .select({ id: practices.id, title: practices.title, category: practices.category, duration: practices.duration, featured: practices.featured })
    .from(practices)
    .orderBy(desc(practices.id));
}

export function listResourcesForAdmin(db: Database) {
  return db
    .select({ id: resources.id, title: resources.title, author: resources.author, categoryId: resources.categoryId, categoryName: resourceCategories.name })
    .from(resources)
    .innerJoin(resourceCategories, eq(resources.categoryId, resourceCategories.id))
    .orderBy(desc(resources.id));
}

/** Every resource with its url (the public flat list, GET /api/resources). */
export function listResources(db: Database) {
  return db
    .select({ id: resources.id, title: resources.title, author: resources.author, description: resources.description, url: resources.url, categoryId: resources.categoryId })
    .from(resources)
    .orderBy(asc(resources.id));
}

export function listResourceCategoryOptions(db: Database) {
  return db.select({ id: resourceCategories.id, name: resourceCategories.name }).from(resourceCategories).orderBy(asc(resourceCategories.id));
}

// ---------------------------------------------------------------- single rows

export function getArticleForAdmin(db: Database, id: number) {
  return db.select(articleColumns).from(articles).where(eq(articles.id, id)).get();
}

export function getPracticeForAdmin(db: Database, id: number) {
  return db.select(practiceColumns).from(practices).where(eq(practices.id, id)).get();
}

export function getResourceForAdmin(db: Database, id: number) {
  return db.select(resourceColumns).from(resources).where(eq(resources.id, id)).get();
}

// ---------------------------------------------------------------- articles

export async function createArticle(db: Database, input: ArticleInput, now: Date = new Date()) {
  const [row] = await db
    .insert(articles)
    .values({ ...input, publishedDate: todayUtc(now) })
    .returning(articleColumns);
  await markContentChanged(db);
  return row;
}

export async function updateArticle(db: Database, id: number, input: ArticleUpdateInput) {
  const { publishedDate, ...fields } = input;
  const [row] = await db
    .update(articles)
    .set({ ...fields, ...(publishedDate ? { publishedDate } : {}), updatedAt: nowIso() })
    .where(eq(articles.id, id))
    .returning(articleColumns);
  if (!row) throw new HttpError(404, "Article not found.");
  await markContentChanged(db);
  return row;
}

export async function deleteArticle(db: Database, id: number) {
  const deleted = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  if (deleted.length === 0) throw new HttpError(404, "Article not found.");
  await markContentChanged(db);
}

// ---------------------------------------------------------------- practices

export async function createPractice(db: Database, input: PracticeInput) {
  const [row] = await db.insert(practices).values(input).returning(practiceColumns);
  await markContentChanged(db);
  return row;
}

export async function updatePractice(db: Database, id: number, input: PracticeInput) {
  const [row] = await db
    .update(practices)
    .set({ ...input, updatedAt: nowIso() })
    .where(eq(practices.id, id))
    .returning(practiceColumns);
  if (!row) throw new HttpError(404, "Practice not found.");
  await markContentChanged(db);
  return row;
}

export async function deletePractice(db: Database, id: number) {
  const deleted = await db.delete(practices).where(eq(practices.id, id)).returning({ id: practices.id });
  if (deleted.length === 0) throw new HttpError(404, "Practice not found.");
  await markContentChanged(db);
}

// ---------------------------------------------------------------- resources

async function assertResourceCategory(db: Database, categoryId: number) {
  const found = await db.select({ id: resourceCategories.id }).from(resourceCategories).where(eq(resourceCategories.id, categoryId)).get();
  if (!found) throw new HttpError(400, 'The field "categoryId" must be the id of an existing resource category.');
}

export async function createResource(db: Database, input: ResourceInput) {
  await assertResourceCategory(db, input.categoryId);
  const [row] = await db.insert(resources).values(input).returning(resourceColumns);
  await markContentChanged(db);
  return row;
}

export async function updateResource(db: Database, id: number, input: ResourceInput) {
  await assertResourceCategory(db, input.categoryId);
  const [row] = await db
    .update(resources)
    .set({ ...input, updatedAt: nowIso() })
    .where(eq(resources.id, id))
    .returning(resourceColumns);
  if (!row) throw new HttpError(404, "Resource not found.");
  await markContentChanged(db);
  return row;
}

export async function deleteResource(db: Database, id: number) {
  const deleted = await db.delete(resources).where(eq(resources.id, id)).returning({ id: resources.id });
  if (deleted.length === 0) throw new HttpError(404, "Resource not found.");
  await markContentChanged(db);
}
