import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { testDb } from "../../tests/support/db";
import { RECENT_ACTIVITY_LIMIT, getDashboard, timeAgo } from "./admin-dashboard.server";

const NOW = new Date("2025-06-10T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("getDashboard", () => {
  it("counts from D1: empty tables are zeros", async () => {
    const { figures, activity } = await getDashboard(testDb(), NOW);
    expect(figures).toEqual({
      articles: 0,
      practices: 0,
      resources: 0,
      courses: 0,
      users: 0,
      enrollments: 0,
      enrollmentsThisWeek: 0,
      unhandledMessages: 0,
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
    expect(figures).toEqual({
      articles: 2,
      practices: 1,
      resources: 1,
      courses: 1,
      users: 1,
      enrollments: 2,
      enrollmentsThisWeek: 1,
      unhandledMessages: 1,
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
    expect(activity[0].href).toMatch(/^\/admin\/messages\/\d+$/);
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
