import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mailLog } from "../../../db/schema";
import { testDb } from "../../../tests/support/db";
import type { Database } from "../core/db.server";
import {
  handleDeadMailBatch,
  handleMailBatch,
  MAIL_DEAD_LETTER_QUEUE_NAME,
  MAIL_MAX_ATTEMPTS,
  MAIL_QUEUE_NAME,
  mailRetryDelaySeconds,
  sendEmail,
  senderAddress,
  type MailQueueBody,
  type OutgoingMail,
} from "./mail.server";

const FROM = "The Examined Life <courses@theexaminedlife.org>";
const MAIL: OutgoingMail = {
  to: "ada@example.com",
  subject: "Your receipt: Stoa",
  text: "Thanks.",
  html: "<p>Thanks.</p>",
  kind: "receipt",
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
  return {
    sent,
    send: async (body: MailQueueBody) => {
      if (fail) throw fail;
      sent.push(body);
      return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } };
    },
  };
}

type Sent = { from: unknown; to: unknown; subject: string; text?: string; html?: string };
function fakeEmail(fail?: Error) {
  const sent: Sent[] = [];
  return {
    sent,
    send: (async (message: Sent) => {
      if (fail) throw fail;
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    }) as unknown as SendEmail["send"],
  };
}

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
async function queued() {
  return sendEmail(MAIL, { db, queue: fakeQueue() });
}

describe("sendEmail", () => {
  it("writes a queued log row and puts its id on the queue", async () => {
    const queue = fakeQueue();
    const id = await sendEmail(MAIL, { db, queue });
    expect(queue.sent).toEqual([{ id }]);
    const saved = await row(db, id);
    expect(saved).toMatchObject({ ...MAIL, status: "queued", attempts: 0, lastError: null, sentAt: null });
  });

  it("does not throw when the queue fails: the row is marked failed with the error, and it is logged", async () => {
    const id = await sendEmail(MAIL, { db, queue: fakeQueue(new Error("Queue unavailable")) });
    const saved = await row(db, id);
    expect(saved?.status).toBe("failed");
    expect(saved?.lastError).toContain("Queue unavailable");
    expect(errorLog).toHaveBeenCalledWith("Mail could not be queued", expect.anything(), expect.any(Error));
  });

  it("uses the request's database and the real MAIL_QUEUE binding by default", async () => {
    const id = await sendEmail(MAIL);
    expect((await row(db, id))?.status).toBe("queued");
  });
});

