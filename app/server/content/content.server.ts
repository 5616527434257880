/**
 * Reads of the public content (articles, practices, resources, recommended books): published articles and
 * practices only (published.server.ts), so a draft's or a scheduled item's public URL is a 404.
 * Pages (loaders) and the JSON API call these same functions. Whole reads are kept in isolate memory per content
 * version (shared-reads.server.ts); the featured lists stay plain queries, for getHomeContent's batch.
 */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { articleCategories, articles, practices, recommendedBooks, resourceCategories, resources } from "../../../db/schema";
import type { Database } from "../core/db.server";
import { isPublished } from "./published.server";
import { sharedRead } from "./shared-reads.server";
import { logEvent, rootCause, shortError } from "../core/log.server";

/** The colour of an article's category (article_categories.colour), for its badge; null for a name no category has. */
export const categoryColour = sql<
  string | null
>`(SELECT ${articleCategories.colour} FROM ${articleCategories} WHERE ${articleCategories.name} = ${articles.category})`;

const articleListColumns = {
  id: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  category: articles.category,
  categoryColour,
  readingTime: articles.readingTime,
  imageUrl: articles.imageUrl,
  /** The lists lead with a featured article. */
  featured: articles.featured,
};

const practiceListColumns = {
  id: practices.id,
  title: practices.title,
  description: practices.description,
  category: practices.category,
  duration: practices.duration,
  imageUrl: practices.imageUrl,
};

export type ArticleListItem = Awaited<ReturnType<typeof listArticles>>[number];
export type PracticeListItem = Awaited<ReturnType<typeof listPractices>>[number];
export type Article = NonNullable<Awaited<ReturnType<typeof getArticle>>>;
export type Practice = NonNullable<Awaited<ReturnType<typeof getPractice>>>;
export type ResourceCategoryWithResources = Awaited<ReturnType<typeof listResourceCategories>>[number];
export type RecommendedBook = Awaited<ReturnType<typeof listRecommendedBooks>>[number];

/** Route ids are positive integers; anything else is "not found", never an error. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** Every field of one article or practice; the admin's reads add the bookkeeping timestamps. */
export const articleDetailColumns = {
  id: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  content: articles.content,
  imageUrl: articles.imageUrl,
  imageCaption: articles.imageCaption,
  category: articles.category,
  readingTime: articles.readingTime,
  author: articles.author,
  authorId: articles.authorId,
  featured: articles.featured,
  publishedDate: articles.publishedDate,
};

export const practiceDetailColumns = {
  id: practices.id,
  title: practices.title,
  description: practices.description,
  imageUrl: practices.imageUrl,
  category: practices.category,
  duration: practices.duration,
  focus: practices.focus,
  audioUrl: practices.audioUrl,
  transcript: practices.transcript,
  featured: practices.featured,
};

export const resourceDetailColumns = {
  id: resources.id,
  title: resources.title,
  author: resources.author,
  description: resources.description,
  url: resources.url,
  categoryId: resources.categoryId,
};

const newestFirst = [desc(articles.publishedDate), desc(articles.id)];

export function listArticles(db: Database) {
  return sharedRead(db, "articles", () =>
    db
      .select(articleListColumns)
      .from(articles)
      .where(isPublished(articles))
      .orderBy(...newestFirst),
  );
}

/** How many related articles end an article. */
export const RELATED_ARTICLES = 3;

type ArticleLink = { id: number; title: string };

/**
 * What ends an article: related articles (its category's newest first, then the most recent others; never
 * itself) and its neighbours by published date (previous: the one just older; next: the one just newer).
 * Computed from the shared article list, so it costs no read of its own; only the fields shown are kept.
 */
export async function getArticleEnd(db: Database, id: number) {
  const list = await listArticles(db);
  const at = list.findIndex((article) => article.id === id);
  const link = (index: number): ArticleLink | null => (list[index] ? { id: list[index].id, title: list[index].title } : null);
  const category = list[at]?.category;
  const others = list.filter((article) => article.id !== id);
  const related = [
    ...others.filter((article) => article.category === category),
    ...others.filter((article) => article.category !== category),
  ]
    .slice(0, RELATED_ARTICLES)
    .map(({ id, title }) => ({ id, title }));
  return { related, previous: at < 0 ? null : link(at + 1), next: at < 0 ? null : link(at - 1) };
}

