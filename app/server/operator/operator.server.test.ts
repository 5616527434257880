import { env } from "cloudflare:test";
import { and, eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mailLog, siteMeta } from "../../../db/schema";
import { countingD1 } from "../../../tests/support/counting-d1";
import { testDb } from "../../../tests/support/db";
import { action as stripeWebhook } from "../../routes/api/stripe.webhook";
import { action as mailProviderWebhook } from "../../routes/api/webhooks.mail-provider";
import { getDb, type Database } from "../core/db.server";
import { WebhookSignatureError } from "../core/http.server";
import { handleDeadMailBatch, type MailQueueBody } from "../mail/mail.server";
import { handleStripeWebhook } from "../payments/payments.server";
import worker from "../../../workers/app";
import { PUBLISH_CRON } from "../content/publication.server";
import { RETENTION_CRON } from "../site/retention.server";
import { siteSettingsSchema } from "~/lib/admin-account-schemas";
import { operatorEmail, metaVersion, saveSiteSettings, siteSettingsForm } from "../site/site.server";
import {
  ALERT_INTERVAL_MS,
  alertStates,
  CRON_JOBS,
  CRON_STALE_MS,
  checkCronFreshness,
  checkDeferredMail,
  cronRuns,
  noteAlert,
  noteWebhookRefused,
  recordCronRun,
  runCronJob,
  sendDueAlert,
  systemState,
} from "./operator.server";

const NOW = new Date("2026-11-28T04:00:00.000Z");
const HOUR = 60 * 60 * 1000;
let db: Database;
let logged: string[];

function fakeQueue() {
  const sent: MailQueueBody[] = [];
  return {
    sent,
    send: async (body: MailQueueBody) => {
      sent.push(body);
    },
    sendBatch: async () => {},
  } as unknown as Pick<Queue<MailQueueBody>, "send"> & { sent: MailQueueBody[] };
}

