import { desc } from "drizzle-orm";
import { articles } from "../../../../db/schema";
import { articleSpec } from "~/lib/content-types/article";
import { formatLongDate } from "~/lib/format";
import { statusText } from "~/lib/publication";
import { readingTimeOf } from "~/lib/reading-time";
import { articleDetailColumns, getArticle, listArticles } from "../content.server";
import { defineContentType } from "./define.server";

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
      status: { value: row.status, text: statusText(row.status, row.publishAt) },
    }));
  },
  listPublic: listArticles,
  getPublic: getArticle,
  // A new article is dated today (a scheduled one takes its publish day when the cron publishes it); an edit keeps its date unless it sends another.
  // The reading time is the writer's override, else computed from the words (app/lib/reading-time.ts).
  toInsert: (input, now) => ({ ...input, readingTime: input.readingTime ?? readingTimeOf(input.content), publishedDate: todayUtc(now) }),
  toUpdate: ({ publishedDate, ...fields }) => ({
    ...fields,
    readingTime: fields.readingTime ?? readingTimeOf(fields.content),
    ...(publishedDate ? { publishedDate } : {}),
  }),
});
