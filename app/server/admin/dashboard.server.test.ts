import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countingD1 } from "../../../tests/support/counting-d1";
import { insertRow, testDb } from "../../../tests/support/db";
import { RECENT_ACTIVITY_LIMIT, getDashboard, periodStarts, timeAgo } from "./dashboard.server";
import { getDb } from "../core/db.server";

const NOW = new Date("2025-06-10T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("getDashboard", () => {
  it("reads D1 in one round trip of twelve statements: every figure in one, the visits, the revenue, the six kinds of latest writes, the three kinds of scheduled content", async () => {
    const d1 = countingD1();
    await d1.run(() => getDashboard(getDb(), NOW));
    expect(d1.trips.map((trip) => trip.length)).toEqual([12]);
  });

  it("counts from D1: empty tables are zeros", async () => {
    const { figures, activity, scheduled } = await getDashboard(testDb(), NOW);
    expect(scheduled).toEqual({ count: 0, next: null });
    const nothing = { revenue: [], enrollments: 0, completions: 0, newSubscribers: 0, visits: 0, visitors: 0, conversion: "–" };
    expect(figures).toEqual({
      articles: 0,
      practices: 0,
      resources: 0,
      courses: 0,
      subscribers: 0,
      learners: 0,
      enrollments: 0,
      thisWeek: nothing,
      thisMonth: nothing,
      unreadMessages: 0,
    });
    expect(activity).toEqual([]);
  });

  it("merges the latest writes of every kind, newest first, with a relative time", async () => {
    // The columns that each kind of row needs but this test does not read.
    const card = { description: "d", image_url: "/i.svg" };
    const course = { ...card, level: "Beginner", duration: 4, price_cents: 4900 };
    const practice = { ...card, category: "Meditation", duration: 5, focus: "f", audio_url: "/a.ogg" };
    const essay = { excerpt: "e", content: "c", image_url: "/i.svg", category: "Philosophy", reading_time: 5, author: "A" };
    const resource = { description: "d", url: "https://example.org", category_id: 1 };
    const enrolment = { course_id: 1, amount_cents: 4900 };
    await env.DB.batch([
      insertRow("resource_categories", { id: 1, name: "Classical Texts" }),
      insertRow("courses", { ...course, id: 1, title: "Stoic Foundations", created_at: ago(30 * DAY) }),
      insertRow("articles", { ...essay, title: "Old essay", published_date: "2025-01-01", created_at: ago(40 * DAY) }),
      insertRow("articles", { ...essay, title: "New essay", published_date: "2025-06-10", created_at: ago(2 * HOUR) }),
      insertRow("practices", { ...practice, title: "Breath", created_at: ago(3 * DAY) }),
      insertRow("resources", { ...resource, title: "Apology", author: "Plato", created_at: ago(5 * MIN) }),
      insertRow("newsletter_subscribers", {
        email: "reader@example.com",
        status: "confirmed",
        unsubscribe_token: "t1",
        confirmed_at: ago(10 * MIN),
      }),
      insertRow("enrollments", { ...enrolment, payment_intent_id: "pi_1", created_at: ago(1 * HOUR) }),
      insertRow("enrollments", { ...enrolment, payment_intent_id: "pi_2", created_at: ago(8 * DAY) }),
      insertRow("contact_messages", {
        name: "Ada",
        email: "ada@example.com",
        subject: "feedback",
        message: "Hi",
        created_at: ago(20 * 1000),
      }),
    ]);
    const { figures, activity } = await getDashboard(testDb(), NOW);
    expect(figures).toMatchObject({
      articles: 2,
      practices: 1,
      resources: 1,
      courses: 1,
      subscribers: 1,
      enrollments: 2,
      unreadMessages: 1,
    });
    expect(activity.map((item) => [item.kind, item.text, item.ago])).toEqual([
      ["message", "Message from Ada: feedback", "just now"],
      ["resource", "Resource added: Apology", "5 minutes ago"],
      ["subscriber", "New newsletter subscriber: reader@example.com", "10 minutes ago"],
      ["enrollment", "New enrolment in Stoic Foundations", "1 hour ago"],
      ["article", "Article created: New essay", "2 hours ago"],
      ["practice", "Practice created: Breath", "3 days ago"],
      ["enrollment", "New enrolment in Stoic Foundations", "June 2, 2025"],
      ["article", "Article created: Old essay", "May 1, 2025"],
    ]);
    expect(activity).toHaveLength(RECENT_ACTIVITY_LIMIT);
    expect(activity[0]?.href).toMatch(/^\/admin\/messages\/\d+$/);
  });
});