const alertMails = () => db.select().from(mailLog).where(eq(mailLog.kind, "operator-alert")).all();
/** The JSON lines logged with this event name. */
const events = (name: string) =>
  logged.flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as { event?: string };
      return parsed.event === name ? [parsed as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM mail_log"),
    env.DB.prepare("DELETE FROM site_meta WHERE key LIKE 'alert.%' OR key LIKE 'count.%' OR key LIKE 'cron.%' OR key LIKE 'setting.%'"),
  ]);
  db = testDb();
  logged = [];
  const keep = (...args: unknown[]) => {
    logged.push(String(args[0]));
  };
  vi.spyOn(console, "error").mockImplementation(keep);
  vi.spyOn(console, "log").mockImplementation(keep);
  vi.spyOn(console, "warn").mockImplementation(keep);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("alerts", () => {
  it("concurrent occurrences send exactly one alert, with their count, to the contact e-mail by default", async () => {
    const queue = fakeQueue();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => noteAlert(db, "dead-letter", { now: NOW, details: `message ${i}`, mail: { db, queue } })),
    );
    const mails = await alertMails();
    expect(mails).toHaveLength(1);
    expect(queue.sent).toHaveLength(1);
    expect(mails[0]?.to).toBe("hello@theexaminedlife.org");
    const data = mails[0]?.data as { kind: string; count: number; since: string };
    expect(data.kind).toBe("dead-letter");
    expect(data.since).toBe(NOW.toISOString());
    // The winner claimed what had been counted when it ran; the rest wait for the next hour. Nothing is lost.
    const state = (await alertStates(db))["dead-letter"];
    expect(data.count + (state?.pending ?? 0)).toBe(8);
    expect(state?.lastSent).toBe(NOW.toISOString());
    expect(events("alert.sent")).toHaveLength(1);
  });

  it("at most once an hour per kind: later occurrences are counted and sent once the hour has passed", async () => {
    const mail = { db, queue: fakeQueue() };
    await noteAlert(db, "webhook-signature", { now: NOW, details: "stripe: invalid-signature.", mail });
    await noteAlert(db, "webhook-signature", { now: new Date(NOW.getTime() + 10 * 60 * 1000), mail });
    await noteAlert(db, "webhook-signature", { now: new Date(NOW.getTime() + 20 * 60 * 1000), mail });
    // Another kind has its own hour.
    await noteAlert(db, "cron", { now: new Date(NOW.getTime() + 20 * 60 * 1000), details: "The publish job failed.", mail });
    expect((await alertMails()).map((row) => (row.data as { kind: string }).kind).sort()).toEqual(["cron", "webhook-signature"]);

    expect(await sendDueAlert(db, "webhook-signature", new Date(NOW.getTime() + 59 * 60 * 1000), { mail })).toBe(false);
    const later = new Date(NOW.getTime() + ALERT_INTERVAL_MS);
    expect(await sendDueAlert(db, "webhook-signature", later, { mail })).toBe(true);
    const second = (await alertMails()).filter((row) => (row.data as { kind: string }).kind === "webhook-signature")[1];
    expect(second?.data).toMatchObject({ count: 2, since: new Date(NOW.getTime() + 10 * 60 * 1000).toISOString() });
    // Nothing waiting: nothing sent.
    expect(await sendDueAlert(db, "webhook-signature", new Date(later.getTime() + 2 * HOUR), { mail })).toBe(false);
  });

  it("an alert that could not be written keeps its count for the next hour", async () => {
    const broken = { db, queue: fakeQueue() };
    const refusing = {
      ...broken,
      db: {
        ...db,
        insert: () => {
          throw new Error("D1_ERROR: overloaded");
        },
      } as unknown as Database,
    };
    await noteAlert(db, "cron", { now: NOW, details: "The publish job failed.", mail: refusing });
    expect(events("alert.send_failed")).toHaveLength(1);
    expect((await alertStates(db)).cron).toMatchObject({ pending: 1, since: NOW.toISOString(), lastSent: NOW.toISOString() });
    expect(await sendDueAlert(db, "cron", new Date(NOW.getTime() + ALERT_INTERVAL_MS), { mail: broken })).toBe(true);
    expect((await alertMails())[0]?.data).toMatchObject({ kind: "cron", count: 1, since: NOW.toISOString() });
  });

  it("goes to the Operator e-mail of Settings when it is set; the mail names the kind and count", async () => {
    await saveSiteSettings(db, { ...(await siteSettingsForm(db)), operatorEmail: "ops@example.com" }, await metaVersion(db, "settings"));
    await noteAlert(db, "mail-deferred", { now: NOW, details: "3 e-mails deferred for over 6 hours.", mail: { db, queue: fakeQueue() } });
    const [mail] = await alertMails();
    expect(mail?.to).toBe("ops@example.com");
    expect(mail?.subject).toContain("held back for over 6 hours");
  });

  it("Settings: the Operator e-mail may be empty (the contact e-mail then) or an address, nothing else", async () => {
    const form = { ...(await siteSettingsForm(db)) };
    expect(form.operatorEmail).toBe("");
    expect(siteSettingsSchema.parse({ ...form, operatorEmail: " Ops@Example.com " }).operatorEmail).toBe("ops@example.com");
    expect(siteSettingsSchema.parse({ ...form, operatorEmail: "" }).operatorEmail).toBe("");
    expect(siteSettingsSchema.safeParse({ ...form, operatorEmail: "not an address" }).error?.issues[0]?.message).toContain(
      "Operator e-mail",
    );
    await saveSiteSettings(db, { ...form, email: "owner@example.com" }, await metaVersion(db, "settings"));
    expect(await operatorEmail(db)).toBe("owner@example.com");
  });

  it("the dead-letter consumer counts its messages as one alert", async () => {
    const mail = { db, queue: fakeQueue() };
    const message = (id: number) => ({ id: `m${id}`, timestamp: NOW, body: { id }, attempts: 11, ack() {}, retry() {} });
    await handleDeadMailBatch(
      {
        queue: "mail-dead-letters",
        messages: [message(1), message(2)],
        metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } },
        ackAll() {},
        retryAll() {},
      } as unknown as MessageBatch<MailQueueBody>,
      { db, now: () => NOW, onDeadLetters: (count, details) => noteAlert(db, "dead-letter", { count, details, now: NOW, mail }) },
    );
    const [alert] = await alertMails();
    expect(alert?.data).toMatchObject({ kind: "dead-letter", count: 2 });
    expect(events("mail.dead_lettered")[0]).toMatchObject({ level: "error", count: 2 });
    expect((await systemState(db, NOW)).failures.deadLetters).toBe(2);
  });
});