describe("handleMailBatch", () => {
  it("sends with the EMAIL binding's object form, marks the row sent with sent_at, and acknowledges", async () => {
    const id = await queued();
    const email = fakeEmail();
    const message = fakeMessage({ id });
    await handleMailBatch(fakeBatch(MAIL_QUEUE_NAME, [message]), { db, email, from: FROM });

    expect(email.sent).toEqual([
      {
        from: { name: "The Examined Life", email: "courses@theexaminedlife.org" },
        to: MAIL.to,
        subject: MAIL.subject,
        text: MAIL.text,
        html: MAIL.html,
      },
    ]);
    const saved = await row(db, id);
    expect(saved?.status).toBe("sent");
    expect(saved?.attempts).toBe(1);
    expect(Date.parse(saved?.sentAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(message.acked).toBe(true);
    expect(message.retried).toBeNull();
  });

  it("delivers through the real (locally simulated) EMAIL binding with MAIL_FROM", async () => {
    const id = await queued();
    const message = fakeMessage({ id });
    const results: EmailSendResult[] = [];
    const email = {
      send: (async (mail: EmailMessageBuilder) => {
        const result = await env.EMAIL.send(mail);
        results.push(result);
        return result;
      }) as SendEmail["send"],
    };
    await handleMailBatch(fakeBatch(MAIL_QUEUE_NAME, [message]), { db, email, from: env.MAIL_FROM });
    expect(results).toEqual([{ messageId: expect.any(String) }]);
    expect((await row(db, id))?.status).toBe("sent");
    expect(message.acked).toBe(true);
  });

  it("does not send a message again when the queue delivers it a second time", async () => {
    const id = await queued();
    const email = fakeEmail();
    await handleMailBatch(fakeBatch(MAIL_QUEUE_NAME, [fakeMessage({ id })]), { db, email, from: FROM });
    const again = fakeMessage({ id }, 2);
    await handleMailBatch(fakeBatch(MAIL_QUEUE_NAME, [again]), { db, email, from: FROM });
    expect(email.sent).toHaveLength(1);
    expect(again.acked).toBe(true);
    expect((await row(db, id))?.attempts).toBe(1);
  });

  it("retries a failed send with a growing delay, recording attempts and the error", async () => {
    const id = await queued();
    const email = fakeEmail(new Error("Mail service down"));
    const first = fakeMessage({ id }, 1);
    await handleMailBatch(fakeBatch(MAIL_QUEUE_NAME, [first]), { db, email, from: FROM });
    const second = fakeMessage({ id }, 2);
    await handleMailBatch(fakeBatch(MAIL_QUEUE_NAME, [second]), { db, email, from: FROM });

    expect(first.acked).toBe(false);
    expect(first.retried?.delaySeconds).toBe(mailRetryDelaySeconds(1));
    expect(second.retried?.delaySeconds).toBeGreaterThan(first.retried?.delaySeconds ?? Infinity);
    const saved = await row(db, id);
    expect(saved).toMatchObject({ status: "queued", attempts: 2, sentAt: null });
    expect(saved?.lastError).toContain("Mail service down");
  });

  it("marks the row failed on the last attempt and hands the message back so the queue dead-letters it", async () => {
    const id = await queued();
    const last = fakeMessage({ id }, MAIL_MAX_ATTEMPTS);
    await handleMailBatch(fakeBatch(MAIL_QUEUE_NAME, [last]), { db, email: fakeEmail(new Error("Mailbox unavailable")), from: FROM });
    const saved = await row(db, id);
    expect(saved?.status).toBe("failed");
    expect(saved?.lastError).toContain("Mailbox unavailable");
    expect(last.acked).toBe(false);
    expect(last.retried).not.toBeNull();
  });

  it("handles each message of a batch on its own", async () => {
    const good = await queued();
    const missing = fakeMessage({ id: 987_654 });
    const ok = fakeMessage({ id: good });
    const email = fakeEmail();
    await handleMailBatch(fakeBatch(MAIL_QUEUE_NAME, [missing, ok]), { db, email, from: FROM });
    expect(missing.acked).toBe(true);
    expect(ok.acked).toBe(true);
    expect(email.sent).toHaveLength(1);
  });
});

describe("handleDeadMailBatch", () => {
  it("marks dead-lettered messages failed, keeps their last error, and logs them", async () => {
    const id = await queued();
    await db.update(mailLog).set({ attempts: MAIL_MAX_ATTEMPTS, lastError: "Error: Mailbox unavailable" }).where(eq(mailLog.id, id));
    const other = await queued();
    const messages = [fakeMessage({ id }, 1), fakeMessage({ id: other }, 1)];
    await handleDeadMailBatch(fakeBatch(MAIL_DEAD_LETTER_QUEUE_NAME, messages), { db });

    expect(await row(db, id)).toMatchObject({ status: "failed", lastError: "Error: Mailbox unavailable" });
    expect(await row(db, other)).toMatchObject({ status: "failed", lastError: expect.stringContaining("dead-letter") });
    expect(messages.every((message) => message.acked)).toBe(true);
    expect(errorLog).toHaveBeenCalledWith("Mail dead-lettered", expect.objectContaining({ id }));
  });

  it("leaves a row that was sent as sent", async () => {
    const id = await queued();
    await handleMailBatch(fakeBatch(MAIL_QUEUE_NAME, [fakeMessage({ id })]), { db, email: fakeEmail(), from: FROM });
    await handleDeadMailBatch(fakeBatch(MAIL_DEAD_LETTER_QUEUE_NAME, [fakeMessage({ id })]), { db });
    expect((await row(db, id))?.status).toBe("sent");
  });
});

describe("senderAddress", () => {
  it("splits a display name from the address, and passes a bare address through", () => {
    expect(senderAddress(FROM)).toEqual({ name: "The Examined Life", email: "courses@theexaminedlife.org" });
    expect(senderAddress('"Stoa, Inc." <a@b.org>')).toEqual({ name: "Stoa, Inc.", email: "a@b.org" });
    expect(senderAddress("a@b.org")).toBe("a@b.org");
  });
});
