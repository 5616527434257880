/**
 * Test helpers for the newsletter pipeline (used by *.test.ts only): a queue that keeps what it is given and is
 * drained by the real consumer (`handleMailBatch`) the way Cloudflare Queues runs it (batches of 10, two at a time,
 * retry and ack honoured), and a stand-in for the provider with seeded failures, a daily quota and suppressed addresses.
 * TODO(integrator): switch `fakeProvider` to the provider helper's `createResendEmulator` once merged.
 */
import { handleMailBatch, type MailQueueBody } from "~/server/mail/mail.server";
import type { MailTransport, SendOutcome, TransportMessage } from "~/server/mail/transport.server";
import type { NewsletterQueue, NewsletterQueueBody } from "~/server/newsletter/issues.server";
import { handleNewsletterMessage, type NewsletterConsumerDeps } from "~/server/newsletter/sending.server";

/** wrangler.toml's consumer settings: max_batch_size 10, max_concurrency 2, max_retries 10. */
export const QUEUE_SETTINGS = { batchSize: 10, concurrency: 2, maxRetries: 10 };

type Pending = { body: MailQueueBody; attempts: number };

/** Seeded pseudo-random numbers (mulberry32): the same failures on every run. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The `mail` queue in a test: keeps what is sent, and runs it through the consumer on `drain`. */
export function testQueue() {
  const pending: Pending[] = [];
  const deadLettered: Pending[] = [];
  const delays: number[] = [];
  const queue = {
    send: async (body: NewsletterQueueBody) => {
      pending.push({ body, attempts: 1 });
    },
    sendBatch: async (messages: Iterable<MessageSendRequest<NewsletterQueueBody>>) => {
      const list = [...messages];
      if (list.length > 100) throw new Error(`sendBatch takes at most 100 messages, got ${list.length}`);
      for (const message of list) pending.push({ body: message.body, attempts: 1 });
    },
  } as unknown as NewsletterQueue;

  function batchOf(items: Pending[]) {
    const retried: Pending[] = [];
    const messages = items.map(
      (item, i) =>
        ({
          id: `m${i}`,
          timestamp: new Date(),
          body: item.body,
          attempts: item.attempts,
          ack() {},
          retry(options?: { delaySeconds?: number }) {
            delays.push(options?.delaySeconds ?? 0);
            retried.push({ body: item.body, attempts: item.attempts + 1 });
          },
        }) as Message<MailQueueBody>,
    );
    const batch = { queue: "mail", messages, metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } }, ackAll() {}, retryAll() {} };
    return { batch: batch as MessageBatch<MailQueueBody>, retried };
  }

  /** Runs one batch through the consumer as workers/app.ts does; returns the messages it asked to retry. */
  async function run(items: Pending[], deps: NewsletterConsumerDeps) {
    const { batch, retried } = batchOf(items);
    await handleMailBatch(batch, {
      db: deps.db,
      // Only newsletter messages reach this consumer: the transactional transport is the newsletter's, unused.
      transport: deps.transport,
      from: deps.from,
      newsletter: (message) => handleNewsletterMessage(message, deps),
    });
    return retried;
  }

  /**
   * Delivers everything on the queue, and what that queues, until it is empty: batches of 10, two consumers at once.
   * A retried message comes back (one attempt more) until max_retries, then it is dead-lettered (kept here).
   */
  async function drain(deps: NewsletterConsumerDeps, { maxBatches = 10_000 } = {}) {
    let batches = 0;
    while (pending.length > 0) {
      if (++batches > maxBatches) throw new Error("The queue does not drain");
      const running: Promise<Pending[]>[] = [];
      for (let c = 0; c < QUEUE_SETTINGS.concurrency && pending.length > 0; c++)
        running.push(run(pending.splice(0, QUEUE_SETTINGS.batchSize), deps));
      for (const retried of await Promise.all(running))
        for (const item of retried) (item.attempts > QUEUE_SETTINGS.maxRetries + 1 ? deadLettered : pending).push(item);
    }
  }

  return { queue, pending, deadLettered, delays, drain, run };
}

export type FakeProviderOptions = {
  clock: () => Date;
  /** Share of calls that fail with a retryable error (429/500), seeded. */
  failRate?: number;
  seed?: number;
  /** Messages accepted per UTC day; then every call is refused with daily_quota_exceeded (deferred). */
  dailyQuota?: number;
  /** Addresses refused for good (a permissive batch's per-message error): permanent, reason "suppressed". */
  suppressed?: string[];
  maxBatch?: number;
};

/**
 * A newsletter transport that behaves as the provider (Resend) does for the pipeline: batches of up to 100, an
 * idempotency key that answers a repeated call with the first answer, seeded retryable failures of whole calls, a
 * daily quota by its clock's UTC day, and suppressed addresses. `accepted` is every message it took.
 */
export function fakeProvider(options: FakeProviderOptions) {
  const random = seeded(options.seed ?? 1);
  const suppressed = new Set(options.suppressed ?? []);
  const accepted: (TransportMessage & { providerId: string })[] = [];
  const calls: TransportMessage[][] = [];
  const perDay = new Map<string, number>();
  const answers = new Map<string, SendOutcome[]>();
  const stats = { retryable: 0, deferred: 0, permanent: 0, replayed: 0 };
  const transport: MailTransport = {
    name: "provider",
    maxBatch: options.maxBatch ?? 100,
    async send(message, sendOptions) {
      const [outcome] = await transport.sendBatch([message], sendOptions);
      return outcome as SendOutcome;
    },
    async sendBatch(messages, sendOptions) {
      if (messages.length > transport.maxBatch) throw new Error(`at most ${transport.maxBatch} per call`);
      calls.push(messages);
      // Yield, as a network call would: concurrent consumers interleave here.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const key = sendOptions?.idempotencyKey;
      const replay = key ? answers.get(key) : undefined;
      if (replay) {
        stats.replayed++;
        return replay;
      }
      if (options.failRate && random() < options.failRate) {
        stats.retryable++;
        return messages.map(() => ({
          ok: false,
          failure: { class: "retryable", code: "rate_limit_exceeded", message: "Too many requests" },
        }));
      }
      const day = options.clock().toISOString().slice(0, 10);
      const used = perDay.get(day) ?? 0;
      const taking = messages.filter((message) => !suppressed.has(message.to)).length;
      if (options.dailyQuota !== undefined && used + taking > options.dailyQuota) {
        stats.deferred++;
        return messages.map(() => ({
          ok: false,
          failure: { class: "deferred", code: "daily_quota_exceeded", message: "You have reached your daily sending quota." },
        }));
      }
      const outcomes: SendOutcome[] = messages.map((message) => {
        if (suppressed.has(message.to)) {
          stats.permanent++;
          return {
            ok: false,
            failure: { class: "permanent", code: "validation_error", message: "The recipient is suppressed.", reason: "suppressed" },
          };
        }
        const providerId = crypto.randomUUID();
        accepted.push({ ...message, providerId });
        return { ok: true, providerId };
      });
      perDay.set(day, used + taking);
      if (key) answers.set(key, outcomes);
      return outcomes;
    },
  };
  return { transport, accepted, calls, stats };
}
