/**
 * What the admin reads of the analytics (docs/analytics.md, "The analytics page"): the daily aggregates the analytics
 * queue's consumer writes (analytics_pages, analytics_dimensions, analytics_plays), and the sources stored on
 * enrolments and subscribers. Each read is one D1 batch (one round trip).
 * - "visits" are page views; "unique visitors" are the day's distinct visitor hashes, so a sum over days counts
 *   visitor-days (a person who came on two days counts twice);
 * - a purchase is an order placed in the period that is still paid (as on the dashboard, app/server/admin/dashboard.server.ts);
 * - purchases, their sources and revenue are the owner's: an editor's report has null there.
 */
import { netRevenueCents } from "../payments/revenue.server";
import { type AnyColumn, and, count, desc, eq, gte, inArray, lt, lte, ne, sql, sum } from "drizzle-orm";
import {
  analyticsDimensions,
  analyticsPages,
  analyticsPlays,
  articles,
  courses,
  enrollments,
  newsletterSubscribers,
  practices,
} from "../../../db/schema";
import type { AnalyticsDimension } from "~/lib/analytics";
import { issueCampaign } from "~/lib/analytics-sources";
import { addDays, analyticsRangeSchema, type DayRange, daysOf, lastDays, previousRange, rangeOfQuery, utcDay } from "~/lib/analytics-range";
import { ANALYTICS_TABLES, type AnalyticsTable, type AnalyticsTableName, percentChange, percentText } from "~/lib/analytics-report";
import type { AdminRole } from "~/lib/admin-permissions";
import { formatMoney } from "~/lib/format";
import { CONTENT_TYPE_NAMES } from "~/lib/content-types";
import type { Database } from "../core/db.server";
import { firstIssueMessage } from "../core/http.server";
import { toCsv } from "../core/csv.server";

/** The content types the analytics count per item, and the route pattern of each one's public page. */
export type CountedType = "article" | "practice" | "course";
export const ITEM_PATTERNS: Record<CountedType, string> = {
  article: `/${CONTENT_TYPE_NAMES.article.path}/:id`,
  practice: `/${CONTENT_TYPE_NAMES.practice.path}/:id`,
  course: `/${CONTENT_TYPE_NAMES.course.path}/:id`,
};
/** A course's enrol page (routes/enroll.tsx), the funnel's middle step. */
export const ENROL_PATTERN = `${ITEM_PATTERNS.course}/enroll`;
/** How many days the edit pages' sparklines show. */
export const SPARKLINE_DAYS = 30;
/** How long after an issue is sent its visits, signups and purchases are its own (docs/analytics.md). */
export const ISSUE_ATTRIBUTION_DAYS = 7;

/** The dimensions the top lists show, and the table each fills. */
const DIMENSION_TABLES = {
  referrer: "referrers",
  source: "sources",
  medium: "mediums",
  campaign: "campaigns",
  country: "countries",
  device: "devices",
} as const satisfies Record<Exclude<AnalyticsDimension, "site">, AnalyticsTableName>;
type ListedDimension = keyof typeof DIMENSION_TABLES;

export type Counts = { views: number; visitors: number };
export type DayCounts = Counts & { day: string };
/** A day of the range and the day at the same place in the previous period. */
export type ChartDay = DayCounts & { previousDay: string; previousViews: number; previousVisitors: number };
export type ItemCounts = Counts & { id: string; title: string };
export type PlayCounts = { id: string; title: string; plays: number; completions: number; completionRate: string; minutes: number };
export type FunnelRow = {
  id: string;
  title: string;
  course: Counts;
  enrol: Counts;
  /** Null for an editor. */
  purchases: number | null;
};
export type SourceSales = { source: string; currency: string; purchases: number; cents: number };

const DIRECT = "(direct)";

/** A missing number as zero (SUM over no rows is NULL; D1 may hand a big sum back as a string). */
const n = (value: unknown) => Number(value ?? 0) || 0;
/** The end of a day range as a timestamp bound: created_at < the next day's midnight. */
const endOf = (range: DayRange) => addDays(range.to, 1);
const inDays = (column: AnyColumn, range: DayRange) => and(gte(column, range.from), lte(column, range.to));
/** A deleted item keeps its counts: it is shown by its id. */
const titleOr = (title: string | null, id: string) => title ?? `#${id} (deleted)`;
const paidIn = (range: { from: string; to: string }) =>
  and(eq(enrollments.status, "paid"), gte(enrollments.createdAt, range.from), lt(enrollments.createdAt, range.to));

