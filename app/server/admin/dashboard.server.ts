/**
 * The dashboard's figures and recent activity, computed live from D1 in one batch (one round trip).
 * Periods are UTC: "this week" is the ISO week (from Monday 00:00 UTC), "this month" the calendar month (from the 1st
 * 00:00 UTC), both up to now. Definitions (docs/admin.md):
 * - revenue: what orders placed in the period and still paid brought in, net of partial refunds, per currency (a refunded order counts nowhere);
 * - enrolments: orders placed in the period that are still paid;
 * - course completions: a learner's last lesson of a course completed in the period (every lesson of it done),
 *   whether or not they took the certificate;
 * - new subscribers: addresses confirmed in the period and still confirmed (pending and unsubscribed count nowhere);
 * - unread messages: contact messages not marked handled (the inbox has no separate "read" flag);
 * - visits, unique visitors and the conversion rate (the period's enrolments ÷ the course pages' unique visitors): the
 *   analytics' daily counts from the period's first UTC day (docs/analytics.md, "The analytics page").
 */
import { netRevenueCents } from "../payments/revenue.server";
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
import { dashboardTrafficQuery } from "../analytics/reports.server";
import { percentText } from "~/lib/analytics-report";

/** A subscriber joins when they confirm (addresses from before double opt-in have their signup time there too). */
const subscribedAt = sql<string>`coalesce(${newsletterSubscribers.confirmedAt}, ${newsletterSubscribers.createdAt})`;
export const RECENT_ACTIVITY_LIMIT = 8;

export type ActivityKind = "article" | "practice" | "resource" | "subscriber" | "enrollment" | "message";
export type ActivityItem = { kind: ActivityKind; text: string; href: string | null; at: string; ago: string };

/** An amount of money in one currency: minor units (cents) and the lower-case ISO code Stripe uses. */
export type Revenue = { currency: string; cents: number };
export type PeriodFigures = {
  revenue: Revenue[];
  enrollments: number;
  completions: number;
  newSubscribers: number;
  /** Page views, and the days' unique visitors summed (visitor-days). */
  visits: number;
  visitors: number;
  /** Enrolments ÷ the course pages' unique visitors, as "2.5%" ("–" with no course page visitor). */
  conversion: string;
};

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

/** The periods' starts, and the earlier of the two (a week may begin in the previous month): the reads go back to it. */
type Periods = { week: string; month: string; since: string };

/**
 * The dashboard, read in one D1 batch (one round trip): the figures in one statement, the revenue per currency, the
 * latest items of each kind for the recent activity, and the scheduled items.
 */
export async function getDashboard(db: Database, now: Date = new Date()) {
  const { week, month } = periodStarts(now);
  const [since = week] = [week, month].sort(); // the earlier of the two: a week may begin in the previous month
  const periods: Periods = { week, month, since };
  const [
    [counts],
    [traffic],
    revenueRows,
    articleRows,
    practiceRows,
    resourceRows,
    subscriberRows,
    enrollmentRows,
    messageRows,
    ...scheduledRows
  ] = await db.batch([
    figuresQuery(db, periods),
    dashboardTrafficQuery(db, periods),
    revenueQuery(db, periods),
    ...recentActivityQueries(db, RECENT_ACTIVITY_LIMIT),
    ...scheduledQueries(db),
  ]);
  const recent = {
    articles: articleRows,
    practices: practiceRows,
    resources: resourceRows,
    subscribers: subscriberRows,
    enrollments: enrollmentRows,
    messages: messageRows,
  };
  // How many articles, practices and courses are scheduled, and the next one due.
  const scheduled = scheduledItems(scheduledRows);
  return {
    figures: dashboardFigures(counts, revenueRows, traffic),
    periods: { weekStart: week, monthStart: month },
    activity: recentActivity(recent, now),
    scheduled: { count: scheduled.length, next: scheduled[0] ?? null },
  };
}

/** Orders placed since `since` and still paid: the period figures' enrolments and revenue. */
const paidSince = (since: string) => and(eq(enrollments.status, "paid"), gte(enrollments.createdAt, since));

/**
 * Each learner's courses with every lesson completed, and when the last one was; the lesson count is per course. The outer
 * course_id is qualified by hand: over one table drizzle writes bare names, which the subquery would read as its own.
 */
function finishedCoursesQuery(db: Database) {
  const courseLessonCount = sql`(select count(*) from ${lessons} inner join ${courseModules} on ${courseModules.id} = ${lessons.moduleId}
    where ${courseModules.courseId} = ${lessonProgress}.${sql.identifier(lessonProgress.courseId.name)})`;
  return db
    .select({ finishedAt: sql<string>`max(${lessonProgress.completedAt})`.as("finished_at") })
    .from(lessonProgress)
    .groupBy(lessonProgress.email, lessonProgress.courseId)
    .having(sql`count(${lessonProgress.completedAt}) > 0 and count(${lessonProgress.completedAt}) = ${courseLessonCount}`)
    .as("finished_courses");
}

/** The period figures' counts from `start` on (of the rows since the earlier period's start): enrolments, completions, new subscribers. */
function periodCountQueries(db: Database, since: string) {
  const periodCount = (column: unknown, start: string) => sql`coalesce(sum(case when ${column} >= ${start} then 1 else 0 end), 0)`;
  const finishedCourses = finishedCoursesQuery(db);
  const confirmedSince = and(eq(newsletterSubscribers.status, "confirmed"), gte(subscribedAt, since));
  return {
    enrolmentsIn: (start: string) =>
      db
        .select({ n: periodCount(enrollments.createdAt, start) })
        .from(enrollments)
        .where(paidSince(since)),
    completionsIn: (start: string) =>
      db
        .select({ n: periodCount(finishedCourses.finishedAt, start) })
        .from(finishedCourses)
        .where(gte(finishedCourses.finishedAt, since)),
    subscribersIn: (start: string) =>
      db
        .select({ n: periodCount(subscribedAt, start) })
        .from(newsletterSubscribers)
        .where(confirmedSince),
  };
}

