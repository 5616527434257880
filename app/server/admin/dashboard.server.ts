/**
 * The dashboard's figures and recent activity, computed live from D1 in one batch (one round trip).
 * Periods are UTC: "this week" is the ISO week (from Monday 00:00 UTC), "this month" the calendar month (from the 1st
 * 00:00 UTC), both up to now. Definitions (docs/admin.md):
 * - revenue: the amounts of orders placed in the period that are still paid, per currency (a refunded order counts nowhere);
 * - enrolments: orders placed in the period that are still paid;
 * - course completions: a learner's last lesson of a course completed in the period (every lesson of it done),
 *   whether or not they took the certificate;
 * - new subscribers: addresses confirmed in the period and still confirmed (pending and unsubscribed count nowhere);
 * - unread messages: contact messages not marked handled (the inbox has no separate "read" flag).
 */
import { count, countDistinct, desc, eq, gte, and, ne, type SQL, sql } from "drizzle-orm";
import {
  articles,
  contactMessages,
  courseModules,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  newsletterSubscribers,
  practices,
  resources,
} from "../../../db/schema";
import { formatLongDate } from "~/lib/format";
import type { Database } from "../core/db.server";
import { unhandledMessagesQuery } from "./inbox.server";
import { scheduledItems, scheduledQueries } from "../content/publication.server";

/** A subscriber joins when they confirm (addresses from before double opt-in have their signup time there too). */
const subscribedAt = sql<string>`coalesce(${newsletterSubscribers.confirmedAt}, ${newsletterSubscribers.createdAt})`;
export const RECENT_ACTIVITY_LIMIT = 8;

export type ActivityKind = "article" | "practice" | "resource" | "subscriber" | "enrollment" | "message";
export type ActivityItem = { kind: ActivityKind; text: string; href: string | null; at: string; ago: string };

/** An amount of money in one currency: minor units (cents) and the lower-case ISO code Stripe uses. */
export type Revenue = { currency: string; cents: number };
export type PeriodFigures = { revenue: Revenue[]; enrollments: number; completions: number; newSubscribers: number };

export type DashboardFigures = {
  articles: number;
  practices: number;
  resources: number;
  courses: number;
  /** Confirmed newsletter subscribers, all time. */
  subscribers: number;
  /** Distinct buyer addresses, all time (the Users page lists them). */
  learners: number;
  /** Every order, all time, whatever its status. */
  enrollments: number;
  thisWeek: PeriodFigures;
  thisMonth: PeriodFigures;
  unreadMessages: number;
};

/** The start of the ISO week (Monday 00:00 UTC) and of the calendar month (the 1st 00:00 UTC) holding `now`. */
export function periodStarts(now: Date) {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  return {
    week: new Date(Date.UTC(y, m, now.getUTCDate() - daysSinceMonday)).toISOString(),
    month: new Date(Date.UTC(y, m, 1)).toISOString(),
  };
}

