import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testDb } from "../../../tests/support/db";
import { ORDER_RETENTION_YEARS } from "../learning/learner-data.server";
import { MAIL_LOG_RETENTION_MONTHS } from "~/lib/learner-data";
import { issueDeliveryReport, listIssues } from "../newsletter/issues.server";
import { analyticsRetentionCutoff, mailLogRetentionCutoff, runRetention } from "./retention.server";
import worker from "../../../workers/app";

const NOW = new Date("2030-06-15T12:30:00.000Z");
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const MIN = 60 * 1000;
const DAY = 24 * 60 * MIN;
const HOUR_START = Date.parse("2030-06-15T12:00:00.000Z");

const remaining = async (table: string, column: string) =>
  (await env.DB.prepare(`SELECT ${column} AS v FROM ${table} ORDER BY ${column}`).all<{ v: string | number }>()).results.map((r) => r.v);

/** Rows on both sides of each boundary: the ones named "old…" are due, the "keep…" ones are not (yet). */
async function seedBothSides() {
  const sub = (email: string, status: string, extra: string, value: string | null) =>
    env.DB.prepare(`INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, ${extra}) VALUES (?, ?, ?, ?)`).bind(
      email,
      status,
      crypto.randomUUID(),
      value,
    );
  await env.DB.batch([
    sub("old-pending@example.com", "pending", "confirm_expires_at", at(0)),
    sub("keep-pending@example.com", "pending", "confirm_expires_at", at(1)),
    sub("keep-confirmed@example.com", "confirmed", "confirmed_at", at(-3000 * DAY)),
    sub("old-unsubscribed@example.com", "unsubscribed", "unsubscribed_at", at(-30 * DAY)),
    sub("keep-unsubscribed@example.com", "unsubscribed", "unsubscribed_at", at(-30 * DAY + 1)),
    env.DB.prepare(
      "INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES ('old', 'a@x.org', 'general', 'm', ?), ('keep', 'b@x.org', 'general', 'm', ?)",
    ).bind("2028-06-15T12:30:00.000Z", "2028-06-15T12:30:00.001Z"),
    env.DB.prepare("INSERT INTO learner_sessions (id, email, expires_at) VALUES ('old', 'a@x.org', ?), ('keep', 'a@x.org', ?)").bind(
      at(0),
      at(1),
    ),
    env.DB.prepare("INSERT INTO admin_sessions (id, username, expires_at) VALUES ('old', 'admin', ?), ('keep', 'admin', ?)").bind(
      at(0),
      at(1),
    ),
    env.DB.prepare(
      "INSERT INTO access_tokens (id, email, expires_at, used_at) VALUES ('old-expired', 'a@x.org', ?, NULL), ('old-used', 'a@x.org', ?, ?), ('keep', 'a@x.org', ?, NULL)",
    ).bind(at(0), at(DAY), at(-MIN), at(1)),
    env.DB.prepare("INSERT INTO login_attempts (ip, created_at) VALUES ('old', ?), ('keep', ?)").bind(at(-15 * MIN), at(-15 * MIN + 1)),
    env.DB.prepare(
      "INSERT INTO rate_limits (bucket, client, window_start, count) VALUES ('contact', 'old', ?, 1), ('contact', 'keep', ?, 1)",
    ).bind(HOUR_START - 60 * MIN, HOUR_START),
  ]);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the daily retention job", () => {
  it("deletes what is due at `now`, keeps everything on the other side of each boundary, and returns the counts (the cron logs them)", async () => {
    await seedBothSides();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const counts = await runRetention(testDb(), NOW);
    expect(counts).toEqual({
      pendingSubscribers: 1,
      unsubscribedSubscribers: 1,
      contactMessages: 1,
      learnerSessions: 1,
      adminSessions: 1,
      accessTokens: 2,
      loginAttempts: 1,
      rateLimits: 1,
      newsletterMails: 0,
      ordersAnonymised: 0,
      oldMails: 0,
      newsletterDeliveries: 0,
      analyticsRows: 0,
    });
    expect(await remaining("newsletter_subscribers", "email")).toEqual([
      "keep-confirmed@example.com",
      "keep-pending@example.com",
      "keep-unsubscribed@example.com",
    ]);
    expect(await remaining("contact_messages", "name")).toEqual(["keep"]);
    expect(await remaining("learner_sessions", "id")).toEqual(["keep"]);
    expect(await remaining("admin_sessions", "id")).toEqual(["keep"]);
    expect(await remaining("access_tokens", "id")).toEqual(["keep"]);
    expect(await remaining("login_attempts", "ip")).toEqual(["keep"]);
    expect(await remaining("rate_limits", "client")).toEqual(["keep"]);
    expect(log).not.toHaveBeenCalled();
    // A second run the same moment finds nothing more.
    expect(Object.values(await runRetention(testDb(), NOW)).every((n) => n === 0)).toBe(true);
  });

  it("deletes the newsletter e-mails in the mail log with the address they went to, and nothing else", async () => {
    await seedBothSides();
    const mail = (to: string, kind: string) =>
      env.DB.prepare("INSERT INTO mail_log (\"to\", subject, kind, data, created_at) VALUES (?, ?, ?, '{}', ?)").bind(
        to,
        `${kind} ${to}`,
        kind,
        at(0),
      );
    await env.DB.batch([
      mail("old-pending@example.com", "newsletter-confirmation"),
      mail("old-unsubscribed@example.com", "newsletter"),
      mail("old-pending@example.com", "receipt"),
      mail("keep-pending@example.com", "newsletter-confirmation"),
      mail("keep-confirmed@example.com", "newsletter"),
      mail("keep-unsubscribed@example.com", "newsletter"),
    ]);
    vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await runRetention(testDb(), NOW)).toMatchObject({ pendingSubscribers: 1, unsubscribedSubscribers: 1, newsletterMails: 2 });
    expect(await remaining("mail_log", "subject")).toEqual([
      "newsletter keep-confirmed@example.com",
      "newsletter keep-unsubscribed@example.com",
      "newsletter-confirmation keep-pending@example.com",
      "receipt old-pending@example.com",
    ]);
  });

  it("takes the address and name off orders older than the accounting period, and keeps the orders", async () => {
    expect(ORDER_RETENTION_YEARS).toBe(7);
    const due = "2023-06-15T12:30:00.000Z"; // exactly 7 years before NOW
    const kept = "2023-06-15T12:30:00.001Z";
    const order = (id: number, email: string, createdAt: string) =>
      env.DB.prepare(
        "INSERT INTO enrollments (id, course_id, payment_intent_id, amount_cents, currency, email, name, status, created_at) VALUES (?, 1, ?, 4900, 'usd', ?, 'Ada', 'paid', ?)",
      ).bind(id, `pi_${id}`, email, createdAt);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO courses (id, title, description, image_url, level, duration, price_cents) VALUES (1, 'C', 'd', '/i.jpg', 'Beginner', 1, 4900)",
      ),
      order(1, "old@example.com", due),
      order(2, "new@example.com", kept),
    ]);
    vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await runRetention(testDb(), NOW)).toMatchObject({ ordersAnonymised: 1 });
    const orders = (await env.DB.prepare("SELECT id, email, name, amount_cents FROM enrollments ORDER BY id").all()).results;
    expect(orders).toEqual([
      { id: 1, email: "", name: "", amount_cents: 4900 },
      { id: 2, email: "new@example.com", name: "Ada", amount_cents: 4900 },
    ]);
    // Run again, nothing more to do; a millisecond later the second order's time has come.
    expect(await runRetention(testDb(), NOW)).toMatchObject({ ordersAnonymised: 0 });
    expect(await runRetention(testDb(), new Date(NOW.getTime() + 1))).toMatchObject({ ordersAnonymised: 1 });
  });

  it("deletes mail log rows of every kind 13 months after they were written (the privacy policy's period), and keeps younger ones", async () => {
    expect(MAIL_LOG_RETENTION_MONTHS).toBe(13);
    const due = "2029-05-15T12:30:00.000Z"; // exactly 13 months before NOW
    const kept = "2029-05-15T12:30:00.001Z";
    expect(mailLogRetentionCutoff(NOW)).toBe(due);
    const mail = (kind: string, createdAt: string) =>
      env.DB.prepare("INSERT INTO mail_log (\"to\", subject, kind, data, status, created_at) VALUES (?, ?, ?, '{}', 'sent', ?)").bind(
        "old@example.com",
        `${kind} ${createdAt}`,
        kind,
        createdAt,
      );
    await env.DB.batch([
      mail("receipt", due),
      mail("receipt", kept),
      mail("newsletter-confirmation", due),
      mail("access-link", kept),
      // The address is still a subscriber: only the period removes its confirmation's record.
      env.DB.prepare("INSERT INTO newsletter_subscribers (email, status, unsubscribe_token) VALUES ('old@example.com', 'confirmed', 'u')"),
    ]);
    vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await runRetention(testDb(), NOW)).toMatchObject({ oldMails: 2 });
    expect(await remaining("mail_log", "subject")).toEqual([`access-link ${kept}`, `receipt ${kept}`]);
    expect(await runRetention(testDb(), NOW)).toMatchObject({ oldMails: 0 });
    expect(await runRetention(testDb(), new Date(NOW.getTime() + 1))).toMatchObject({ oldMails: 2 });
  });

  it("deletes an issue's delivery rows 13 months after they were written, and keeps the issue's counts, once", async () => {
    expect(MAIL_LOG_RETENTION_MONTHS).toBe(13);
    const cutoff = "2029-05-15T12:30:00.000Z"; // exactly 13 months before NOW
    const past = "2029-05-15T12:29:59.999Z"; // one millisecond past the period: deleted
    const inside = "2029-05-15T12:30:00.001Z"; // one millisecond inside it: kept
    expect(mailLogRetentionCutoff(NOW)).toBe(cutoff);
    const sub = (id: number) =>
      env.DB.prepare("INSERT INTO newsletter_subscribers (id, email, status, unsubscribe_token) VALUES (?, ?, 'confirmed', ?)").bind(
        id,
        `s${id}@example.com`,
        `u${id}`,
      );
    const issue = (id: number, sentAt: string) =>
      env.DB.prepare(
        "INSERT INTO newsletter_issues (id, subject, body, sent_at, recipient_count, fanout_done_at) VALUES (?, ?, 'b', ?, 12, ?)",
      ).bind(id, `Issue ${id}`, sentAt, sentAt);
    let subscriber = 0;
    const delivery = (
      issueId: number,
      createdAt: string,
      status: string,
      error: string | null = null,
      unsubscribedAt: string | null = null,
    ) =>
      env.DB.prepare(
        "INSERT INTO newsletter_deliveries (issue_id, subscriber_id, status, attempts, provider_id, error, created_at, sent_at, unsubscribed_at) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)",
      ).bind(issueId, ++subscriber, status, status === "sent" ? `p${subscriber}` : null, error, createdAt, createdAt, unsubscribedAt);
    await env.DB.batch([
      ...Array.from({ length: 14 }, (_, i) => sub(i + 1)),
      issue(1, "2029-05-15T12:00:00.000Z"),
      issue(2, "2030-06-01T08:00:00.000Z"),
      // Issue 1: nine rows past the period, three inside it (written later: a fan-out that paused, say).
      delivery(1, past, "sent"),
      delivery(1, past, "sent", null, "2029-07-01T00:00:00.000Z"),
      delivery(1, cutoff, "sent"),
      delivery(1, past, "failed", "suppressed"),
      delivery(1, past, "failed", "suppressed"),
      delivery(1, past, "failed", "invalid-address"),
      delivery(1, past, "bounced", "bounced"),
      delivery(1, past, "complained", "complained"),
      delivery(1, past, "skipped"),
      delivery(1, inside, "sent", null, "2029-08-01T00:00:00.000Z"),
      delivery(1, inside, "failed", "suppressed"),
      delivery(1, inside, "bounced", "bounced"),
      // Issue 2: sent this month; nothing of it is due.
      delivery(2, at(-DAY), "sent"),
      delivery(2, at(-DAY), "failed", "rejected"),
    ]);
    const db = testDb();
    /** What the admin sees: the list's counts and the issue page's report, the failures without their addresses. */
    const seen = async () => {
      const list = await listIssues(db);
      return Promise.all(
        [1, 2].map(async (id) => {
          const { id: _, subject, sentAt, createdAt, updatedAt, ...listCounts } = list.find((row) => row.id === id) ?? { id: 0 };
          const { failures, archived, ...report } = await issueDeliveryReport(db, id);
          return { listCounts, report, failures: failures.map(({ addresses, ...failure }) => failure) };
        }),
      );
    };
    const addresses = async (id: number) =>
      (await issueDeliveryReport(db, id)).failures.map(({ reason, addresses }) => ({ reason, addresses }));
    const before = await seen();
    expect(before[0]).toMatchObject({
      listCounts: { recipients: 12, sent: 4, failed: 7, skipped: 1, waiting: 0, unsubscribedSince: 2 },
      report: {
        counts: { queued: 0, handed: 0, sent: 4, failed: 4, bounced: 2, complained: 1, skipped: 1 },
        recipients: 12,
        unsubscribedSince: 2,
      },
      failures: [
        { reason: "suppressed", count: 3 },
        { reason: "bounced", count: 2 },
        { reason: "complained", count: 1 },
        { reason: "invalid-address", count: 1 },
      ],
    });
    expect(await addresses(1)).toEqual([
      { reason: "suppressed", addresses: ["s11@example.com", "s4@example.com", "s5@example.com"] },
      { reason: "bounced", addresses: ["s12@example.com", "s7@example.com"] },
      { reason: "complained", addresses: ["s8@example.com"] },
      { reason: "invalid-address", addresses: ["s6@example.com"] },
    ]);

    vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await runRetention(db, NOW)).toMatchObject({ newsletterDeliveries: 9 });
    const deliveries = async () =>
      (await env.DB.prepare("SELECT issue_id AS i, created_at AS c FROM newsletter_deliveries ORDER BY id").all<{ i: number; c: string }>())
        .results;
    expect(await deliveries()).toEqual([
      { i: 1, c: inside },
      { i: 1, c: inside },
      { i: 1, c: inside },
      { i: 2, c: at(-DAY) },
      { i: 2, c: at(-DAY) },
    ]);
    const archivedOf = async (id: number) =>
      (await env.DB.prepare("SELECT archived_counts AS a FROM newsletter_issues WHERE id = ?").bind(id).first<{ a: string | null }>())?.a;
    expect(JSON.parse((await archivedOf(1)) ?? "null")).toEqual({
      queued: 0,
      handed: 0,
      sent: 3,
      failed: 3,
      bounced: 1,
      complained: 1,
      skipped: 1,
      unsubscribedSince: 1,
      failures: { bounced: 1, complained: 1, "invalid-address": 1, suppressed: 2 },
    });
    expect(await archivedOf(2)).toBeNull();
    // The same numbers on the list and the issue's page; the archived failures are counts without addresses.
    expect(await seen()).toEqual(before);
    expect(await addresses(1)).toEqual([
      { reason: "suppressed", addresses: ["s11@example.com"] },
      { reason: "bounced", addresses: ["s12@example.com"] },
      { reason: "complained", addresses: [] },
      { reason: "invalid-address", addresses: [] },
    ]);
    expect((await issueDeliveryReport(db, 1)).archived).toBe(9);

    // A second run at the same moment deletes nothing and adds nothing twice.
    const archived = await archivedOf(1);
    expect(await runRetention(db, NOW)).toMatchObject({ newsletterDeliveries: 0 });
    expect(await archivedOf(1)).toBe(archived);
    expect(await seen()).toEqual(before);

    // Two milliseconds later the rest of issue 1 is due: added to what was archived, the numbers still the same.
    expect(await runRetention(db, new Date(NOW.getTime() + 2))).toMatchObject({ newsletterDeliveries: 3 });
    expect((await deliveries()).map((row) => row.i)).toEqual([2, 2]);
    expect(JSON.parse((await archivedOf(1)) ?? "null")).toEqual({
      queued: 0,
      handed: 0,
      sent: 4,
      failed: 4,
      bounced: 2,
      complained: 1,
      skipped: 1,
      unsubscribedSince: 2,
      failures: { bounced: 2, complained: 1, "invalid-address": 1, suppressed: 3 },
    });
    expect(await seen()).toEqual(before);
    expect((await addresses(1)).every((failure) => failure.addresses.length === 0)).toBe(true);
    expect(await runRetention(db, new Date(NOW.getTime() + 2))).toMatchObject({ newsletterDeliveries: 0 });
    expect(await seen()).toEqual(before);
  });

  it("deletes the daily analytics aggregates older than 25 months and keeps the newer ones", async () => {
    // NOW is 2030-06-15: 25 months before is 2028-05-15, the first day kept.
    expect(analyticsRetentionCutoff(NOW)).toBe("2028-05-15");
    const days = ["2028-05-13", "2028-05-14", "2028-05-15", "2030-06-15"];
    await env.DB.batch(
      days.flatMap((day) => [
        env.DB.prepare(
          "INSERT INTO analytics_pages (day, pattern, content_id, views, visitors) VALUES (?, '/articles/:id', '1', 3, 2)",
        ).bind(day),
        env.DB.prepare("INSERT INTO analytics_dimensions (day, dimension, value, views, visitors) VALUES (?, 'site', '', 3, 2)").bind(day),
        env.DB.prepare("INSERT INTO analytics_plays (day, practice_id, plays) VALUES (?, 1, 1)").bind(day),
      ]),
    );
    expect(await runRetention(testDb(), NOW)).toMatchObject({ analyticsRows: 6 });
    for (const table of ["analytics_pages", "analytics_dimensions", "analytics_plays"])
      expect(await remaining(table, "day"), table).toEqual(["2028-05-15", "2030-06-15"]);
    expect(await runRetention(testDb(), NOW)).toMatchObject({ analyticsRows: 0 });
  });

  it("the Worker's scheduled handler runs it", async () => {
    await seedBothSides();
    vi.spyOn(console, "log").mockImplementation(() => {});

    const controller = { cron: "17 3 * * *", scheduledTime: NOW.getTime(), noRetry() {} } as ScheduledController;
    await worker.scheduled(controller, env as never);
    expect(await remaining("contact_messages", "name")).toEqual(["keep"]);
  });
});
