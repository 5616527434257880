import { loggedEvents } from "../../../tests/support/logs";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mailLog } from "../../../db/schema";
import { testDb } from "../../../tests/support/db";
import worker from "../../../workers/app";
import wranglerToml from "../../../wrangler.toml?raw";
import type { Database } from "../core/db.server";
import {
  handleDeadMailBatch,
  handleMailBatch,
  MAIL_DEAD_LETTER_QUEUE_NAME,
  MAIL_GIVE_UP_AFTER_MS,
  MAIL_MAX_ATTEMPTS,
  MAIL_QUEUE_NAME,
  MAIL_RESUME_LIMIT,
  MAIL_RETRY_DEFERRAL_MS,
  type MailConsumerDeps,
  type MailQueueBody,
  mailFailureReason,
  mailRetryDelaySeconds,
  mailStatusReason,
  nextUtcMidnight,
  type OutgoingMail,
  resumeDeferredMail,
  sendEmail,
  senderAddress,
} from "./mail.server";
import type { MailFailure, MailTransport, SendOutcome, TransportMessage } from "./transport.server";
import { emailServiceTransport } from "./transports/index.server";

const FROM = "The Examined Life <courses@theexaminedlife.org>";
const MAIL: OutgoingMail<"receipt"> = {
  to: "ada@example.com",
  kind: "receipt",
  data: {
    courseTitle: "Stoa",
    amountCents: 4900,
    currency: "usd",
    paidAt: "2026-03-01T10:00:00.000Z",
    orderReference: "EL-000042",
    accessUrl: "https://theexaminedlife.org/learn/access/abc",
    learnUrl: "https://theexaminedlife.org/learn",
    contactEmail: "hello@theexaminedlife.org",
  },
};

/** A queue message as the runtime hands it to the consumer, recording what the consumer decided. */
type FakeMessage = Message<MailQueueBody> & { acked: boolean; retried: QueueRetryOptions | null };

function fakeMessage(body: MailQueueBody, attempts = 1): FakeMessage {
  const message = {
    id: crypto.randomUUID(),
    timestamp: new Date(),
    body,
    attempts,
    acked: false,
    retried: null as QueueRetryOptions | null,
    ack() {
      message.acked = true;
    },
    retry(options: QueueRetryOptions = {}) {
      message.retried = options;
    },
  };
  return message;
}

function fakeBatch(queue: string, messages: FakeMessage[]): MessageBatch<MailQueueBody> {
  return {
    queue,
    messages,
    metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } },
    ackAll: () => {
      for (const message of messages) message.ack();
    },
    retryAll: (options) => {
      for (const message of messages) message.retry(options);
    },
  };
}

function fakeQueue(fail?: Error) {
  const sent: MailQueueBody[] = [];
  const batches: number[] = [];
  return {
    sent,
    batches,
    send: async (body: MailQueueBody) => {
      if (fail) throw fail;
      sent.push(body);
      return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } };
    },
    sendBatch: async (messages: Iterable<MessageSendRequest<MailQueueBody>>) => {
      if (fail) throw fail;
      const list = [...messages];
      batches.push(list.length);
      for (const message of list) sent.push(message.body);
      return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } };
    },
  };
}

/** A transport that answers with `answer` (sent by default) and keeps what it was given. */
function fakeTransport(
  answer: (message: TransportMessage, index: number) => SendOutcome = (_, i) => ({ ok: true, providerId: `p-${i + 1}` }),
) {
  const sent: { message: TransportMessage; idempotencyKey?: string }[] = [];
  const transport: MailTransport & { sent: typeof sent } = {
    name: "email-service",
    maxBatch: 1,
    sent,
    async send(message, options) {
      sent.push({ message, idempotencyKey: options?.idempotencyKey });
      return answer(message, sent.length - 1);
    },
    async sendBatch(messages, options) {
      return Promise.all(messages.map((message) => transport.send(message, options)));
    },
  };
  return transport;
}
const failing = (failure: MailFailure) => fakeTransport(() => ({ ok: false, failure }));
const RETRYABLE: MailFailure = { class: "retryable", code: "E_RATE_LIMIT_EXCEEDED", message: "Slow down" };
const QUOTA: MailFailure = { class: "deferred", code: "E_DAILY_LIMIT_EXCEEDED", message: "Daily limit reached" };
const SUPPRESSED: MailFailure = {
  class: "permanent",
  code: "E_RECIPIENT_SUPPRESSED",
  message: "Recipient suppressed",
  reason: "suppressed",
};