export async function getDashboard(db: Database, now: Date = new Date()) {
  const { week, month } = periodStarts(now);
  const [since = week] = [week, month].sort(); // the earlier of the two: a week may begin in the previous month
  const n = RECENT_ACTIVITY_LIMIT;
  const paidSince = and(eq(enrollments.status, "paid"), gte(enrollments.createdAt, since));
  /**
   * Each learner's courses with every lesson completed, and when the last one was; the lesson count is per course. The outer
   * course_id is qualified by hand: over one table drizzle writes bare names, which the subquery would read as its own.
   */
  const courseLessonCount = sql`(select count(*) from ${lessons} inner join ${courseModules} on ${courseModules.id} = ${lessons.moduleId}
    where ${courseModules.courseId} = ${lessonProgress}.${sql.identifier(lessonProgress.courseId.name)})`;
  const finishedCourses = db
    .select({ finishedAt: sql<string>`max(${lessonProgress.completedAt})`.as("finished_at") })
    .from(lessonProgress)
    .groupBy(lessonProgress.email, lessonProgress.courseId)
    .having(sql`count(${lessonProgress.completedAt}) > 0 and count(${lessonProgress.completedAt}) = ${courseLessonCount}`)
    .as("finished_courses");
  const confirmedSince = and(eq(newsletterSubscribers.status, "confirmed"), gte(subscribedAt, since));
  /**
   * A figure as a scalar subquery of the one statement that reads them all, named: D1 keys a row's values by column name,
   * and two figures' expressions differ only in their bound parameters.
   */
  const scalar = (name: string, query: { getSQL(): SQL }) => sql<number>`coalesce((${query}), 0)`.as(name);
  const periodCount = (column: unknown, start: string) => sql`coalesce(sum(case when ${column} >= ${start} then 1 else 0 end), 0)`;
  const enrolmentsIn = (start: string) =>
    db
      .select({ n: periodCount(enrollments.createdAt, start) })
      .from(enrollments)
      .where(paidSince);
  const completionsIn = (start: string) =>
    db
      .select({ n: periodCount(finishedCourses.finishedAt, start) })
      .from(finishedCourses)
      .where(gte(finishedCourses.finishedAt, since));
  const subscribersIn = (start: string) =>
    db
      .select({ n: periodCount(subscribedAt, start) })
      .from(newsletterSubscribers)
      .where(confirmedSince);
  const [
    [counts],
    revenueRows,
    latestArticles,
    latestPractices,
    latestResources,
    latestSubscribers,
    latestEnrollments,
    latestMessages,
    ...scheduledRows
  ] = await db.batch([
    // Every figure in one statement: each statement of a batch costs D1 its own work, so eleven counts were eleven.
    db
      .select({
        articles: scalar("articles", db.select({ n: count() }).from(articles)),
        practices: scalar("practices", db.select({ n: count() }).from(practices)),
        resources: scalar("resources", db.select({ n: count() }).from(resources)),
        courses: scalar("courses", db.select({ n: count() }).from(courses)),
        subscribers: scalar(
          "subscribers",
          db.select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.status, "confirmed")),
        ),
        learners: scalar(
          "learners",
          db
            .select({ n: countDistinct(enrollments.email) })
            .from(enrollments)
            .where(ne(enrollments.email, "")),
        ),
        enrollments: scalar("enrollments", db.select({ n: count() }).from(enrollments)),
        unreadMessages: scalar("unread_messages", unhandledMessagesQuery(db)),
        weekEnrollments: scalar("week_enrollments", enrolmentsIn(week)),
        monthEnrollments: scalar("month_enrollments", enrolmentsIn(month)),
        weekCompletions: scalar("week_completions", completionsIn(week)),
        monthCompletions: scalar("month_completions", completionsIn(month)),
        weekSubscribers: scalar("week_subscribers", subscribersIn(week)),
        monthSubscribers: scalar("month_subscribers", subscribersIn(month)),
      })
      .from(sql`(select 1)`),
    db
      .select({
        currency: enrollments.currency,
        week: sql<number>`coalesce(sum(case when ${enrollments.createdAt} >= ${week} then ${enrollments.amountCents} else 0 end), 0)`.as(
          "week",
        ),
        month: sql<number>`coalesce(sum(case when ${enrollments.createdAt} >= ${month} then ${enrollments.amountCents} else 0 end), 0)`.as(
          "month",
        ),
      })
      .from(enrollments)
      .where(paidSince)
      .groupBy(enrollments.currency)
      .orderBy(enrollments.currency),
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
    ...scheduledQueries(db),
  ]);

  const figure = (name: keyof NonNullable<typeof counts>) => Number(counts?.[name] ?? 0);
  const period = (key: "week" | "month"): PeriodFigures => ({
    revenue: revenueRows.filter((row) => row[key] > 0).map((row) => ({ currency: row.currency, cents: row[key] })),
    enrollments: figure(`${key}Enrollments`),
    completions: figure(`${key}Completions`),
    newSubscribers: figure(`${key}Subscribers`),
  });
  const figures: DashboardFigures = {
    articles: figure("articles"),
    practices: figure("practices"),
    resources: figure("resources"),
    courses: figure("courses"),
    subscribers: figure("subscribers"),
    learners: figure("learners"),
    enrollments: figure("enrollments"),
    thisWeek: period("week"),
    thisMonth: period("month"),
    unreadMessages: figure("unreadMessages"),
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

  // How many articles, practices and courses are scheduled, and the next one due.
  const scheduled = scheduledItems(scheduledRows);
  return {
    figures,
    periods: { weekStart: week, monthStart: month },
    activity,
    scheduled: { count: scheduled.length, next: scheduled[0] ?? null },
  };
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