export function listFeaturedArticles(db: Database, limit = 3) {
  return db
    .select(articleListColumns)
    .from(articles)
    .where(and(eq(articles.featured, true), isPublished(articles)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * The article categories that have a published article, in their order (Admin → Categories): the articles list's
 * filter and the footer's links. A category with none is left out, so no filter leads to an empty list.
 */
export function listArticleCategoryRows(db: Database) {
  return sharedRead(db, "article-categories", () =>
    db
      .select({
        id: articleCategories.id,
        name: articleCategories.name,
        description: articleCategories.description,
        colour: articleCategories.colour,
      })
      .from(articleCategories)
      .where(sql`EXISTS (SELECT 1 FROM ${articles} WHERE ${articles.category} = ${articleCategories.name} AND ${isPublished(articles)})`)
      .orderBy(asc(articleCategories.position), asc(articleCategories.id)),
  );
}

/** The names of those categories, in order (GET /api/articles/categories). */
export async function listArticleCategories(db: Database) {
  return (await listArticleCategoryRows(db)).map((row) => row.name);
}

/** The footer's Topics on every page: without the database there are none, not an error page (as the site's settings). */
export async function footerCategories(db: Database): Promise<string[]> {
  try {
    return await listArticleCategories(db);
  } catch (error) {
    logEvent("error", "site.categories_unavailable", { error: shortError(rootCause(error)) });
    return [];
  }
}

export function getArticle(db: Database, id: number) {
  return sharedRead(db, `article:${id}`, () =>
    db
      .select({ ...articleDetailColumns, categoryColour })
      .from(articles)
      .where(and(eq(articles.id, id), isPublished(articles)))
      .get(),
  );
}

export function listPractices(db: Database) {
  return sharedRead(db, "practices", () =>
    db.select(practiceListColumns).from(practices).where(isPublished(practices)).orderBy(asc(practices.id)),
  );
}

export function listFeaturedPractices(db: Database, limit = 2) {
  return db
    .select(practiceListColumns)
    .from(practices)
    .where(and(eq(practices.featured, true), isPublished(practices)))
    .orderBy(asc(practices.id))
    .limit(limit);
}

export function getPractice(db: Database, id: number) {
  return sharedRead(db, `practice:${id}`, () =>
    db
      .select(practiceDetailColumns)
      .from(practices)
      .where(and(eq(practices.id, id), isPublished(practices)))
      .get(),
  );
}

/** The practice the player suggests when one ends: the next in the list's order, the first after the last. */
export function getNextPractice(db: Database, id: number) {
  return db
    .select({ id: practices.id, title: practices.title })
    .from(practices)
    .where(and(ne(practices.id, id), isPublished(practices)))
    .orderBy(sql`${practices.id} < ${id}`, asc(practices.id))
    .get();
}

const resourceCategoriesQuery = (db: Database) => db.select().from(resourceCategories).orderBy(asc(resourceCategories.id));
const resourcesQuery = (db: Database) =>
  db
    .select({
      id: resources.id,
      title: resources.title,
      author: resources.author,
      description: resources.description,
      categoryId: resources.categoryId,
    })
    .from(resources)
    .orderBy(asc(resources.categoryId), asc(resources.id));

/** The resource categories alone (the library's filter). */
export function listResourceCategoryRows(db: Database) {
  return sharedRead(db, "resource-categories", () => resourceCategoriesQuery(db));
}

/** Every resource with its category id (the library's list, streamed after the filter). */
export function listResources(db: Database) {
  return sharedRead(db, "resources", () => resourcesQuery(db));
}

/** Categories, each with its resources (home page groups and the resources API). */
export function listResourceCategories(db: Database) {
  return sharedRead(db, "resource-groups", async () => {
    const [categories, rows] = await db.batch([resourceCategoriesQuery(db), resourcesQuery(db)]);
    return groupResources(categories, rows);
  });
}

/** How many resources of each category the home page lists. */
export const HOME_RESOURCES_PER_CATEGORY = 4;

/**
 * The home page's content in one round trip: featured articles and practices, and the resource groups with only
 * what the page shows of them (the first few titles; their descriptions were 7.7 KB the page never showed).
 */
export function getHomeContent(db: Database) {
  return sharedRead(db, "home", async () => {
    const [featuredArticles, featuredPractices, categories, rows] = await db.batch([
      listFeaturedArticles(db),
      listFeaturedPractices(db),
      resourceCategoriesQuery(db),
      resourcesQuery(db),
    ]);
    const resourceCategories = groupResources(categories, rows).map((category) => ({
      id: category.id,
      name: category.name,
      resources: category.resources.slice(0, HOME_RESOURCES_PER_CATEGORY).map(({ id, title }) => ({ id, title })),
    }));
    return { featuredArticles, featuredPractices, resourceCategories };
  });
}

function groupResources(categories: Awaited<ReturnType<typeof resourceCategoriesQuery>>, rows: Awaited<ReturnType<typeof resourcesQuery>>) {
  return categories.map((category) => ({
    id: category.id,
    name: category.name,
    resources: rows.filter((row) => row.categoryId === category.id).map(({ categoryId: _categoryId, ...resource }) => resource),
  }));
}

export function getResource(db: Database, id: number) {
  return sharedRead(db, `resource:${id}`, () =>
    db
      .select({ ...resourceDetailColumns, categoryName: resourceCategories.name })
      .from(resources)
      .innerJoin(resourceCategories, eq(resources.categoryId, resourceCategories.id))
      .where(eq(resources.id, id))
      .get(),
  );
}

export const bookColumns = {
  id: recommendedBooks.id,
  title: recommendedBooks.title,
  author: recommendedBooks.author,
  description: recommendedBooks.description,
  coverUrl: recommendedBooks.coverUrl,
  amazonUrl: recommendedBooks.amazonUrl,
  category: recommendedBooks.category,
};

/** The books of Recommended Reading, in their order (Admin → Recommended Reading). */
export function listRecommendedBooks(db: Database) {
  return sharedRead(db, "recommended-books", () =>
    db.select(bookColumns).from(recommendedBooks).orderBy(asc(recommendedBooks.position), asc(recommendedBooks.id)),
  );
}