describe("cron runs", () => {
  it("records each job's last run; a job that threw is recorded as failed, logged, and alerted", async () => {
    const mail = { db, queue: fakeQueue() };
    expect(await runCronJob(db, "publish", NOW, async () => "done", { mail })).toBe("done");
    await expect(
      runCronJob(
        db,
        "retention",
        NOW,
        async () => {
          throw new Error("D1_ERROR: no such table");
        },
        { mail },
      ),
    ).rejects.toThrow("no such table");
    const runs = await cronRuns(db);
    expect(runs.publish).toEqual({ at: NOW.toISOString(), ok: true, message: null });
    expect(runs.retention).toMatchObject({ at: NOW.toISOString(), ok: false, message: expect.stringContaining("no such table") });
    expect(runs["deferred-mail"]).toBeNull();
    expect(events("cron.publish.done")).toHaveLength(1);
    expect(events("cron.retention.failed")[0]).toMatchObject({ level: "error" });
    const [alert] = await alertMails();
    expect(alert?.data).toMatchObject({ kind: "cron", count: 1, details: expect.stringContaining("retention") });
  });

  it("each schedule checks the other: a job that has not run for 2 days is alerted, a recent one is not", async () => {
    const mail = { db, queue: fakeQueue() };
    await recordCronRun(db, "retention", new Date(NOW.getTime() - CRON_STALE_MS + HOUR), { ok: true });
    expect(await checkCronFreshness(db, ["retention"], NOW, { mail })).toEqual([]);
    expect(await alertMails()).toHaveLength(0);
    const later = new Date(NOW.getTime() + 2 * HOUR);
    expect(await checkCronFreshness(db, ["retention"], later, { mail })).toEqual(["retention"]);
    const [alert] = await alertMails();
    expect(alert?.data).toMatchObject({ kind: "cron", details: expect.stringContaining("has not run since") });
  });

  it("a job never run is watched from the first check", async () => {
    const mail = { db, queue: fakeQueue() };
    expect(await checkCronFreshness(db, ["publish"], NOW, { mail })).toEqual([]);
    expect(await checkCronFreshness(db, ["publish"], new Date(NOW.getTime() + CRON_STALE_MS + HOUR), { mail })).toEqual(["publish"]);
  });
});

describe("mail held back", () => {
  it("mail deferred for over 6 hours is alerted; younger deferred mail is not", async () => {
    const mail = { db, queue: fakeQueue() };
    const row = (createdAt: string) => ({ to: "a@example.com", subject: "S", kind: "receipt", status: "deferred", createdAt });
    await db.insert(mailLog).values(row(new Date(NOW.getTime() - 5 * HOUR).toISOString()));
    expect(await checkDeferredMail(db, NOW, { mail })).toEqual({ deferred: 0, paused: 0 });
    await db.insert(mailLog).values(row(new Date(NOW.getTime() - 7 * HOUR).toISOString()));
    expect(await checkDeferredMail(db, NOW, { mail })).toEqual({ deferred: 1, paused: 0 });
    const [alert] = await alertMails();
    expect(alert?.data).toMatchObject({ kind: "mail-deferred", count: 1 });
    const state = await systemState(db, NOW);
    // The alert itself is queued mail.
    expect(state.mailWaiting).toMatchObject({ deferred: 2, queued: 1 });
    expect(state.alerts.find((a) => a.kind === "mail-deferred")).toMatchObject({ lastSent: NOW.toISOString(), lastCount: 1 });
  });
});

describe("the dashboard's System card", () => {
  it("reads D1 in one round trip of six statements (cron runs, alert states, the two counts, mail, newsletter deliveries)", async () => {
    const d1 = countingD1();
    const state = await d1.run(() => systemState(getDb(), NOW));
    expect(d1.trips.map((trip) => trip.length)).toEqual([6]);
    expect(state.cron.map((entry) => entry.job)).toEqual([...CRON_JOBS]);
  });
});

