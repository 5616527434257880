import { asc, desc, eq, sql } from "drizzle-orm";
import { articleCategories, articles, authors } from "../../../../db/schema";
import { articleSpec } from "~/lib/content-types/article";
import { formatLongDate } from "~/lib/format";
import { statusText } from "~/lib/publication";
import { readingTimeOf } from "~/lib/reading-time";
import { articleDetailColumns, getArticle, listArticles } from "../content.server";
import { HttpError } from "../../core/http.server";
import type { Database } from "../../core/db.server";
import { listCategories } from "./category.server";
import { defineContentType } from "./define.server";

/** The name of the author `authorId` names, as the article's `author` column keeps it (search, feeds, e-mails, revisions read it). */
const authorNameOf = (authorId: number) => sql<string>`(SELECT ${authors.name} FROM ${authors} WHERE ${authors.id} = ${authorId})`;

/** The authors an article may pick, in their order on About. */
export function listAuthorChoices(db: Database) {
  return db.select({ id: authors.id, name: authors.name }).from(authors).orderBy(asc(authors.position), asc(authors.id));
}

/** Today's calendar date in UTC, the publication date of a new article. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

export const articleServer = defineContentType({
  spec: articleSpec,
  table: articles,
  columns: {
    ...articleDetailColumns,
    status: articles.status,
    publishAt: articles.publishAt,
    createdAt: articles.createdAt,
    updatedAt: articles.updatedAt,
  },
  async listForAdmin(db) {
    const rows = await db
      .select({
        id: articles.id,
        title: articles.title,
        category: articles.category,
        author: articles.author,
        featured: articles.featured,
        publishedDate: articles.publishedDate,
        status: articles.status,
        publishAt: articles.publishAt,
      })
      .from(articles)
      .orderBy(desc(articles.id));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      details: [row.category, row.author, formatLongDate(row.publishedDate)],
      badge: row.featured ? "Featured" : undefined,
      status: { value: row.status, text: statusText(row.status, row.publishAt), at: row.publishAt },
    }));
  },
  listPublic: listArticles,
  getPublic: getArticle,
  // A new article is dated today (a scheduled one takes its publish day when the cron publishes it); an edit keeps its date unless it sends another.
  // The reading time is the writer's override, else computed from the words (app/lib/reading-time.ts); the author's
  // name is kept in step with the chosen author.
  toInsert: (input, now) => ({
    ...input,
    author: authorNameOf(input.authorId),
    readingTime: input.readingTime ?? readingTimeOf(input.content),
    publishedDate: todayUtc(now),
  }),
  toUpdate: ({ publishedDate, ...fields }) => ({
    ...fields,
    author: authorNameOf(fields.authorId),
    readingTime: fields.readingTime ?? readingTimeOf(fields.content),
    ...(publishedDate ? { publishedDate } : {}),
  }),
  // The site's original API took the author by name (`author`): matched to an author, trimmed and in any case;
  // `authorId` wins when both are sent. Anything else is a 400 that lists the authors.
  async apiBody(db, body) {
    if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
    const { author, ...rest } = body as Record<string, unknown>;
    if (rest.authorId !== undefined || author === undefined) return rest;
    const choices = await listAuthorChoices(db);
    const wanted = typeof author === "string" ? author.trim().toLocaleLowerCase("en") : null;
    const matches = wanted ? choices.filter((choice) => choice.name.trim().toLocaleLowerCase("en") === wanted) : [];
    if (matches.length === 1 && matches[0]) return { ...rest, authorId: matches[0].id };
    const names = choices.map((choice) => `${choice.name} (${choice.id})`).join(", ");
    throw new HttpError(
      400,
      matches.length > 1
        ? `The field "author" names more than one author: send "authorId", one of ${names}.`
        : choices.length === 0
          ? 'The field "author" must be the name of an author, and there are none yet: add one in Admin → Authors.'
          : `The field "author" must be the name of an author: one of ${names} (or send "authorId", the number in brackets).`,
      "author",
    );
  },
  async loadOptions(db) {
    const [authorChoices, categories] = await Promise.all([listAuthorChoices(db), listCategories(db)]);
    return {
      authorId: authorChoices.map((author) => ({ value: String(author.id), label: author.name })),
      category: categories.map((category) => ({ value: category.name, label: category.name })),
    };
  },
  async checkInput(db, input) {
    const [author, category] = await db.batch([
      db.select({ id: authors.id }).from(authors).where(eq(authors.id, input.authorId)),
      db.select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.name, input.category)),
    ]);
    if (author.length === 0) throw new HttpError(400, 'The field "authorId" must be the id of an existing author.', "authorId");
    if (category.length === 0) {
      const names = (await listCategories(db)).map((row) => row.name).join(", ");
      throw new HttpError(400, `The field "category" must be one of: ${names} (Admin → Categories).`, "category");
    }
  },
});