/** The whole report of the Analytics page for `range` (and the previous period of the same length), in one round trip. */
export async function analyticsReport(db: Database, range: DayRange, role: AdminRole) {
  const previous = previousRange(range);
  const both = { from: previous.from, to: range.to };
  // Sum each page over the days first, then name the few sums: joining the titles row by row (a row per page and day)
  // was most of the 90-day query's time (a join per page and day, 22,500 of them in the bench).
  const pageSums = db
    .select({
      pattern: analyticsPages.pattern,
      id: analyticsPages.contentId,
      views: sum(analyticsPages.views).as("views"),
      visitors: sum(analyticsPages.visitors).as("visitors"),
    })
    .from(analyticsPages)
    .where(and(inDays(analyticsPages.day, range), inArray(analyticsPages.pattern, [...Object.values(ITEM_PATTERNS), ENROL_PATTERN])))
    .groupBy(analyticsPages.pattern, analyticsPages.contentId)
    .as("page_sums");
  const matches = (patterns: string[], id: AnyColumn) => and(inArray(pageSums.pattern, patterns), sql`${id} = ${pageSums.id}`);
  const [siteRows, pageRows, playRows, dimensionRows, purchaseRows, salesRows] = await db.batch([
    db
      .select({ day: analyticsDimensions.day, views: analyticsDimensions.views, visitors: analyticsDimensions.visitors })
      .from(analyticsDimensions)
      .where(and(eq(analyticsDimensions.dimension, "site"), eq(analyticsDimensions.value, ""), inDays(analyticsDimensions.day, both))),
    db
      .select({
        pattern: pageSums.pattern,
        id: pageSums.id,
        views: pageSums.views,
        visitors: pageSums.visitors,
        title: sql<string | null>`coalesce(${articles.title}, ${practices.title}, ${courses.title})`,
      })
      .from(pageSums)
      .leftJoin(articles, matches([ITEM_PATTERNS.article], articles.id))
      .leftJoin(practices, matches([ITEM_PATTERNS.practice], practices.id))
      .leftJoin(courses, matches([ITEM_PATTERNS.course, ENROL_PATTERN], courses.id))
      .orderBy(desc(pageSums.views), pageSums.id),
    db
      .select({
        id: analyticsPlays.practiceId,
        plays: sum(analyticsPlays.plays),
        completions: sum(analyticsPlays.completions),
        seconds: sum(analyticsPlays.secondsListened),
        title: sql<string | null>`max(${practices.title})`,
      })
      .from(analyticsPlays)
      .leftJoin(practices, eq(practices.id, analyticsPlays.practiceId))
      .where(inDays(analyticsPlays.day, range))
      .groupBy(analyticsPlays.practiceId)
      .orderBy(desc(sum(analyticsPlays.plays)), analyticsPlays.practiceId),
    db
      .select({
        dimension: analyticsDimensions.dimension,
        value: analyticsDimensions.value,
        views: sum(analyticsDimensions.views),
        visitors: sum(analyticsDimensions.visitors),
      })
      .from(analyticsDimensions)
      .where(and(ne(analyticsDimensions.dimension, "site"), inDays(analyticsDimensions.day, range)))
      .groupBy(analyticsDimensions.dimension, analyticsDimensions.value)
      .orderBy(desc(sum(analyticsDimensions.views)), analyticsDimensions.value),
    db
      .select({ courseId: enrollments.courseId, purchases: count(), title: sql<string | null>`max(${courses.title})` })
      .from(enrollments)
      .leftJoin(courses, eq(courses.id, enrollments.courseId))
      .where(paidIn({ from: range.from, to: endOf(range) }))
      .groupBy(enrollments.courseId),
    db
      .select({
        source: sql<string>`coalesce(${enrollments.source}, ${DIRECT})`,
        currency: enrollments.currency,
        purchases: count(),
        cents: sum(netRevenueCents),
      })
      .from(enrollments)
      .where(paidIn({ from: range.from, to: endOf(range) }))
      .groupBy(sql`coalesce(${enrollments.source}, ${DIRECT})`, enrollments.currency)
      .orderBy(desc(count()), sql`coalesce(${enrollments.source}, ${DIRECT})`, enrollments.currency),
  ]);
  const owner = role === "owner";

  const byDay = new Map(siteRows.map((row) => [row.day, { views: n(row.views), visitors: n(row.visitors) }]));
  const zero = { views: 0, visitors: 0 };
  const previousDays = daysOf(previous);
  const series: ChartDay[] = daysOf(range).map((day, i) => {
    const previousDay = previousDays[i] ?? day;
    const before = byDay.get(previousDay) ?? zero;
    return { day, ...(byDay.get(day) ?? zero), previousDay, previousViews: before.views, previousVisitors: before.visitors };
  });
  const total = (key: "views" | "visitors" | "previousViews" | "previousVisitors") => series.reduce((acc, day) => acc + day[key], 0);
  const totals = {
    views: total("views"),
    visitors: total("visitors"),
    previousViews: total("previousViews"),
    previousVisitors: total("previousVisitors"),
  };

  const pages = (pattern: string): ItemCounts[] =>
    pageRows
      .filter((row) => row.pattern === pattern)
      .map((row) => ({ id: row.id, title: titleOr(row.title, row.id), views: n(row.views), visitors: n(row.visitors) }));
  const purchasesOf = new Map(purchaseRows.map((row) => [String(row.courseId), n(row.purchases)]));
  const boughtTitle = new Map(purchaseRows.map((row) => [String(row.courseId), titleOr(row.title, String(row.courseId))]));
  const enrolOf = new Map(pages(ENROL_PATTERN).map((row) => [row.id, row]));
  const coursePages = pages(ITEM_PATTERNS.course);
  // Every course with a count in the range: a course page, an enrol page or a purchase.
  const courseIds = [...new Set([...coursePages.map((row) => row.id), ...enrolOf.keys(), ...(owner ? purchasesOf.keys() : [])])];
  const courseOf = new Map(coursePages.map((row) => [row.id, row]));
  const funnel: FunnelRow[] = courseIds
    .map((id) => {
      const page = courseOf.get(id);
      const enrol = enrolOf.get(id);
      return {
        id,
        title: page?.title ?? enrol?.title ?? boughtTitle.get(id) ?? titleOr(null, id),
        course: { views: page?.views ?? 0, visitors: page?.visitors ?? 0 },
        enrol: { views: enrol?.views ?? 0, visitors: enrol?.visitors ?? 0 },
        purchases: owner ? (purchasesOf.get(id) ?? 0) : null,
      };
    })
    .sort((a, b) => b.course.views - a.course.views || b.enrol.views - a.enrol.views || Number(a.id) - Number(b.id));

  const plays: PlayCounts[] = playRows.map((row) => {
    const id = String(row.id);
    return {
      id,
      title: titleOr(row.title, id),
      plays: n(row.plays),
      completions: n(row.completions),
      completionRate: percentText(n(row.completions), n(row.plays)),
      minutes: Math.round(n(row.seconds) / 60),
    };
  });

  const dimensions = Object.fromEntries(
    Object.keys(DIMENSION_TABLES).map((dimension) => [
      dimension,
      dimensionRows
        .filter((row) => row.dimension === dimension)
        .map((row) => ({ value: row.value, views: n(row.views), visitors: n(row.visitors) })),
    ]),
  ) as Record<ListedDimension, { value: string; views: number; visitors: number }[]>;

  const sales: SourceSales[] | null = owner
    ? salesRows.map((row) => ({ source: row.source, currency: row.currency, purchases: n(row.purchases), cents: n(row.cents) }))
    : null;

  return {
    range,
    previous,
    series,
    totals: {
      ...totals,
      viewsChange: percentChange(totals.views, totals.previousViews),
      visitorsChange: percentChange(totals.visitors, totals.previousVisitors),
    },
    articles: pages(ITEM_PATTERNS.article),
    practices: pages(ITEM_PATTERNS.practice),
    plays,
    funnel,
    dimensions,
    sales,
    /** Purchases in the range (owner only). */
    purchases: owner ? [...purchasesOf.values()].reduce((a, b) => a + b, 0) : null,
  };
}

