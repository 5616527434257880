import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { countingD1 } from "../../../tests/support/counting-d1";
import { insertRow, seedTestDb, testDb } from "../../../tests/support/db";
import { getDb } from "../core/db.server";
import { ENROL_PATTERN, ITEM_PATTERNS, analyticsReport, issueAttribution, itemTraffic, reportTables } from "./reports.server";

const RANGE = { from: "2026-11-01", to: "2026-11-03" };
const site = (day: string, views: number, visitors: number) =>
  insertRow("analytics_dimensions", { day, dimension: "site", value: "", views, visitors });
const dimension = (day: string, name: string, value: string, views: number, visitors = views) =>
  insertRow("analytics_dimensions", { day, dimension: name, value, views, visitors });
const page = (day: string, pattern: string, id: number | string, views: number, visitors = views) =>
  insertRow("analytics_pages", { day, pattern, content_id: String(id), views, visitors });
let paymentIntent = 0;
const order = (
  createdAt: string,
  fields: { course?: number; status?: string; source?: string | null; campaign?: string | null; cents?: number } = {},
) =>
  insertRow("enrollments", {
    course_id: fields.course ?? 1,
    payment_intent_id: `pi_report_${++paymentIntent}`,
    amount_cents: fields.cents ?? 4900,
    status: fields.status ?? "paid",
    created_at: createdAt,
    source: fields.source ?? null,
    campaign: fields.campaign ?? null,
  });
let subscriber = 0;
const signup = (createdAt: string, campaign: string | null) =>
  insertRow("newsletter_subscribers", {
    email: `reader-${++subscriber}@example.com`,
    unsubscribe_token: `token-${subscriber}`,
    created_at: createdAt,
    campaign,
  });
const titleOf = async (table: string, id: number) =>
  (await env.DB.prepare(`SELECT title FROM ${table} WHERE id = ?`).bind(id).first<{ title: string }>())?.title;

beforeEach(async () => {
  await seedTestDb();
  // The test file shares one database: each test starts without counts, orders or subscribers.
  await env.DB.batch(
    ["analytics_pages", "analytics_dimensions", "analytics_plays", "enrollments", "newsletter_subscribers"].map((table) =>
      env.DB.prepare(`DELETE FROM ${table}`),
    ),
  );
});

