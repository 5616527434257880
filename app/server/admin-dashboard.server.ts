/**
 * The dashboard's figures and recent activity, computed live from D1 in one batch.
 * "Users" are confirmed newsletter subscribers: visitors have no accounts (the card says so); pending and
 * unsubscribed addresses count nowhere.
 */
import { count, desc, eq, gte, sql } from "drizzle-orm";
import { articles, contactMessages, courses, enrollments, newsletterSubscribers, practices, resources } from "../../db/schema";
import { formatLongDate } from "~/lib/format";
import type { Database } from "./db.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A subscriber joins when they confirm (addresses from before double opt-in have their signup time there too). */
const subscribedAt = sql<string>`coalesce(${newsletterSubscribers.confirmedAt}, ${newsletterSubscribers.createdAt})`;
export const RECENT_ACTIVITY_LIMIT = 8;

export type ActivityKind = "article" | "practice" | "resource" | "subscriber" | "enrollment" | "message";
export type ActivityItem = { kind: ActivityKind; text: string; href: string | null; at: string; ago: string };

export type DashboardFigures = {
  articles: number;
  practices: number;
  resources: number;
  courses: number;
  users: number;
  enrollments: number;
  enrollmentsThisWeek: number;
  unhandledMessages: number;
};

export async function getDashboard(db: Database, now: Date = new Date()) {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const n = RECENT_ACTIVITY_LIMIT;
  const [
    [articleCount],
    [practiceCount],
    [resourceCount],
    [courseCount],
    [userCount],
    [enrollmentCount],
    [enrollmentWeekCount],
    [unhandledCount],
    latestArticles,
    latestPractices,
    latestResources,
    latestSubscribers,
    latestEnrollments,
    latestMessages,
  ] = await db.batch([
    db.select({ n: count() }).from(articles),
    db.select({ n: count() }).from(practices),
    db.select({ n: count() }).from(resources),
    db.select({ n: count() }).from(courses),
    db.select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.status, "confirmed")),
    db.select({ n: count() }).from(enrollments),
    db.select({ n: count() }).from(enrollments).where(gte(enrollments.createdAt, weekAgo)),
    db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.handled, false)),
    db
      .select({ id: articles.id, title: articles.title, at: articles.createdAt })
      .from(articles)
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(n),
    db
      .select({ id: practices.id, title: practices.title, at: practices.createdAt })
      .from(practices)
      .orderBy(desc(practices.createdAt), desc(practices.id))
      .limit(n),
    db
      .select({ id: resources.id, title: resources.title, at: resources.createdAt })
      .from(resources)
      .orderBy(desc(resources.createdAt), desc(resources.id))
      .limit(n),
    db
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, at: subscribedAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, "confirmed"))
      .orderBy(desc(subscribedAt), desc(newsletterSubscribers.id))
      .limit(n),
    db
      .select({
        id: enrollments.id,
        courseId: enrollments.courseId,
        course: courses.title,
        email: enrollments.email,
        at: enrollments.createdAt,
      })
      .from(enrollments)
      .innerJoin(courses, eq(enrollments.courseId, courses.id))
      .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
      .limit(n),
    db
      .select({ id: contactMessages.id, name: contactMessages.name, subject: contactMessages.subject, at: contactMessages.createdAt })
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(n),
  ]);

  const figures: DashboardFigures = {
    articles: articleCount?.n ?? 0,
    practices: practiceCount?.n ?? 0,
    resources: resourceCount?.n ?? 0,
    courses: courseCount?.n ?? 0,
    users: userCount?.n ?? 0,
    enrollments: enrollmentCount?.n ?? 0,
    enrollmentsThisWeek: enrollmentWeekCount?.n ?? 0,
    unhandledMessages: unhandledCount?.n ?? 0,
  };

  type Event = Omit<ActivityItem, "ago"> & { order: number };
  const events: Event[] = [
    ...latestArticles.map((r) => ({
      kind: "article" as const,
      text: `Article created: ${r.title}`,
      href: `/admin/articles/${r.id}`,
      at: r.at,
      order: r.id,
    })),
    ...latestPractices.map((r) => ({
      kind: "practice" as const,
      text: `Practice created: ${r.title}`,
      href: `/admin/practices/${r.id}`,
      at: r.at,
      order: r.id,
    })),
    ...latestResources.map((r) => ({
      kind: "resource" as const,
      text: `Resource added: ${r.title}`,
      href: `/admin/resources/${r.id}`,
      at: r.at,
      order: r.id,
    })),
    ...latestSubscribers.map((r) => ({
      kind: "subscriber" as const,
      text: `New newsletter subscriber: ${r.email}`,
      href: "/admin/subscribers",
      at: r.at,
      order: r.id,
    })),
    ...latestEnrollments.map((r) => ({
      kind: "enrollment" as const,
      text: r.email ? `${r.email} enrolled in ${r.course}` : `New enrolment in ${r.course}`,
      href: `/admin/orders/${r.id}`,
      at: r.at,
      order: r.id,
    })),
    ...latestMessages.map((r) => ({
      kind: "message" as const,
      text: `Message from ${r.name}: ${r.subject}`,
      href: `/admin/messages/${r.id}`,
      at: r.at,
      order: r.id,
    })),
  ];
  events.sort((a, b) => (a.at === b.at ? b.order - a.order : a.at < b.at ? 1 : -1));
  const activity: ActivityItem[] = events.slice(0, n).map(({ order: _order, ...event }) => ({ ...event, ago: timeAgo(event.at, now) }));

  return { figures, activity };
}

/** "just now", "5 minutes ago", "2 hours ago", "3 days ago", then the date ("March 5, 2025"). */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const seconds = Math.max(0, Math.floor((now.getTime() - then) / 1000));
  const plural = (value: number, unit: string) => `${value} ${unit}${value === 1 ? "" : "s"} ago`;
  if (seconds < 60) return "just now";
  if (seconds < 3600) return plural(Math.floor(seconds / 60), "minute");
  if (seconds < 86_400) return plural(Math.floor(seconds / 3600), "hour");
  if (seconds < 7 * 86_400) return plural(Math.floor(seconds / 86_400), "day");
  return formatLongDate(iso);
}