const NOW = new Date("2026-05-05T14:00:00.000Z");
const row = (db: Database, id: number) => db.select().from(mailLog).where(eq(mailLog.id, id)).get();

let db: Database;
let errorLog: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  // tests/setup empties the content tables before each test; mail_log is not among them.
  await env.DB.prepare("DELETE FROM mail_log").run();
  db = testDb();
  errorLog = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Queues MAIL and returns its id (the queue itself is a fake that accepts everything). */
async function queued(mail: OutgoingMail = MAIL) {
  return sendEmail(mail, { db, queue: fakeQueue() });
}

/** Runs the consumer on one message for `id`, on its `attempt`, with `transport`, as of `now`. */
async function consume(id: number, transport: MailTransport, { attempt = 1, now = NOW, random = (): number => 0.5 } = {}) {
  const message = fakeMessage({ id }, attempt);
  const deps: MailConsumerDeps = { db, transport, from: FROM, now: () => now, random };
  await handleMailBatch(fakeBatch(MAIL_QUEUE_NAME, [message]), deps);
  return message;
}

describe("sendEmail", () => {
  it("writes a queued row with the template's data and the rendered subject, never the body, and queues its id", async () => {
    const queue = fakeQueue();
    const id = await sendEmail(MAIL, { db, queue });
    // The link travels on the message (production's row keeps none: credentials.server.test.ts; locally it does, for the dev mailbox).
    expect(queue.sent).toEqual([{ id, secrets: { accessUrl: MAIL.data.accessUrl } }]);
    const saved = await row(db, id);
    expect(saved).toMatchObject({
      to: MAIL.to,
      kind: "receipt",
      subject: "Your receipt: Stoa",
      data: MAIL.data,
      status: "queued",
      attempts: 0,
      lastError: null,
      sentAt: null,
      transport: null,
    });
    const columns = Object.keys((await env.DB.prepare("SELECT * FROM mail_log WHERE id = ?").bind(id).first()) ?? {});
    expect(columns).not.toContain("text");
    expect(columns).not.toContain("html");
  });

  it("does not throw when the queue fails: the row is deferred (the cron queues it), with the error, and it is logged", async () => {
    const id = await sendEmail(MAIL, { db, queue: fakeQueue(new Error("Queue unavailable")) });
    const saved = await row(db, id);
    expect(saved?.status).toBe("deferred");
    expect(Date.parse(saved?.deferredUntil ?? "")).toBeLessThanOrEqual(Date.now());
    expect(saved?.lastError).toContain("Queue unavailable");
    expect(loggedEvents(errorLog)).toContainEqual(
      expect.objectContaining({ event: "mail.queue_failed", id, error: "Error: Queue unavailable" }),
    );
  });

  it("stores the List-Unsubscribe pair for a list mail", async () => {
    const id = await sendEmail(
      {
        to: "bob@example.com",
        kind: "newsletter-confirmation",
        data: { confirmUrl: "https://x.org/c/1", expiresInDays: 7 },
        listUnsubscribeUrl: "https://x.org/u/1",
      },
      { db, queue: fakeQueue() },
    );
    expect((await row(db, id))?.headers).toEqual({
      "List-Unsubscribe": "<https://x.org/u/1>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("a newsletter test stores the issue's id and origin; the subject is the issue's, marked [Test]", async () => {
    const issue = await env.DB.prepare(
      "INSERT INTO newsletter_issues (subject, body) VALUES ('Spring', 'Hello **all**') RETURNING id",
    ).first<{ id: number }>();
    const id = await queued({
      to: "owner@example.com",
      kind: "newsletter-test",
      data: { issueId: Number(issue?.id), origin: "https://x.org" },
    });
    expect(await row(db, id)).toMatchObject({ subject: "[Test] Spring", data: { issueId: issue?.id, origin: "https://x.org" } });
    const transport = fakeTransport();
    await consume(id, transport);
    expect(transport.sent[0]?.message.text).toContain("Hello");
    await env.DB.prepare("DELETE FROM newsletter_issues").run();
  });

  it("uses the request's database and the real MAIL_QUEUE binding by default", async () => {
    const id = await sendEmail(MAIL);
    expect(["queued", "sent"]).toContain((await row(db, id))?.status);
  });
});

describe("handleMailBatch", () => {
  it("renders the row's data, sends it through the transport once with the mail's idempotency key, marks it sent and acknowledges", async () => {
    const id = await queued();
    const transport = fakeTransport();
    const message = await consume(id, transport);

    expect(transport.sent).toHaveLength(1);
    const [sent] = transport.sent;
    expect(sent?.idempotencyKey).toBe(`mail-${id}`);
    expect(sent?.message).toMatchObject({ from: FROM, to: MAIL.to, subject: "Your receipt: Stoa", tags: { mail: String(id) } });
    expect(sent?.message.text).toContain("EL-000042");
    expect(sent?.message.html).toContain("https://theexaminedlife.org/learn/access/abc");
    expect(await row(db, id)).toMatchObject({
      status: "sent",
      attempts: 1,
      providerId: "p-1",
      transport: "email-service",
      sentAt: NOW.toISOString(),
      lastError: null,
    });
    expect(message.acked).toBe(true);
    expect(message.retried).toBeNull();
  });

  it("delivers through the real (locally simulated) EMAIL binding", async () => {
    const id = await queued();
    const message = await consume(id, emailServiceTransport(env.EMAIL));
    expect((await row(db, id))?.status).toBe("sent");
    expect(message.acked).toBe(true);
  });

  it("does not send a mail again when the queue delivers it a second time", async () => {
    const id = await queued();
    const transport = fakeTransport();
    await consume(id, transport);
    const again = await consume(id, transport, { attempt: 2 });
    expect(transport.sent).toHaveLength(1);
    expect(again.acked).toBe(true);
    expect((await row(db, id))?.attempts).toBe(1);
  });

  it("retries a retryable failure with a jittered, growing delay, recording attempts and the error", async () => {
    const id = await queued();
    const transport = failing(RETRYABLE);
    const first = await consume(id, transport, { attempt: 1, random: () => 0 });
    const second = await consume(id, transport, { attempt: 2, random: () => 0.99 });

    expect(first.acked).toBe(false);
    expect(first.retried?.delaySeconds).toBe(mailRetryDelaySeconds(1, () => 0));
    expect(first.retried?.delaySeconds).toBe(15);
    expect(second.retried?.delaySeconds).toBe(mailRetryDelaySeconds(2, () => 0.99));
    const saved = await row(db, id);
    expect(saved).toMatchObject({ status: "queued", attempts: 2, sentAt: null, transport: "email-service" });
    expect(saved?.lastError).toBe("E_RATE_LIMIT_EXCEEDED: Slow down");
  });

  it("on the queue's last attempt a retryable failure defers the mail for 30 minutes and acknowledges: never failed", async () => {
    const id = await queued();
    const last = await consume(id, failing(RETRYABLE), { attempt: MAIL_MAX_ATTEMPTS });
    expect(await row(db, id)).toMatchObject({
      status: "deferred",
      deferredUntil: new Date(NOW.getTime() + MAIL_RETRY_DEFERRAL_MS).toISOString(),
      lastError: "E_RATE_LIMIT_EXCEEDED: Slow down",
    });
    expect(last.acked).toBe(true);
    expect(last.retried).toBeNull();
  });

  it("gives up on a mail still undelivered 3 days after it was written, with a clear last error", async () => {
    const id = await queued();
    const created = (await row(db, id))?.createdAt ?? "";
    const later = new Date(Date.parse(created) + MAIL_GIVE_UP_AFTER_MS);
    const last = await consume(id, failing(RETRYABLE), { attempt: MAIL_MAX_ATTEMPTS, now: later });
    const saved = await row(db, id);
    expect(saved?.status).toBe("failed");
    expect(saved?.lastError).toBe("Gave up: not delivered within 3 days of being written (last error: E_RATE_LIMIT_EXCEEDED: Slow down).");
    expect(last.acked).toBe(true);
  });

  it("a quota defers the mail until the service's reset, or the next UTC midnight, and acknowledges", async () => {
    const withReset = await queued();
    const message = await consume(withReset, failing({ ...QUOTA, retryAfterSeconds: 3600 }));
    expect(await row(db, withReset)).toMatchObject({ status: "deferred", deferredUntil: "2026-05-05T15:00:00.000Z", attempts: 1 });
    expect(message.acked).toBe(true);

    const withoutReset = await queued();
    await consume(withoutReset, failing(QUOTA));
    expect(await row(db, withoutReset)).toMatchObject({
      status: "deferred",
      deferredUntil: "2026-05-06T00:00:00.000Z",
      lastError: "E_DAILY_LIMIT_EXCEEDED: Daily limit reached",
    });
  });

  it("a permanent failure fails the mail at once with its reason, acknowledges, and never retries it", async () => {
    const id = await queued();
    const transport = failing(SUPPRESSED);
    const message = await consume(id, transport);
    expect(await row(db, id)).toMatchObject({ status: "failed", lastError: "suppressed: Recipient suppressed", attempts: 1 });
    expect(message.acked).toBe(true);
    expect(message.retried).toBeNull();
    await consume(id, transport, { attempt: 2 });
    expect(transport.sent).toHaveLength(1);
    expect(mailStatusReason("failed", (await row(db, id))?.lastError ?? null)).toMatch(/suppresses this address/);

    const bounced = await queued();
    await consume(bounced, failing({ class: "permanent", code: "bounce", message: "No such user", reason: "bounced" }));
    expect((await row(db, bounced))?.status).toBe("bounced");
  });

  it("keeps the message on the queue when D1 cannot record a deferral, so the mail is not stranded as queued", async () => {
    const id = await queued();
    const failingWrites = new Proxy(db, {
      get: (target, property) =>
        property === "update"
          ? () => ({ set: () => ({ where: () => Promise.reject(new Error("D1 unavailable")) }) })
          : Reflect.get(target, property),
    });
    const message = fakeMessage({ id });
    await handleMailBatch(fakeBatch(MAIL_QUEUE_NAME, [message]), {
      db: failingWrites,
      transport: failing(QUOTA),
      from: FROM,
      now: () => NOW,
    });
    expect(message.acked).toBe(false);
    expect(message.retried?.delaySeconds).toBeGreaterThan(0);
    expect(loggedEvents(errorLog)).toContainEqual(expect.objectContaining({ event: "mail.record_failed", id }));
  });

  it("fails a row written before bodies stopped being stored, without sending", async () => {
    const id = await queued();
    await db.update(mailLog).set({ data: null }).where(eq(mailLog.id, id));
    const transport = fakeTransport();
    const message = await consume(id, transport);
    expect(transport.sent).toHaveLength(0);
    expect(await row(db, id)).toMatchObject({ status: "failed" });
    expect((await row(db, id))?.lastError).toMatch(/written before bodies stopped being stored/i);
    expect(message.acked).toBe(true);
  });

  it("handles each message of a batch on its own", async () => {
    const good = await queued();
    const missing = fakeMessage({ id: 987_654 });
    const ok = fakeMessage({ id: good });
    const transport = fakeTransport();
    await handleMailBatch(fakeBatch(MAIL_QUEUE_NAME, [missing, ok]), { db, transport, from: FROM });
    expect(missing.acked).toBe(true);
    expect(ok.acked).toBe(true);
    expect(transport.sent).toHaveLength(1);
  });
});

describe("mailRetryDelaySeconds", () => {
  it("doubles from 30 s up to 15 minutes, each step jittered between its half and its whole", () => {
    const low = [1, 2, 3, 4, 5, 6, 7, 11].map((attempt) => mailRetryDelaySeconds(attempt, () => 0));
    const high = [1, 2, 3, 4, 5, 6, 7, 11].map((attempt) => mailRetryDelaySeconds(attempt, () => 1));
    expect(low).toEqual([15, 30, 60, 120, 240, 450, 450, 450]);
    expect(high).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
    const spread = new Set(Array.from({ length: 50 }, () => mailRetryDelaySeconds(3)));
    expect(spread.size).toBeGreaterThan(5);
    for (const delay of spread) expect(delay).toBeGreaterThanOrEqual(60);
  });

  it("the next UTC midnight", () => {
    expect(nextUtcMidnight(new Date("2026-12-31T23:59:59.000Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});

describe("handleDeadMailBatch", () => {
  it("defers dead-lettered mails (the cron takes them up again), keeps their last error, and logs them", async () => {
    const id = await queued();
    await db.update(mailLog).set({ attempts: MAIL_MAX_ATTEMPTS, lastError: "Error: D1 unavailable" }).where(eq(mailLog.id, id));
    const other = await queued();
    const messages = [fakeMessage({ id }, 1), fakeMessage({ id: other }, 1)];
    await handleDeadMailBatch(fakeBatch(MAIL_DEAD_LETTER_QUEUE_NAME, messages), { db, now: () => NOW });

    const until = new Date(NOW.getTime() + MAIL_RETRY_DEFERRAL_MS).toISOString();
    expect(await row(db, id)).toMatchObject({ status: "deferred", deferredUntil: until, lastError: "Error: D1 unavailable" });
    expect(await row(db, other)).toMatchObject({ status: "deferred", lastError: expect.stringContaining("dead-letter") });
    expect(messages.every((message) => message.acked)).toBe(true);
    expect(loggedEvents(errorLog)).toContainEqual(
      expect.objectContaining({ level: "error", event: "mail.dead_lettered", count: 2, ids: `${id},${other}` }),
    );
  });

  it("leaves a row that was sent, or failed for good, as it is", async () => {
    const sent = await queued();
    await consume(sent, fakeTransport());
    const failed = await queued();
    await consume(failed, failing(SUPPRESSED));
    await handleDeadMailBatch(fakeBatch(MAIL_DEAD_LETTER_QUEUE_NAME, [fakeMessage({ id: sent }), fakeMessage({ id: failed })]), { db });
    expect((await row(db, sent))?.status).toBe("sent");
    expect((await row(db, failed))?.status).toBe("failed");
  });
});

describe("resumeDeferredMail (the 5-minute cron)", () => {
  const insertDeferred = (count: number, deferredUntil: string, createdAt: string) =>
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO mail_log ("to", subject, kind, data, status, deferred_until, last_error, created_at)
       SELECT 'x' || i || '@example.com', 'S', 'receipt', '{}', 'deferred', ?, 'E_DAILY_LIMIT_EXCEEDED: quota', ? FROM n`,
    )
      .bind(count, deferredUntil, createdAt)
      .run();
  const statuses = async () =>
    Object.fromEntries(
      (await env.DB.prepare("SELECT status, count(*) AS n FROM mail_log GROUP BY status").all<{ status: string; n: number }>()).results.map(
        (r) => [r.status, r.n],
      ),
    );

  it("queues the due deferred mails again, 100 per sendBatch, leaves the others, and gives up on those older than 3 days", async () => {
    const written = "2026-05-04T09:00:00.000Z";
    await insertDeferred(250, "2026-05-05T00:00:00.000Z", written); // due at NOW
    await insertDeferred(3, "2026-05-06T00:00:00.000Z", written); // tomorrow
    await insertDeferred(2, "2026-05-05T00:00:00.000Z", "2026-05-02T13:59:59.999Z"); // written over 3 days before NOW
    const queue = fakeQueue();
    expect(await resumeDeferredMail(db, queue, NOW)).toEqual({ queued: 250, givenUp: 2 });
    expect(queue.batches).toEqual([100, 100, 50]);
    expect(await statuses()).toEqual({ queued: 250, deferred: 3, failed: 2 });
    const gaveUp = await env.DB.prepare("SELECT last_error FROM mail_log WHERE status = 'failed' LIMIT 1").first<{ last_error: string }>();
    expect(gaveUp?.last_error).toBe("Gave up: not delivered within 3 days of being written (last error: E_DAILY_LIMIT_EXCEEDED: quota).");
    // Nothing more is due now; the next day the rest are.
    expect(await resumeDeferredMail(db, queue, NOW)).toEqual({ queued: 0, givenUp: 0 });
    expect(await resumeDeferredMail(db, queue, new Date("2026-05-06T00:05:00.000Z"))).toEqual({ queued: 3, givenUp: 0 });
  });

  it("queues at most MAIL_RESUME_LIMIT per run, and puts mails back to deferred if the queue refuses them", async () => {
    await insertDeferred(MAIL_RESUME_LIMIT + 5, "2026-05-05T00:00:00.000Z", "2026-05-05T00:00:00.000Z");
    expect(await resumeDeferredMail(db, fakeQueue(new Error("Queue down")), NOW)).toEqual({ queued: 0, givenUp: 0 });
    expect(await statuses()).toEqual({ deferred: MAIL_RESUME_LIMIT + 5 });
    const queue = fakeQueue();
    expect(await resumeDeferredMail(db, queue, NOW)).toEqual({ queued: MAIL_RESUME_LIMIT, givenUp: 0 });
    expect(queue.batches).toHaveLength(MAIL_RESUME_LIMIT / 100);
    expect(await statuses()).toEqual({ queued: MAIL_RESUME_LIMIT, deferred: 5 });
  });

  it("a mail deferred by a quota is delivered once after the reset: the cron as of the next day queues it, the consumer sends it", async () => {
    const id = await queued();
    await consume(id, failing(QUOTA));
    expect((await row(db, id))?.status).toBe("deferred");

    const queue = fakeQueue();
    expect(await resumeDeferredMail(db, queue, new Date("2026-05-05T23:55:00.000Z"))).toEqual({ queued: 0, givenUp: 0 });
    expect(await resumeDeferredMail(db, queue, new Date("2026-05-06T00:00:00.000Z"))).toEqual({ queued: 1, givenUp: 0 });
    expect(queue.sent).toEqual([{ id }]);
    const transport = fakeTransport();
    await consume(id, transport, { now: new Date("2026-05-06T00:00:30.000Z") });
    await consume(id, transport, { attempt: 2, now: new Date("2026-05-06T00:01:00.000Z") });
    expect(transport.sent).toHaveLength(1);
    expect(await row(db, id)).toMatchObject({ status: "sent", attempts: 2, sentAt: "2026-05-06T00:00:30.000Z" });
  });

  it("the Worker's 5-minute cron runs it (as of its scheduled time), alongside publishing", async () => {
    await insertDeferred(2, "2030-01-01T00:00:00.000Z", "2029-12-31T12:00:00.000Z");
    const early = { cron: "*/5 * * * *", scheduledTime: Date.parse("2029-12-31T23:55:00.000Z"), noRetry() {} } as ScheduledController;
    await worker.scheduled(early, env as never);
    // Not due yet. Written 12 hours before, they are also mail held back for over 6 hours: the operator's alert is
    // queued beside them (app/server/operator/operator.server.ts), and the real queue may already have sent it.
    expect((await statuses()).deferred).toBe(2);
    // The real queue: its consumer may already have taken them.
    const due = { cron: "*/5 * * * *", scheduledTime: Date.parse("2030-01-01T00:00:00.000Z"), noRetry() {} } as ScheduledController;
    await worker.scheduled(due, env as never);
    expect((await statuses()).deferred).toBeUndefined();
  });
});

describe("mailFailureReason and mailStatusReason", () => {
  it("reads the permanent reason off last_error, and says in words why a mail was not delivered", () => {
    expect(mailFailureReason("invalid-address: nope")).toBe("invalid-address");
    expect(mailFailureReason("E_RATE_LIMIT_EXCEEDED: slow")).toBeNull();
    expect(mailStatusReason("sent", null)).toBeNull();
    expect(mailStatusReason("deferred", "E_DAILY_LIMIT_EXCEEDED: x")).toBeNull();
    expect(mailStatusReason("bounced", null)).toMatch(/hard bounce/);
    expect(mailStatusReason("complained", null)).toMatch(/spam/);
    expect(mailStatusReason("suppressed", null)).toMatch(/suppresses/);
    expect(mailStatusReason("failed", "Gave up: not delivered within 3 days")).toBe(
      "It could not be delivered: Gave up: not delivered within 3 days",
    );
  });
});

describe("wrangler.toml's mail consumer", () => {
  it("locally and in production: 10 a batch, 2 consumers at most, max_retries one less than MAIL_MAX_ATTEMPTS", () => {
    const consumers = [
      ...wranglerToml.matchAll(/^\[\[(?:env\.production\.)?queues\.consumers\]\]\nqueue = "mail"\n((?:[a-z_]+ = .+\n)+)/gm),
    ];
    expect(consumers).toHaveLength(2);
    for (const [, settings = ""] of consumers) {
      expect(settings).toContain("max_batch_size = 10\n");
      expect(settings).toContain("max_concurrency = 2\n");
      expect(settings).toContain(`max_retries = ${MAIL_MAX_ATTEMPTS - 1}\n`);
      expect(settings).toMatch(/max_batch_timeout = [15]\n/);
    }
  });
});

describe("senderAddress", () => {
  it("splits a display name from the address, and passes a bare address through", () => {
    expect(senderAddress(FROM)).toEqual({ name: "The Examined Life", email: "courses@theexaminedlife.org" });
    expect(senderAddress('"Stoa, Inc." <a@b.org>')).toEqual({ name: "Stoa, Inc.", email: "a@b.org" });
    expect(senderAddress("a@b.org")).toBe("a@b.org");
  });
});
