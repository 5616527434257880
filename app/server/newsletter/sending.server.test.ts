/**
 * Sending an issue through the queue consumer (sending.server.ts): fan-out, deliveries, retries, a daily quota and
 * its pause, permanent failures, duplicated messages, and the stored bytes per recipient.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../../workers/app";
import { PUBLISH_CRON } from "../content/publication.server";
import { testDb } from "../../../tests/support/db";
import { fakeProvider, seeded, testQueue } from "../../../tests/support/newsletter-sending";
import { failureReasonText } from "../mail/transport.server";
import { issueDeliveryReport, startIssueSend } from "./issues.server";
import { nextUtcMidnight, newsletterRetryDelaySeconds, resumeNewsletterSends, STALLED_AFTER_MS } from "./sending.server";

const ORIGIN = "http://localhost";

async function addSubscribers(count: number, status = "confirmed") {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at)
     SELECT 'reader' || i || '@example.com', ?, printf('%064x', i), '2026-01-01T00:00:00.000Z' FROM n`,
  )
    .bind(count, status)
    .run();
}

async function addIssue(subject = "Issue one", body = "Hello **readers**. [Read](/articles/1)") {
  const row = await env.DB.prepare("INSERT INTO newsletter_issues (subject, body) VALUES (?, ?) RETURNING id")
    .bind(subject, body)
    .first<{ id: number }>();
  return row?.id as number;
}

const one = <T>(sql: string, ...bindings: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...bindings)
    .first<T>();

/** A clock the test moves. */
function clockAt(iso: string) {
  let now = new Date(iso);
  return {
    now: () => now,
    set: (at: string | Date) => {
      now = new Date(at);
    },
  };
}

function perAddress(messages: { to: string }[]) {
  const counts = new Map<string, number>();
  for (const message of messages) counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
  return counts;
}