describe("getDashboard: the period figures", () => {
  // NOW is Tuesday 2025-06-10: the ISO week began on Monday 2025-06-09 00:00 UTC, the month on 2025-06-01.
  const WEEK_START = "2025-06-09T00:00:00.000Z";
  const JUST_BEFORE_WEEK = "2025-06-08T23:59:59.999Z";
  const JUST_BEFORE_MONTH = "2025-05-31T23:59:59.999Z";

  const order = (pi: string, cents: number, currency: string, status: string, at: string, email = "") =>
    insertRow("enrollments", { course_id: 1, payment_intent_id: pi, amount_cents: cents, currency, status, email, created_at: at });
  const lessonDone = (email: string, lessonId: number, at: string | null) =>
    insertRow("lesson_progress", { email, lesson_id: lessonId, course_id: 1, visited_at: at ?? JUST_BEFORE_MONTH, completed_at: at });
  const subscriber = (email: string, status: string, confirmedAt: string | null) =>
    insertRow("newsletter_subscribers", { email, status, unsubscribe_token: `t-${email}`, confirmed_at: confirmedAt });

  async function course() {
    const listing = { description: "d", image_url: "/i.svg", level: "Beginner", duration: 4, price_cents: 4900 };
    const lesson = (id: number, moduleId: number, position: number) =>
      insertRow("lessons", { id, module_id: moduleId, position, title: `L${id}`, description: "d", duration: 5 });
    await env.DB.batch([
      insertRow("courses", { ...listing, id: 1, title: "Stoic Foundations" }),
      insertRow("course_modules", { id: 1, course_id: 1, position: 1, title: "M", description: "d" }),
      lesson(1, 1, 1),
      lesson(2, 1, 2),
      // A second course with three lessons: each course's own lessons decide when it is complete.
      insertRow("courses", { ...listing, id: 2, title: "Plato" }),
      insertRow("course_modules", { id: 2, course_id: 2, position: 1, title: "M", description: "d" }),
      lesson(3, 2, 1),
      lesson(4, 2, 2),
      lesson(5, 2, 3),
    ]);
  }

  it("weeks are ISO weeks and months calendar months, in UTC", () => {
    expect(periodStarts(NOW)).toEqual({ week: WEEK_START, month: "2025-06-01T00:00:00.000Z" });
    // A Sunday belongs to the week that began on the Monday before; a week may begin in the previous month.
    expect(periodStarts(new Date("2025-06-08T23:59:59.999Z")).week).toBe("2025-06-02T00:00:00.000Z");
    expect(periodStarts(new Date("2025-07-02T08:00:00.000Z"))).toEqual({
      week: "2025-06-30T00:00:00.000Z",
      month: "2025-07-01T00:00:00.000Z",
    });
  });

  it("revenue and enrolments: paid orders of the period, per currency; refunded orders count nowhere", async () => {
    await course();
    await env.DB.batch([
      order("pi_week_start", 4900, "usd", "paid", WEEK_START, "a@example.com"),
      order("pi_sunday", 2500, "usd", "paid", JUST_BEFORE_WEEK, "b@example.com"),
      order("pi_refunded", 9900, "usd", "refunded", "2025-06-10T10:00:00.000Z", "c@example.com"),
      order("pi_euro", 3000, "eur", "paid", "2025-06-10T09:00:00.000Z", "a@example.com"),
      order("pi_may", 1000, "usd", "paid", JUST_BEFORE_MONTH, "d@example.com"),
    ]);
    const { figures } = await getDashboard(testDb(), NOW);
    expect(figures.thisWeek.revenue).toEqual([
      { currency: "eur", cents: 3000 },
      { currency: "usd", cents: 4900 },
    ]);
    expect(figures.thisMonth.revenue).toEqual([
      { currency: "eur", cents: 3000 },
      { currency: "usd", cents: 7400 },
    ]);
    expect([figures.thisWeek.enrollments, figures.thisMonth.enrollments]).toEqual([2, 3]);
    expect(figures.enrollments).toBe(5);
    expect(figures.learners).toBe(4);
  });

  it("course completions: the last lesson of a course completed in the period; unfinished courses do not count", async () => {
    await course();
    await env.DB.batch([
      lessonDone("week@example.com", 1, "2025-06-01T10:00:00.000Z"),
      lessonDone("week@example.com", 2, "2025-06-09T08:00:00.000Z"),
      lessonDone("month@example.com", 1, "2025-06-02T10:00:00.000Z"),
      lessonDone("month@example.com", 2, "2025-06-05T10:00:00.000Z"),
      lessonDone("half@example.com", 1, "2025-06-10T10:00:00.000Z"),
      lessonDone("half@example.com", 2, null),
      lessonDone("may@example.com", 1, "2025-05-20T10:00:00.000Z"),
      lessonDone("may@example.com", 2, JUST_BEFORE_MONTH),
    ]);
    const { figures } = await getDashboard(testDb(), NOW);
    expect([figures.thisWeek.completions, figures.thisMonth.completions]).toEqual([1, 2]);
  });

  it("new subscribers: confirmed in the period and still confirmed; unread messages: those not handled", async () => {
    await env.DB.batch([
      subscriber("week@example.com", "confirmed", "2025-06-09T01:00:00.000Z"),
      subscriber("month@example.com", "confirmed", "2025-06-02T01:00:00.000Z"),
      subscriber("may@example.com", "confirmed", JUST_BEFORE_MONTH),
      subscriber("pending@example.com", "pending", null),
      subscriber("left@example.com", "unsubscribed", "2025-06-09T02:00:00.000Z"),
      env.DB.prepare(
        "INSERT INTO contact_messages (name, email, subject, message, handled) VALUES ('A', 'a@example.com', 's', 'm', 0), ('B', 'b@example.com', 's', 'm', 0), ('C', 'c@example.com', 's', 'm', 1)",
      ),
    ]);
    const { figures } = await getDashboard(testDb(), NOW);
    expect([figures.thisWeek.newSubscribers, figures.thisMonth.newSubscribers, figures.subscribers]).toEqual([1, 2, 3]);
    expect(figures.unreadMessages).toBe(2);
  });
});

