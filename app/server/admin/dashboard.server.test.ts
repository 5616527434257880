import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countingD1 } from "../../../tests/support/counting-d1";
import { testDb } from "../../../tests/support/db";
import { RECENT_ACTIVITY_LIMIT, getDashboard, periodStarts, timeAgo } from "./dashboard.server";
import { getDb } from "../core/db.server";

const NOW = new Date("2025-06-10T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("getDashboard", () => {
  it("reads D1 in one round trip of eleven statements: every figure in one, the revenue, the six kinds of latest writes, the three kinds of scheduled content", async () => {
    const d1 = countingD1();
    await d1.run(() => getDashboard(getDb(), NOW));
    expect(d1.trips.map((trip) => trip.length)).toEqual([11]);
  });

  it("counts from D1: empty tables are zeros", async () => {
    const { figures, activity, scheduled } = await getDashboard(testDb(), NOW);
    expect(scheduled).toEqual({ count: 0, next: null });
    const nothing = { revenue: [], enrollments: 0, completions: 0, newSubscribers: 0 };
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
    await env.DB.batch([
      env.DB.prepare("INSERT INTO resource_categories (id, name) VALUES (1, 'Classical Texts')"),
      env.DB.prepare(
        "INSERT INTO courses (id, title, description, image_url, level, duration, price_cents, created_at) VALUES (1, 'Stoic Foundations', 'd', '/i.svg', 'Beginner', 4, 4900, ?)",
      ).bind(ago(30 * DAY)),
      env.DB.prepare(
        "INSERT INTO articles (title, excerpt, content, image_url, category, reading_time, author, published_date, created_at) VALUES ('Old essay', 'e', 'c', '/i.svg', 'Philosophy', 5, 'A', '2025-01-01', ?)",
      ).bind(ago(40 * DAY)),
      env.DB.prepare(
        "INSERT INTO articles (title, excerpt, content, image_url, category, reading_time, author, published_date, created_at) VALUES ('New essay', 'e', 'c', '/i.svg', 'Philosophy', 5, 'A', '2025-06-10', ?)",
      ).bind(ago(2 * HOUR)),
      env.DB.prepare(
        "INSERT INTO practices (title, description, image_url, category, duration, focus, audio_url, created_at) VALUES ('Breath', 'd', '/i.svg', 'Meditation', 5, 'f', '/a.ogg', ?)",
      ).bind(ago(3 * DAY)),
      env.DB.prepare(
        "INSERT INTO resources (title, author, description, url, category_id, created_at) VALUES ('Apology', 'Plato', 'd', 'https://example.org', 1, ?)",
      ).bind(ago(5 * MIN)),
      env.DB.prepare(
        "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at) VALUES ('reader@example.com', 'confirmed', 't1', ?)",
      ).bind(ago(10 * MIN)),
      env.DB.prepare(
        "INSERT INTO enrollments (course_id, payment_intent_id, amount_cents, created_at) VALUES (1, 'pi_1', 4900, ?), (1, 'pi_2', 4900, ?)",
      ).bind(ago(1 * HOUR), ago(8 * DAY)),
      env.DB.prepare(
        "INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES ('Ada', 'ada@example.com', 'feedback', 'Hi', ?)",
      ).bind(ago(20 * 1000)),
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
    env.DB.prepare(
      "INSERT INTO enrollments (course_id, payment_intent_id, amount_cents, currency, status, email, created_at) VALUES (1, ?, ?, ?, ?, ?, ?)",
    ).bind(pi, cents, currency, status, email, at);
  const lessonDone = (email: string, lessonId: number, at: string | null) =>
    env.DB.prepare("INSERT INTO lesson_progress (email, lesson_id, course_id, visited_at, completed_at) VALUES (?, ?, 1, ?, ?)").bind(
      email,
      lessonId,
      at ?? JUST_BEFORE_MONTH,
      at,
    );
  const subscriber = (email: string, status: string, confirmedAt: string | null) =>
    env.DB.prepare("INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at) VALUES (?, ?, ?, ?)").bind(
      email,
      status,
      `t-${email}`,
      confirmedAt,
    );

  async function course() {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO courses (id, title, description, image_url, level, duration, price_cents) VALUES (1, 'Stoic Foundations', 'd', '/i.svg', 'Beginner', 4, 4900)",
      ),
      env.DB.prepare("INSERT INTO course_modules (id, course_id, position, title, description) VALUES (1, 1, 1, 'M', 'd')"),
      env.DB.prepare(
        "INSERT INTO lessons (id, module_id, position, title, description, duration) VALUES (1, 1, 1, 'L1', 'd', 5), (2, 1, 2, 'L2', 'd', 5)",
      ),
      // A second course with three lessons: each course's own lessons decide when it is complete.
      env.DB.prepare(
        "INSERT INTO courses (id, title, description, image_url, level, duration, price_cents) VALUES (2, 'Plato', 'd', '/i.svg', 'Beginner', 4, 4900)",
      ),
      env.DB.prepare("INSERT INTO course_modules (id, course_id, position, title, description) VALUES (2, 2, 1, 'M', 'd')"),
      env.DB.prepare(
        "INSERT INTO lessons (id, module_id, position, title, description, duration) VALUES (3, 2, 1, 'L3', 'd', 5), (4, 2, 2, 'L4', 'd', 5), (5, 2, 3, 'L5', 'd', 5)",
      ),
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