describe("analyticsReport", () => {
  it("reads everything in one round trip (one batch)", async () => {
    const d1 = countingD1();
    await d1.run(() => analyticsReport(getDb(), RANGE, "owner"));
    expect(d1.trips.map((trip) => trip.length)).toEqual([6]);
  });

  it("sums the site's days in the range, day by day against the previous period of the same length", async () => {
    await env.DB.batch([
      site("2026-10-28", 50, 50), // before the previous period
      site("2026-10-30", 5, 4),
      site("2026-11-01", 10, 7),
      site("2026-11-03", 6, 5),
      site("2026-11-04", 100, 100), // after the range
      dimension("2026-11-01", "device", "mobile", 9), // another dimension is not the site
    ]);
    const report = await analyticsReport(testDb(), RANGE, "editor");
    expect(report.previous).toEqual({ from: "2026-10-29", to: "2026-10-31" });
    expect(report.series).toEqual([
      { day: "2026-11-01", views: 10, visitors: 7, previousDay: "2026-10-29", previousViews: 0, previousVisitors: 0 },
      { day: "2026-11-02", views: 0, visitors: 0, previousDay: "2026-10-30", previousViews: 5, previousVisitors: 4 },
      { day: "2026-11-03", views: 6, visitors: 5, previousDay: "2026-10-31", previousViews: 0, previousVisitors: 0 },
    ]);
    expect(report.totals).toEqual({
      views: 16,
      visitors: 12,
      previousViews: 5,
      previousVisitors: 4,
      viewsChange: 220,
      visitorsChange: 200,
    });
  });

  it("lists articles and practices by visits in the range, titled, a deleted one by its id", async () => {
    await env.DB.batch([
      page("2026-11-01", ITEM_PATTERNS.article, 1, 3),
      page("2026-11-02", ITEM_PATTERNS.article, 1, 4, 3),
      page("2026-11-03", ITEM_PATTERNS.article, 2, 9, 8),
      page("2026-11-03", ITEM_PATTERNS.article, 999, 2),
      page("2026-10-31", ITEM_PATTERNS.article, 999, 50), // before the range
      page("2026-11-02", ITEM_PATTERNS.practice, 1, 5),
      page("2026-11-02", "/about", "", 70),
    ]);
    const report = await analyticsReport(testDb(), RANGE, "editor");
    expect(report.articles).toEqual([
      { id: "2", title: await titleOf("articles", 2), views: 9, visitors: 8 },
      { id: "1", title: await titleOf("articles", 1), views: 7, visitors: 6 },
      { id: "999", title: "#999 (deleted)", views: 2, visitors: 2 },
    ]);
    expect(report.practices).toEqual([{ id: "1", title: await titleOf("practices", 1), views: 5, visitors: 5 }]);
  });

  it("counts plays, the completion rate and the minutes listened per practice", async () => {
    await env.DB.batch([
      insertRow("analytics_plays", { day: "2026-11-01", practice_id: 1, plays: 3, halves: 2, completions: 1, seconds_listened: 400 }),
      insertRow("analytics_plays", { day: "2026-11-03", practice_id: 1, plays: 1, halves: 1, completions: 0, seconds_listened: 200 }),
      insertRow("analytics_plays", { day: "2026-11-02", practice_id: 2, plays: 6, halves: 6, completions: 6, seconds_listened: 3600 }),
      insertRow("analytics_plays", { day: "2026-11-09", practice_id: 1, plays: 90, halves: 0, completions: 0, seconds_listened: 0 }),
    ]);
    const { plays } = await analyticsReport(testDb(), RANGE, "editor");
    expect(plays.map(({ title: _title, ...rest }) => rest)).toEqual([
      { id: "2", plays: 6, completions: 6, completionRate: "100%", minutes: 60 },
      { id: "1", plays: 4, completions: 1, completionRate: "25%", minutes: 10 },
    ]);
  });

  it("follows each course from its page to its enrol page to a purchase; purchases are the owner's", async () => {
    await env.DB.batch([
      page("2026-11-01", ITEM_PATTERNS.course, 1, 12, 10),
      page("2026-11-02", ENROL_PATTERN, 1, 5, 4),
      order("2026-11-02T10:00:00.000Z", { source: "google.com" }),
      order("2026-11-03T23:59:59.999Z", { status: "refunded" }),
      order("2026-11-04T00:00:00.000Z"), // the day after the range
      order("2026-10-31T23:59:59.999Z"), // the day before
    ]);
    const owner = await analyticsReport(testDb(), RANGE, "owner");
    expect(owner.funnel).toEqual([
      { id: "1", title: await titleOf("courses", 1), course: { views: 12, visitors: 10 }, enrol: { views: 5, visitors: 4 }, purchases: 1 },
    ]);
    expect(owner.purchases).toBe(1);
    expect(owner.sales).toEqual([{ source: "google.com", currency: "usd", purchases: 1, cents: 4900 }]);
    const courses = reportTables(owner, "owner").find((table) => table.name === "courses");
    expect(courses?.rows).toEqual([[await titleOf("courses", 1), "1", 12, 10, 5, 4, "40%", 1, "10%"]]);

    const editor = await analyticsReport(testDb(), RANGE, "editor");
    expect(editor.funnel[0]?.purchases).toBeNull();
    expect([editor.purchases, editor.sales]).toEqual([null, null]);
    const editorTables = reportTables(editor, "editor");
    expect(editorTables.map((table) => table.name)).not.toContain("purchase-sources");
    expect(editorTables.find((table) => table.name === "courses")?.headings).not.toContain("Purchases");
    expect(reportTables(owner, "owner").map((table) => table.name)).toContain("purchase-sources");
  });

  it("lists referrers, sources, campaigns, countries and devices by visits", async () => {
    await env.DB.batch([
      dimension("2026-11-01", "referrer", "google.com", 5),
      dimension("2026-11-02", "referrer", "example.org", 8),
      dimension("2026-11-03", "referrer", "google.com", 1),
      dimension("2026-11-02", "country", "NZ", 3),
      dimension("2026-11-02", "campaign", "issue-4", 2),
      dimension("2026-11-05", "country", "FR", 30),
    ]);
    const { dimensions } = await analyticsReport(testDb(), RANGE, "editor");
    expect(dimensions.referrer).toEqual([
      { value: "example.org", views: 8, visitors: 8 },
      { value: "google.com", views: 6, visitors: 6 },
    ]);
    expect(dimensions.country).toEqual([{ value: "NZ", views: 3, visitors: 3 }]);
    expect(dimensions.campaign).toEqual([{ value: "issue-4", views: 2, visitors: 2 }]);
    expect(dimensions.device).toEqual([]);
  });
});