export type AnalyticsReport = Awaited<ReturnType<typeof analyticsReport>>;

/** The report's tables, as the page shows them and the CSV writes them; the owner's tables only for the owner. */
export function reportTables(report: AnalyticsReport, role: AdminRole): AnalyticsTable[] {
  const table = (name: AnalyticsTableName, headings: string[], rows: (string | number)[][]): AnalyticsTable => ({
    name,
    title: ANALYTICS_TABLES[name].title,
    headings,
    rows,
  });
  const owner = role === "owner";
  const items = (name: "articles" | "practices", noun: string, rows: ItemCounts[]) =>
    table(
      name,
      [noun, "Id", "Visits", "Unique visitors"],
      rows.map((r) => [r.title, r.id, r.views, r.visitors]),
    );
  const tables: AnalyticsTable[] = [
    table(
      "daily",
      ["Day", "Visits", "Unique visitors", "Previous period's day", "Visits then", "Unique visitors then"],
      report.series.map((d) => [d.day, d.views, d.visitors, d.previousDay, d.previousViews, d.previousVisitors]),
    ),
    items("articles", "Article", report.articles),
    items("practices", "Practice", report.practices),
    table(
      "plays",
      ["Practice", "Id", "Plays", "Completions", "Completion rate", "Minutes listened"],
      report.plays.map((r) => [r.title, r.id, r.plays, r.completions, r.completionRate, r.minutes]),
    ),
    table(
      "courses",
      [
        "Course",
        "Id",
        "Course page visits",
        "Course page visitors",
        "Enrol page visits",
        "Enrol page visitors",
        "Reached the enrol page",
        ...(owner ? ["Purchases", "Bought (of course page visitors)"] : []),
      ],
      report.funnel.map((r) => [
        r.title,
        r.id,
        r.course.views,
        r.course.visitors,
        r.enrol.views,
        r.enrol.visitors,
        percentText(r.enrol.visitors, r.course.visitors),
        ...(owner ? [r.purchases ?? 0, percentText(r.purchases ?? 0, r.course.visitors)] : []),
      ]),
    ),
    ...Object.entries(DIMENSION_TABLES).map(([dimension, name]) =>
      table(
        name,
        [DIMENSION_HEADINGS[dimension as ListedDimension], "Visits", "Unique visitors"],
        report.dimensions[dimension as ListedDimension].map((r) => [r.value, r.views, r.visitors]),
      ),
    ),
  ];
  if (owner && report.sales)
    tables.push(
      table(
        "purchase-sources",
        ["Source", "Purchases", "Revenue, net of refunds", "Currency", "Revenue in cents, net of refunds"],
        report.sales.map((r) => [r.source, r.purchases, formatMoney(r.cents, r.currency), r.currency.toUpperCase(), r.cents]),
      ),
    );
  return tables;
}

