/**
 * The one published filter of every public read (pages, the JSON API, the sitemap, the feed, search and its index,
 * home sections, next links, list counts, the newsletter's article picker): a draft or a scheduled article, practice
 * or course is on none of them. Kept apart from publication.server.ts, which imports the search index's module.
 */
import { eq } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** The row is published (not a draft, not still scheduled). */
export const isPublished = (table: { status: SQLiteColumn }) => eq(table.status, "published");

/** The same condition in plain SQL, for the search index's reads (run through `wrangler d1 execute` as well). */
export const PUBLISHED_SQL = "status = 'published'";