describe("itemTraffic", () => {
  const NOW = new Date("2026-11-28T09:00:00Z");

  it("gives 30 days of an item's visits, its totals, and for a course the enrol page and (owner) the purchases", async () => {
    await env.DB.batch([
      page("2026-11-28", ITEM_PATTERNS.course, 1, 4, 3),
      page("2026-10-30", ITEM_PATTERNS.course, 1, 2, 2), // the first of the 30 days
      page("2026-10-29", ITEM_PATTERNS.course, 1, 50, 50), // the day before them
      page("2026-11-20", ENROL_PATTERN, 1, 3, 2),
      page("2026-11-20", ITEM_PATTERNS.article, 1, 9), // an article of the same id
      order("2026-11-21T08:00:00.000Z"),
    ]);
    const owner = await itemTraffic(testDb(), "course", 1, "owner", NOW);
    expect(owner.series).toHaveLength(30);
    expect([owner.series[0], owner.series[29]]).toEqual([
      { day: "2026-10-30", views: 2, visitors: 2 },
      { day: "2026-11-28", views: 4, visitors: 3 },
    ]);
    expect([owner.totals, owner.enrol, owner.purchases, owner.plays]).toEqual([
      { views: 6, visitors: 5 },
      { views: 3, visitors: 2 },
      1,
      null,
    ]);
    expect((await itemTraffic(testDb(), "course", 1, "editor", NOW)).purchases).toBeNull();
  });

  it("gives a practice its plays and completion rate", async () => {
    await env.DB.batch([
      insertRow("analytics_plays", { day: "2026-11-27", practice_id: 1, plays: 4, halves: 3, completions: 3, seconds_listened: 900 }),
    ]);
    const traffic = await itemTraffic(testDb(), "practice", 1, "editor", NOW);
    expect([traffic.plays, traffic.enrol, traffic.purchases]).toEqual([
      { plays: 4, completions: 3, completionRate: "75%", minutes: 15 },
      null,
      null,
    ]);
  });
});

describe("issueAttribution", () => {
  it("counts the campaign's visits from the sending day through the 7th day after, signups and purchases within 7 × 24 h", async () => {
    const issue = { id: 4, sentAt: "2026-11-10T12:00:00.000Z" };
    await env.DB.batch([
      dimension("2026-11-09", "campaign", "issue-4", 100),
      dimension("2026-11-10", "campaign", "issue-4", 3, 2),
      dimension("2026-11-17", "campaign", "issue-4", 4, 4),
      dimension("2026-11-18", "campaign", "issue-4", 100),
      dimension("2026-11-12", "campaign", "issue-5", 100),
      signup("2026-11-10T11:59:59.999Z", "issue-4"),
      signup("2026-11-10T12:00:00.000Z", "issue-4"),
      signup("2026-11-17T11:59:59.999Z", "issue-4"),
      signup("2026-11-17T12:00:00.000Z", "issue-4"),
      signup("2026-11-12T12:00:00.000Z", null),
      order("2026-11-10T12:00:00.000Z", { campaign: "issue-4" }),
      order("2026-11-11T12:00:00.000Z", { campaign: "issue-4", status: "refunded" }),
      order("2026-11-17T12:00:00.000Z", { campaign: "issue-4" }),
      order("2026-11-12T12:00:00.000Z", { campaign: "issue-5" }),
    ]);
    expect(await issueAttribution(testDb(), issue, "owner")).toMatchObject({ visits: 7, visitors: 6, signups: 2, purchases: 1 });
    expect((await issueAttribution(testDb(), issue, "editor")).purchases).toBeNull();
  });
});