const DIMENSION_HEADINGS: Record<ListedDimension, string> = {
  referrer: "Referring site",
  source: "Source",
  medium: "Medium",
  campaign: "Campaign",
  country: "Country",
  device: "Device",
};

/** The daily counts of one item over the last SPARKLINE_DAYS days, for its edit page: one round trip. */
export async function itemTraffic(db: Database, type: CountedType, id: number, role: AdminRole, now: Date = new Date()) {
  const range = lastDays(SPARKLINE_DAYS, utcDay(now));
  const contentId = String(id);
  const patterns = type === "course" ? [ITEM_PATTERNS.course, ENROL_PATTERN] : [ITEM_PATTERNS[type]];
  const [pageRows, playRows, [purchaseRow]] = await db.batch([
    db
      .select({ day: analyticsPages.day, pattern: analyticsPages.pattern, views: analyticsPages.views, visitors: analyticsPages.visitors })
      .from(analyticsPages)
      .where(and(inDays(analyticsPages.day, range), inArray(analyticsPages.pattern, patterns), eq(analyticsPages.contentId, contentId))),
    db
      .select({
        plays: sum(analyticsPlays.plays),
        completions: sum(analyticsPlays.completions),
        seconds: sum(analyticsPlays.secondsListened),
      })
      .from(analyticsPlays)
      .where(and(inDays(analyticsPlays.day, range), type === "practice" ? eq(analyticsPlays.practiceId, id) : sql`0`)),
    db
      .select({ purchases: count() })
      .from(enrollments)
      .where(and(paidIn({ from: range.from, to: endOf(range) }), type === "course" ? eq(enrollments.courseId, id) : sql`0`)),
  ]);
  const own = pageRows.filter((row) => row.pattern === ITEM_PATTERNS[type]);
  const byDay = new Map(own.map((row) => [row.day, row]));
  const series: DayCounts[] = daysOf(range).map((day) => ({ day, views: n(byDay.get(day)?.views), visitors: n(byDay.get(day)?.visitors) }));
  const sumOf = (rows: readonly Counts[]) => ({
    views: rows.reduce((a, r) => a + n(r.views), 0),
    visitors: rows.reduce((a, r) => a + n(r.visitors), 0),
  });
  const [play] = playRows;
  return {
    range,
    series,
    totals: sumOf(own),
    plays:
      type === "practice"
        ? {
            plays: n(play?.plays),
            completions: n(play?.completions),
            completionRate: percentText(n(play?.completions), n(play?.plays)),
            minutes: Math.round(n(play?.seconds) / 60),
          }
        : null,
    enrol: type === "course" ? sumOf(pageRows.filter((row) => row.pattern === ENROL_PATTERN)) : null,
    purchases: type === "course" && role === "owner" ? n(purchaseRow?.purchases) : null,
  };
}
export type ItemTraffic = Awaited<ReturnType<typeof itemTraffic>>;