describe("the dashboard's traffic", () => {
  it("sums the site's visits and unique visitors from each period's first UTC day; conversion = enrolments ÷ course-page visitors", async () => {
    const site = (day: string, views: number) =>
      insertRow("analytics_dimensions", { day, dimension: "site", value: "", views, visitors: views - 1 });
    const coursePage = (day: string, visitors: number) =>
      insertRow("analytics_pages", { day, pattern: "/courses/:id", content_id: "1", views: visitors * 2, visitors });
    await env.DB.batch([
      site("2025-05-31", 1000), // before the month
      site("2025-06-01", 100), // the month's first day
      site("2025-06-08", 20), // the Sunday before the week
      site("2025-06-09", 10), // the week's Monday
      site("2025-06-10", 5),
      coursePage("2025-06-02", 30),
      coursePage("2025-06-09", 8),
      insertRow("analytics_dimensions", { day: "2025-06-10", dimension: "device", value: "mobile", views: 77, visitors: 77 }),
    ]);
    const { figures } = await getDashboard(testDb(), NOW);
    expect([figures.thisWeek.visits, figures.thisWeek.visitors, figures.thisMonth.visits, figures.thisMonth.visitors]).toEqual([
      15, 13, 135, 131,
    ]);
    const percent = (part: number, whole: number) => `${Math.round((part / whole) * 1000) / 10}%`;
    expect(figures.thisWeek.conversion).toBe(percent(figures.thisWeek.enrollments, 8));
    expect(figures.thisMonth.conversion).toBe(percent(figures.thisMonth.enrollments, 38));
  });
});

describe("timeAgo", () => {
  it("reads naturally", () => {
    expect(timeAgo(ago(59 * 1000), NOW)).toBe("just now");
    expect(timeAgo(ago(1 * MIN), NOW)).toBe("1 minute ago");
    expect(timeAgo(ago(59 * MIN), NOW)).toBe("59 minutes ago");
    expect(timeAgo(ago(23 * HOUR), NOW)).toBe("23 hours ago");
    expect(timeAgo(ago(1 * DAY), NOW)).toBe("1 day ago");
    expect(timeAgo(ago(7 * DAY), NOW)).toBe("June 3, 2025");
    expect(timeAgo("not a date", NOW)).toBe("not a date");
  });
});
