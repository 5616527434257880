/**
 * Drafts and scheduling on the server (articles, practices, courses; app/lib/publication.ts has the statuses and
 * the form's rules; every public read filters with published.server.ts's `isPublished`).
 * The Cron Trigger (workers/app.ts, `PUBLISH_CRON`) calls `publishDueContent`, which publishes what is due.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import { articles, courses, practices } from "../../../db/schema";
import { markContentChanged } from "../core/cache.server";
import type { Database } from "../core/db.server";
import { logEvent } from "../core/log.server";
import { reindexSearchEntry } from "./search.server";

/** Every 5 minutes: a scheduled item appears at most 5 minutes after its time (wrangler.toml, docs/operations.md). */
export const PUBLISH_CRON = "*/5 * * * *";

export type PublishedIds = { article: number[]; practice: number[]; course: number[] };

/**
 * Publishes every scheduled row whose time has come (at `now`), in one atomic batch, so a run that fails publishes
 * nothing and the next run tries again; a row already published is not touched again (running twice is harmless).
 * An article takes its publish day as its publication date, so it appears as the newest on /articles and in the feed.
 * Then it re-indexes what it published for search and records a new content version (cached pages and the isolates'
 * memos refresh).
 */
export async function publishDueContent(db: Database, now: Date): Promise<PublishedIds> {
  const at = now.toISOString();
  const published = { status: "published" as const, updatedAt: at };
  const [article, practice, course] = await db.batch([
    db
      .update(articles)
      .set({ ...published, publishedDate: at.slice(0, 10) })
      .where(and(eq(articles.status, "scheduled"), lte(articles.publishAt, at)))
      .returning({ id: articles.id }),
    db
      .update(practices)
      .set(published)
      .where(and(eq(practices.status, "scheduled"), lte(practices.publishAt, at)))
      .returning({ id: practices.id }),
    db
      .update(courses)
      .set(published)
      .where(and(eq(courses.status, "scheduled"), lte(courses.publishAt, at)))
      .returning({ id: courses.id }),
  ]);
  const ids: PublishedIds = { article: article.map((r) => r.id), practice: practice.map((r) => r.id), course: course.map((r) => r.id) };
  const entries = (Object.keys(ids) as (keyof PublishedIds)[]).flatMap((type) => ids[type].map((id) => [type, id] as const));
  if (entries.length === 0) return ids;
  for (const [type, id] of entries) await reindexSearchEntry(db, type, id);
  await markContentChanged(db);
  logEvent("info", "content.published", {
    articles: ids.article.join(","),
    practices: ids.practice.join(","),
    courses: ids.course.join(","),
  });
  return ids;
}

export type ScheduledItem = { type: keyof PublishedIds; id: number; title: string; publishAt: string };

/** What is scheduled, soonest first (the dashboard's "Scheduled posts": how many, and the next one due). */
export async function listScheduled(db: Database): Promise<ScheduledItem[]> {
  return scheduledItems(await db.batch(scheduledQueries(db)));
}

/** The statements `listScheduled` runs, for a caller that reads them in its own batch (the dashboard: one round trip). */
export function scheduledQueries(db: Database) {
  const scheduled = <T extends typeof articles | typeof practices | typeof courses>(table: T) =>
    db
      .select({ id: table.id, title: table.title, publishAt: table.publishAt })
      .from(table as typeof articles)
      .where(eq(table.status, "scheduled"))
      .orderBy(asc(table.publishAt));
  return [scheduled(articles), scheduled(practices), scheduled(courses)] as const;
}

type ScheduledRow = { id: number; title: string; publishAt: string | null };

export function scheduledItems([article, practice, course]: readonly [ScheduledRow[], ScheduledRow[], ScheduledRow[]]): ScheduledItem[] {
  const items = [
    ...article.map((row) => ({ ...row, type: "article" as const })),
    ...practice.map((row) => ({ ...row, type: "practice" as const })),
    ...course.map((row) => ({ ...row, type: "course" as const })),
  ];
  return items
    .map((item) => ({ ...item, publishAt: item.publishAt ?? "" }))
    .sort((a, b) => a.publishAt.localeCompare(b.publishAt) || a.id - b.id);
}