/**
 * What a sent newsletter issue brought in the ISSUE_ATTRIBUTION_DAYS days after `sentAt`: the visits of links tagged
 * with its campaign (issue-<id>), counted per UTC day from the sending day through the seventh day after it (the
 * counts are daily); the signups and purchases that carry its campaign, made within 7 × 24 hours of `sentAt`.
 * Purchases are the owner's (null for an editor).
 */
export async function issueAttribution(db: Database, issue: { id: number; sentAt: string }, role: AdminRole) {
  const campaign = issueCampaign(issue.id);
  const sent = new Date(issue.sentAt);
  const until = new Date(sent.getTime() + ISSUE_ATTRIBUTION_DAYS * 86_400_000).toISOString();
  const days = { from: utcDay(sent), to: until.slice(0, 10) };
  const window = { from: sent.toISOString(), to: until };
  const [[visits], [signups], [purchases]] = await db.batch([
    db
      .select({ views: sum(analyticsDimensions.views), visitors: sum(analyticsDimensions.visitors) })
      .from(analyticsDimensions)
      .where(
        and(eq(analyticsDimensions.dimension, "campaign"), eq(analyticsDimensions.value, campaign), inDays(analyticsDimensions.day, days)),
      ),
    db
      .select({ n: count() })
      .from(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.campaign, campaign),
          gte(newsletterSubscribers.createdAt, window.from),
          lt(newsletterSubscribers.createdAt, window.to),
        ),
      ),
    db
      .select({ n: count() })
      .from(enrollments)
      .where(and(paidIn(window), eq(enrollments.campaign, campaign))),
  ]);
  return {
    campaign,
    until,
    visits: n(visits?.views),
    visitors: n(visits?.visitors),
    signups: n(signups?.n),
    purchases: role === "owner" ? n(purchases?.n) : null,
  };
}
export type IssueAttribution = Awaited<ReturnType<typeof issueAttribution>>;

/**
 * The dashboard's traffic for its week and month (UTC days from each start to today), in one statement to add to its
 * batch: visits and unique visitors of the whole site, and the course pages' unique visitors (the conversion rate's
 * denominator; its numerator is the period's purchases, the dashboard's enrolments).
 */
export function dashboardTrafficQuery(db: Database, starts: { week: string; month: string }) {
  const week = starts.week.slice(0, 10);
  const month = starts.month.slice(0, 10);
  const [since = week] = [week, month].sort();
  const site = (start: string, column: "views" | "visitors") =>
    sql<number>`coalesce(sum(case when ${analyticsDimensions.day} >= ${start} then ${analyticsDimensions[column]} else 0 end), 0)`;
  const courseVisitors = (start: string) =>
    sql<number>`coalesce((select sum(${analyticsPages.visitors}) from ${analyticsPages} where ${analyticsPages.day} >= ${start} and ${analyticsPages.pattern} = ${ITEM_PATTERNS.course}), 0)`;
  return db
    .select({
      weekVisits: site(week, "views").as("week_visits"),
      weekVisitors: site(week, "visitors").as("week_visitors"),
      monthVisits: site(month, "views").as("month_visits"),
      monthVisitors: site(month, "visitors").as("month_visitors"),
      weekCourseVisitors: courseVisitors(week).as("week_course_visitors"),
      monthCourseVisitors: courseVisitors(month).as("month_course_visitors"),
    })
    .from(analyticsDimensions)
    .where(and(eq(analyticsDimensions.dimension, "site"), gte(analyticsDimensions.day, since)));
}

/** The range a page or CSV query names (`?range=` or `?from=&to=`), or the sentence saying what is wrong with it. */
export function rangeFromQuery(query: URLSearchParams, now: Date = new Date()) {
  const parsed = analyticsRangeSchema.safeParse(Object.fromEntries(query));
  if (!parsed.success) return { ok: false as const, message: firstIssueMessage(parsed.error) };
  return { ok: true as const, range: rangeOfQuery(parsed.data, utcDay(now)) };
}

/** One table of the report as a CSV file: a first line naming it and its range, then the headings and the rows. */
export function analyticsCsv(table: AnalyticsTable, range: DayRange) {
  return {
    fileName: `analytics-${table.name}-${range.from}-to-${range.to}.csv`,
    body: `# ${table.title}; UTC days ${range.from} to ${range.to}\r\n${toCsv([table.headings, ...table.rows])}`,
  };
}