/**
 * Every figure in one statement, each a scalar subquery: each statement of a batch costs D1 its own work, so eleven
 * counts were eleven. Each is named: D1 keys a row's values by column name, and two figures' expressions differ only in
 * their bound parameters.
 */
function figuresQuery(db: Database, { week, month, since }: Periods) {
  const scalar = (name: string, query: { getSQL(): SQL }) => sql<number>`coalesce((${query}), 0)`.as(name);
  const { enrolmentsIn, completionsIn, subscribersIn } = periodCountQueries(db, since);
  return db
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
    .from(sql`(select 1)`);
}

/** The orders still paid, net of what was refunded of them, per currency, in each period. */
function revenueQuery(db: Database, { week, month, since }: Periods) {
  return db
    .select({
      currency: enrollments.currency,
      week: sql<number>`coalesce(sum(case when ${enrollments.createdAt} >= ${week} then ${netRevenueCents} else 0 end), 0)`.as("week"),
      month: sql<number>`coalesce(sum(case when ${enrollments.createdAt} >= ${month} then ${netRevenueCents} else 0 end), 0)`.as("month"),
    })
    .from(enrollments)
    .where(paidSince(since))
    .groupBy(enrollments.currency)
    .orderBy(enrollments.currency);
}

/** The latest `n` of each kind the recent activity lists: articles, practices, resources, subscribers, enrolments, messages. */
function recentActivityQueries(db: Database, n: number) {
  return [
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
  ] as const;
}

type FigureCounts = Record<Exclude<keyof DashboardFigures, "thisWeek" | "thisMonth">, number> &
  Record<`${"week" | "month"}${"Enrollments" | "Completions" | "Subscribers"}`, number>;

type TrafficCounts = Record<`${"week" | "month"}${"Visits" | "Visitors" | "CourseVisitors"}`, number>;

/** The figures from the one statement's row (none: zeros) and the revenue rows. */
function dashboardFigures(
  counts: FigureCounts | undefined,
  revenueRows: readonly { currency: string; week: number; month: number }[],
  traffic: TrafficCounts | undefined,
): DashboardFigures {
  const figure = (name: keyof FigureCounts) => Number(counts?.[name] ?? 0);
  const visits = (name: keyof TrafficCounts) => Number(traffic?.[name] ?? 0);
  const period = (key: "week" | "month"): PeriodFigures => ({
    revenue: revenueRows.filter((row) => row[key] > 0).map((row) => ({ currency: row.currency, cents: row[key] })),
    enrollments: figure(`${key}Enrollments`),
    completions: figure(`${key}Completions`),
    newSubscribers: figure(`${key}Subscribers`),
    visits: visits(`${key}Visits`),
    visitors: visits(`${key}Visitors`),
    conversion: percentText(figure(`${key}Enrollments`), visits(`${key}CourseVisitors`)),
  });
  return {
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
}

type Row = { id: number; at: string };
type RecentRows = {
  articles: (Row & { title: string })[];
  practices: (Row & { title: string })[];
  resources: (Row & { title: string })[];
  subscribers: (Row & { email: string })[];
  enrollments: (Row & { email: string; course: string })[];
  messages: (Row & { name: string; subject: string })[];
};
type ActivityEvent = Omit<ActivityItem, "ago"> & { order: number };

/** Each latest row as what the activity says of it, where it links, and when (`order`: its id, for rows of the same time). */
function activityEvents(recent: RecentRows): ActivityEvent[] {
  const event = (kind: ActivityKind, row: Row, text: string, href: string): ActivityEvent => ({
    kind,
    text,
    href,
    at: row.at,
    order: row.id,
  });
  return [
    ...recent.articles.map((r) => event("article", r, `Article created: ${r.title}`, `/admin/articles/${r.id}`)),
    ...recent.practices.map((r) => event("practice", r, `Practice created: ${r.title}`, `/admin/practices/${r.id}`)),
    ...recent.resources.map((r) => event("resource", r, `Resource added: ${r.title}`, `/admin/resources/${r.id}`)),
    ...recent.subscribers.map((r) => event("subscriber", r, `New newsletter subscriber: ${r.email}`, "/admin/subscribers")),
    ...recent.enrollments.map((r) =>
      event("enrollment", r, r.email ? `${r.email} enrolled in ${r.course}` : `New enrolment in ${r.course}`, `/admin/orders/${r.id}`),
    ),
    ...recent.messages.map((r) => event("message", r, `Message from ${r.name}: ${r.subject}`, `/admin/messages/${r.id}`)),
  ];
}

/** The newest events of every kind together, newest first (the later id first at the same time), with how long ago. */
function recentActivity(recent: RecentRows, now: Date): ActivityItem[] {
  const events = activityEvents(recent);
  events.sort((a, b) => (a.at === b.at ? b.order - a.order : a.at < b.at ? 1 : -1));
  return events.slice(0, RECENT_ACTIVITY_LIMIT).map(({ order: _order, ...event }) => ({ ...event, ago: timeAgo(event.at, now) }));
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