describe("webhook signatures", () => {
  const post = (path: string, headers: Record<string, string>) =>
    new Request(`http://localhost${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: "{}" });

  it("a refused Stripe or mail provider webhook is logged with a request id and counted", async () => {
    const stripe = await stripeWebhook({
      request: post("/api/stripe/webhook", { "stripe-signature": "t=1,v1=bad", "cf-ray": "ray-1" }),
    } as never);
    expect((stripe as Response).status).toBe(400);
    const provider = await mailProviderWebhook({ request: post("/api/webhooks/mail-provider", { "cf-ray": "ray-2" }) } as never);
    expect((provider as Response).status).toBe(400);
    const refused = events("webhook.refused");
    expect(refused).toEqual([
      expect.objectContaining({ requestId: "ray-1", source: "stripe", level: "warn" }),
      expect.objectContaining({ requestId: "ray-2", source: "mail-provider", reason: "missing-signature" }),
    ]);
    expect((await systemState(db)).failures.webhookSignatures).toBe(2);
    const counted = await db
      .select()
      .from(siteMeta)
      .where(and(like(siteMeta.key, "alert.%"), eq(siteMeta.key, "alert.webhook-signature")))
      .get();
    expect(counted).toBeDefined();
  });

  it("a missing STRIPE_WEBHOOK_SECRET is refused as before (400), and now logged as an error saying which secret, and counted", async () => {
    const request = new Request("http://localhost/api/stripe/webhook", {
      method: "POST",
      headers: { "stripe-signature": "t=1,v1=x", "cf-ray": "ray-3" },
      body: "{}",
    });
    const refused = await handleStripeWebhook({ db, stripe: {} as never, webhookSecret: "", origin: "http://localhost" }, request).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(WebhookSignatureError);
    expect(refused).toMatchObject({ status: 400, source: "stripe", reason: "secret-not-set" });
    await noteWebhookRefused(db, refused as WebhookSignatureError, request, { now: NOW, mail: { db, queue: fakeQueue() } });
    expect(events("webhook.refused")[0]).toMatchObject({
      level: "error",
      requestId: "ray-3",
      reason: "secret-not-set",
      hint: expect.stringContaining("STRIPE_WEBHOOK_SECRET"),
    });
    const [alert] = await alertMails();
    expect(alert?.data).toMatchObject({ kind: "webhook-signature", count: 1, details: expect.stringContaining("STRIPE_WEBHOOK_SECRET") });
  });
});

describe("the Worker's scheduled handler", () => {
  const run = (cron: string, at: Date) =>
    worker.scheduled({ cron, scheduledTime: at.getTime(), noRetry() {} } as ScheduledController, env as never);

  it("records every 5-minute job's run, and the daily job's", async () => {
    await run(PUBLISH_CRON, NOW);
    const runs = await cronRuns(db);
    for (const job of ["publish", "newsletter-resume", "deferred-mail", "analytics-forget", "gifts"] as const)
      expect(runs[job]).toEqual({ at: NOW.toISOString(), ok: true, message: null });
    expect(runs.retention).toBeNull();
    await run(RETENTION_CRON, NOW);
    expect((await cronRuns(db)).retention).toMatchObject({ at: NOW.toISOString(), ok: true });
    // One line, with the job's counts and the run's id (app/server/core/log.server.ts).
    expect(events("cron.retention.done")).toEqual([
      expect.objectContaining({ level: "info", requestId: `cron:${RETENTION_CRON}:${NOW.toISOString()}`, oldMails: 0, accessTokens: 0 }),
    ]);
    expect(events("cron.publish.done")[0]).toMatchObject({ requestId: `cron:${PUBLISH_CRON}:${NOW.toISOString()}`, article: 0 });
  });

  it("a queue batch's lines carry its job id; a queue without a consumer keeps its messages", async () => {
    let retried = false;
    const batch = {
      queue: "some-other-queue",
      messages: [{ id: "msg-1", body: {} }],
      retryAll: () => {
        retried = true;
      },
    } as unknown as MessageBatch;
    await worker.queue(batch, env as never);
    expect(retried).toBe(true);
    expect(events("queue.no_consumer")).toEqual([
      expect.objectContaining({ level: "error", requestId: "queue:some-other-queue:msg-1", queue: "some-other-queue", count: 1 }),
    ]);
  });

  it("the 5-minute run alerts when the daily job has not run for 2 days", async () => {
    await recordCronRun(db, "retention", new Date(NOW.getTime() - CRON_STALE_MS - HOUR), { ok: true });
    await run(PUBLISH_CRON, NOW);
    expect(events("cron.stale")[0]).toMatchObject({ jobs: "retention" });
    expect((await alertStates(db)).cron).toMatchObject({ lastSent: NOW.toISOString(), lastCount: 1 });
  });
});