describe("sending an issue through the consumer", () => {
  it("2,000 subscribers, 5% of calls failing, a daily quota at 1,500: paused, resumed the next day, each e-mailed once, none failed", async () => {
    await addSubscribers(2000);
    const id = await addIssue();
    const db = testDb();
    const clock = clockAt("2026-03-10T09:00:00.000Z");
    const provider = fakeProvider({ clock: clock.now, failRate: 0.05, seed: 26, dailyQuota: 1500 });
    const mail = testQueue();
    const deps = {
      db,
      queue: mail.queue,
      transport: provider.transport,
      from: "News <news@example.com>",
      now: clock.now,
      random: seeded(7),
    };

    expect(await startIssueSend(db, id, { origin: ORIGIN, now: clock.now(), queue: mail.queue })).toEqual({
      recipients: 2000,
      queued: true,
    });
    await mail.drain(deps);

    // Day one: the quota stopped it at 1,500; the rest wait, paused until the next UTC midnight; nothing failed.
    expect(provider.accepted).toHaveLength(1500);
    expect(provider.stats.retryable, "the 5% failures happened").toBeGreaterThan(0);
    expect(provider.stats.deferred, "the quota was hit").toBeGreaterThan(0);
    let report = await issueDeliveryReport(db, id);
    expect(report.counts).toMatchObject({ sent: 1500, queued: 500, handed: 0, failed: 0 });
    const paused = await one<{ paused_until: string; pause_reason: string }>(
      "SELECT paused_until, pause_reason FROM newsletter_issues WHERE id = ?",
      id,
    );
    expect(paused?.paused_until).toBe("2026-03-11T00:00:00.000Z");
    expect(paused?.pause_reason).toMatch(/daily_quota_exceeded/);

    // Later that day the cron changes nothing: still paused (and not stalled).
    clock.set("2026-03-10T23:00:00.000Z");
    expect(await resumeNewsletterSends(db, mail.queue, clock.now())).toEqual({ unpaused: [], stalled: [], started: [] });
    expect(mail.pending).toHaveLength(0);

    // The cron "as of" the next day: unpaused, the 500 go out.
    clock.set("2026-03-11T00:05:00.000Z");
    expect(await resumeNewsletterSends(db, mail.queue, clock.now())).toMatchObject({ unpaused: [id] });
    await mail.drain(deps);

    const counts = perAddress(provider.accepted);
    expect(counts.size).toBe(2000);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // Not thanks to the provider's idempotency keys: no call was a repeat of an accepted one.
    expect(provider.stats.replayed).toBe(0);
    expect(mail.deadLettered).toEqual([]);
    report = await issueDeliveryReport(db, id);
    expect(report).toMatchObject({
      recipients: 2000,
      counts: { sent: 2000, queued: 0, handed: 0, failed: 0, bounced: 0, complained: 0, skipped: 0 },
      failures: [],
    });
    const issue = await one<{ paused_until: string | null; fanout_done_at: string | null; recipient_count: number }>(
      "SELECT paused_until, fanout_done_at, recipient_count FROM newsletter_issues WHERE id = ?",
      id,
    );
    expect(issue).toMatchObject({ paused_until: null, recipient_count: 2000 });
    expect(issue?.fanout_done_at).not.toBeNull();
    // Each recipient's own message: their unsubscribe link, the RFC 8058 headers, the delivery's tag.
    const first = provider.accepted.find((message) => message.to === "reader1@example.com");
    const unsubscribeUrl = `${ORIGIN}/newsletter/unsubscribe/${"1".padStart(64, "0")}`;
    expect(first?.headers).toEqual({ "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(first?.text).toContain(unsubscribeUrl);
    expect(first?.html).toContain(`href="${unsubscribeUrl}"`);
    expect(first?.html).toContain(`href="${ORIGIN}/articles/1?utm_source=newsletter&amp;utm_campaign=issue-${id}"`);
    expect(first?.tags?.delivery).toMatch(/^\d+$/);
    // Provider ids are stored per delivery; no mail_log row is written for an issue.
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM newsletter_deliveries WHERE provider_id IS NULL"))?.n).toBe(0);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM mail_log"))?.n).toBe(0);
  });

  it("a permanent 'suppressed' fails that delivery, unsubscribes the address with the reason, and is never retried", async () => {
    await addSubscribers(3);
    const id = await addIssue();
    const db = testDb();
    const clock = clockAt("2026-03-10T09:00:00.000Z");
    const provider = fakeProvider({ clock: clock.now, suppressed: ["reader2@example.com"] });
    const mail = testQueue();
    const deps = { db, queue: mail.queue, transport: provider.transport, from: "news@example.com", now: clock.now };
    await startIssueSend(db, id, { origin: ORIGIN, now: clock.now(), queue: mail.queue });
    await mail.drain(deps);

    expect(provider.accepted.map((message) => message.to).sort()).toEqual(["reader1@example.com", "reader3@example.com"]);
    expect(mail.delays, "nothing was retried").toEqual([]);
    const delivery = await one<{ status: string; error: string; id: number }>(
      "SELECT d.id, d.status, d.error FROM newsletter_deliveries d JOIN newsletter_subscribers s ON s.id = d.subscriber_id WHERE s.email = ?",
      "reader2@example.com",
    );
    expect(delivery).toMatchObject({ status: "failed", error: "suppressed" });
    const subscriber = await one<{ status: string; unsubscribe_reason: string; unsubscribed_at: string }>(
      "SELECT status, unsubscribe_reason, unsubscribed_at FROM newsletter_subscribers WHERE email = ?",
      "reader2@example.com",
    );
    expect(subscriber).toEqual({ status: "unsubscribed", unsubscribe_reason: "suppressed", unsubscribed_at: clock.now().toISOString() });

    // The same message again (a redelivery), and the cron much later: the address is not tried again.
    await mail.queue.send({ issue: id, deliveries: [delivery?.id as number] });
    clock.set(new Date(clock.now().getTime() + STALLED_AFTER_MS * 4));
    expect(await resumeNewsletterSends(db, mail.queue, clock.now())).toEqual({ unpaused: [], stalled: [], started: [] });
    await mail.drain(deps);
    const tried = provider.calls.flat().filter((message) => message.to === "reader2@example.com");
    expect(tried).toHaveLength(1);

    // The issue page says what failed and why, in words, with the address.
    const report = await issueDeliveryReport(db, id);
    expect(report.counts).toMatchObject({ sent: 2, failed: 1, queued: 0 });
    expect(report.failures).toEqual([
      { reason: "suppressed", count: 1, text: failureReasonText("suppressed"), addresses: ["reader2@example.com"] },
    ]);
  });

  it("duplicated fan-out and delivery messages, run at the same time, e-mail nobody twice", async () => {
    await addSubscribers(1200);
    const id = await addIssue();
    const db = testDb();
    const clock = clockAt("2026-03-10T09:00:00.000Z");
    const provider = fakeProvider({ clock: clock.now });
    const mail = testQueue();
    const deps = { db, queue: mail.queue, transport: provider.transport, from: "news@example.com", now: clock.now };
    await startIssueSend(db, id, { origin: ORIGIN, now: clock.now(), queue: mail.queue });

    // The fan-out message twice, consumed by two consumers at once, step after step: deliveries written once each.
    for (let step = 0; step < 10; step++) {
      const fanouts = mail.pending.filter((item) => "fanout" in item.body);
      if (fanouts.length === 0) break;
      for (const item of fanouts) mail.pending.splice(mail.pending.indexOf(item), 1);
      const [fanout] = fanouts;
      if (!fanout) break;
      await Promise.all([mail.run([fanout], deps), mail.run([fanout], deps)]);
    }
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM newsletter_deliveries WHERE issue_id = ?", id))?.n).toBe(1200);
    const deliveries = mail.pending.splice(0);
    expect(deliveries.every((item) => "deliveries" in item.body)).toBe(true);
    expect(deliveries.length).toBeGreaterThanOrEqual(12);

    // Every delivery batch twice, at the same time (a redelivered batch next to the original).
    for (let i = 0; i < deliveries.length; i += 10) {
      const batch = deliveries.slice(i, i + 10);
      await Promise.all([mail.run(batch, deps), mail.run(batch, deps)]);
    }
    // Each address handed to the provider once: the claim, not the provider's idempotency key, stops the copies.
    const counts = perAddress(provider.calls.flat());
    expect(counts.size).toBe(1200);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    expect(provider.accepted).toHaveLength(1200);
    expect((await issueDeliveryReport(db, id)).counts).toMatchObject({ sent: 1200, queued: 0, handed: 0 });
  });

  it("a subscriber who left before their delivery is skipped; a paused issue's messages claim nothing", async () => {
    await addSubscribers(3);
    const id = await addIssue();
    const db = testDb();
    const clock = clockAt("2026-03-10T09:00:00.000Z");
    const provider = fakeProvider({ clock: clock.now });
    const mail = testQueue();
    const deps = { db, queue: mail.queue, transport: provider.transport, from: "news@example.com", now: clock.now };
    await startIssueSend(db, id, { origin: ORIGIN, now: clock.now(), queue: mail.queue });
    // The fan-out only.
    await mail.run(mail.pending.splice(0), deps);
    await env.DB.prepare("UPDATE newsletter_subscribers SET status = 'unsubscribed' WHERE email = 'reader3@example.com'").run();
    await env.DB.prepare("UPDATE newsletter_issues SET paused_until = '2026-03-11T00:00:00.000Z' WHERE id = ?").bind(id).run();
    await mail.drain(deps);
    expect(provider.calls).toHaveLength(0);
    expect((await issueDeliveryReport(db, id)).counts).toMatchObject({ queued: 3, handed: 0 });

    clock.set("2026-03-11T00:00:00.000Z");
    await resumeNewsletterSends(db, mail.queue, clock.now());
    await mail.drain(deps);
    expect(provider.accepted.map((message) => message.to).sort()).toEqual(["reader1@example.com", "reader2@example.com"]);
    expect((await issueDeliveryReport(db, id)).counts).toMatchObject({ sent: 2, skipped: 1, queued: 0 });
  });

  it("the cron resumes a send that stalled: a lost fan-out message, and claims of a consumer that died", async () => {
    await addSubscribers(700);
    const id = await addIssue();
    const db = testDb();
    const clock = clockAt("2026-03-10T09:00:00.000Z");
    const provider = fakeProvider({ clock: clock.now });
    const mail = testQueue();
    const deps = { db, queue: mail.queue, transport: provider.transport, from: "news@example.com", now: clock.now };
    // The queue refused the fan-out message: the send stands, and says so.
    const refusing = { ...mail.queue, send: async () => Promise.reject(new Error("Queue unavailable")) };
    expect(await startIssueSend(db, id, { origin: ORIGIN, now: clock.now(), queue: refusing })).toEqual({ recipients: 700, queued: false });

    // Not yet stalled after 10 minutes; after 15 it is, and the fan-out is queued again.
    clock.set("2026-03-10T09:10:00.000Z");
    expect((await resumeNewsletterSends(db, mail.queue, clock.now())).stalled).toEqual([]);
    clock.set("2026-03-10T09:15:00.000Z");
    expect((await resumeNewsletterSends(db, mail.queue, clock.now())).stalled).toEqual([id]);
    // First page only: its 5 delivery messages are lost (a consumer died after claiming one of them).
    await mail.run(mail.pending.splice(0), deps);
    const lost = mail.pending.filter((item) => "deliveries" in item.body);
    for (const item of lost) mail.pending.splice(mail.pending.indexOf(item), 1);
    const firstLost = lost[0]?.body as { deliveries: number[] };
    await env.DB.prepare("UPDATE newsletter_deliveries SET status = 'handed' WHERE id IN (SELECT value FROM json_each(?))")
      .bind(JSON.stringify(firstLost.deliveries))
      .run();
    await mail.drain(deps);
    expect(provider.accepted).toHaveLength(200);

    clock.set(new Date(clock.now().getTime() + STALLED_AFTER_MS));
    expect((await resumeNewsletterSends(db, mail.queue, clock.now())).stalled).toEqual([id]);
    await mail.drain(deps);
    const counts = perAddress(provider.accepted);
    expect([counts.size, [...counts.values()].every((n) => n === 1)]).toEqual([700, true]);
    expect((await issueDeliveryReport(db, id)).counts).toMatchObject({ sent: 700, queued: 0, handed: 0 });
    // Done: the cron leaves it alone.
    clock.set(new Date(clock.now().getTime() + STALLED_AFTER_MS * 2));
    expect((await resumeNewsletterSends(db, mail.queue, clock.now())).stalled).toEqual([]);
  });

  it("starts scheduled issues that are due, once", async () => {
    await addSubscribers(2);
    const due = await addIssue("Due");
    const later = await addIssue("Later");
    await env.DB.prepare("UPDATE newsletter_issues SET scheduled_at = ? WHERE id = ?").bind("2026-03-10T08:00:00.000Z", due).run();
    await env.DB.prepare("UPDATE newsletter_issues SET scheduled_at = ? WHERE id = ?").bind("2026-03-10T10:00:00.000Z", later).run();
    const db = testDb();
    const mail = testQueue();
    const now = new Date("2026-03-10T09:00:00.000Z");
    expect((await resumeNewsletterSends(db, mail.queue, now)).started).toEqual([due]);
    expect((await resumeNewsletterSends(db, mail.queue, now)).started).toEqual([]);
    expect(mail.pending.map((item) => item.body)).toEqual([{ fanout: due }]);
    const issue = await one<{ sent_at: string; scheduled_at: string | null; recipient_count: number }>(
      "SELECT sent_at, scheduled_at, recipient_count FROM newsletter_issues WHERE id = ?",
      due,
    );
    expect(issue).toEqual({ sent_at: now.toISOString(), scheduled_at: null, recipient_count: 2 });
  });

  it("the Worker's 5-minute cron runs it; a part that fails does not stop the others, and the run reports the failure", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    await addSubscribers(2);
    const paused = await addIssue("Paused");
    const due = await addIssue("Due");
    const at = Date.parse("2026-03-11T00:05:00.000Z");
    await env.DB.prepare(
      "UPDATE newsletter_issues SET sent_at = ?, sent_origin = ?, fanout_done_at = ?, progress_at = ?, paused_until = ? WHERE id = ?",
    )
      .bind("2026-03-10T09:00:00.000Z", ORIGIN, "2026-03-10T09:00:00.000Z", "2026-03-10T10:00:00.000Z", "2026-03-11T00:00:00.000Z", paused)
      .run();
    await env.DB.prepare("INSERT INTO newsletter_deliveries (issue_id, subscriber_id) VALUES (?, 1), (?, 2)").bind(paused, paused).run();
    await env.DB.prepare("UPDATE newsletter_issues SET scheduled_at = ? WHERE id = ?").bind("2026-03-11T00:00:00.000Z", due).run();
    // A queue that takes single messages but refuses batches: re-queuing the paused issue's deliveries fails.
    const sent: unknown[] = [];
    const queue = {
      send: async (body: unknown) => void sent.push(body),
      sendBatch: async () => Promise.reject(new Error("Queue unavailable")),
    };
    const run = worker.scheduled(
      { cron: PUBLISH_CRON, scheduledTime: at, noRetry() {} } as ScheduledController,
      {
        ...env,
        MAIL_QUEUE: queue,
      } as never,
    );
    await expect(run).rejects.toThrow("5-minute cron jobs failed");
    // The scheduled issue started all the same.
    expect(sent).toEqual([{ fanout: due }]);
    expect((await one<{ sent_at: string }>("SELECT sent_at FROM newsletter_issues WHERE id = ?", due))?.sent_at).toBe(
      new Date(at).toISOString(),
    );
  });

  it("backs off exponentially with jitter; a quota without a stated reset waits for the next UTC midnight", () => {
    expect(newsletterRetryDelaySeconds(1, () => 0)).toBe(15);
    expect(newsletterRetryDelaySeconds(1, () => 1)).toBe(30);
    expect(newsletterRetryDelaySeconds(3, () => 0.5)).toBe(90);
    expect(newsletterRetryDelaySeconds(20, () => 1)).toBe(900);
    expect(nextUtcMidnight(new Date("2026-12-31T23:59:00.000Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});

/** SQLite's stored size of an integer in a record (serial types 0-6; 0 and 1 take no body bytes). */
const intBytes = (column: string) =>
  `(CASE WHEN ${column} IS NULL OR ${column} IN (0, 1) THEN 0 WHEN abs(${column}) < 128 THEN 1 WHEN abs(${column}) < 32768 THEN 2
    WHEN abs(${column}) < 8388608 THEN 3 WHEN abs(${column}) < 2147483648 THEN 4 WHEN abs(${column}) < 140737488355328 THEN 6 ELSE 8 END)`;
const textBytes = (column: string) => `coalesce(length(CAST(${column} AS BLOB)), 0)`;

describe("storage", () => {
  it("stays under 200 bytes per recipient: delivery rows and their index entries, and no mail_log rows", async () => {
    await addSubscribers(1000);
    const id = await addIssue("Storage", "A body of some length. ".repeat(200));
    const db = testDb();
    const clock = clockAt("2026-03-10T09:00:00.000Z");
    const provider = fakeProvider({ clock: clock.now });
    const mail = testQueue();
    await startIssueSend(db, id, { origin: ORIGIN, now: clock.now(), queue: mail.queue });
    await mail.drain({ db, queue: mail.queue, transport: provider.transport, from: "news@example.com", now: clock.now });
    expect(provider.accepted).toHaveLength(1000);

    // Each row's record: a header byte per column plus the header's length, then the values as SQLite stores them;
    // plus the rowid (the B-tree key) and the entries of the table's three indexes (their columns and the rowid).
    const columns = ["issue_id", "subscriber_id", "attempts"].map(intBytes);
    const texts = ["status", "provider_id", "error", "created_at", "sent_at", "unsubscribed_at"].map(textBytes);
    const row = `(10 + ${[...columns, ...texts].join(" + ")} + ${intBytes("id")})`;
    const indexes = `(3 + ${intBytes("issue_id")} + ${intBytes("subscriber_id")} + ${intBytes("id")})
      + (2 + ${intBytes("subscriber_id")} + ${intBytes("id")})
      + (3 + ${intBytes("issue_id")} + ${textBytes("status")} + ${intBytes("id")})`;
    const measured = await one<{ n: number; rowBytes: number; indexBytes: number }>(
      `SELECT count(*) AS n, sum(${row}) AS rowBytes, sum(${indexes}) AS indexBytes FROM newsletter_deliveries WHERE issue_id = ?`,
      id,
    );
    const mails = await one<{ n: number; bytes: number | null }>(
      `SELECT count(*) AS n, sum(${textBytes('"to"')} + ${textBytes("subject")} + ${textBytes("data")}) AS bytes FROM mail_log`,
    );
    expect(mails).toEqual({ n: 0, bytes: null });
    const perRecipient = ((measured?.rowBytes ?? 0) + (measured?.indexBytes ?? 0)) / (measured?.n ?? 1);
    expect(measured?.n).toBe(1000);
    console.log(
      `Newsletter storage: ${perRecipient.toFixed(1)} bytes per recipient (rows ${((measured?.rowBytes ?? 0) / 1000).toFixed(1)}, indexes ${((measured?.indexBytes ?? 0) / 1000).toFixed(1)}); ${((perRecipient * 100_000) / 1e6).toFixed(1)} MB per 100,000-recipient issue`,
    );
    expect(perRecipient).toBeLessThan(200);
    expect((perRecipient * 100_000) / 1e6).toBeLessThan(20);
  });
});
