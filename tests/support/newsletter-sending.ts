/**
 * Test helpers for the newsletter pipeline (used by *.test.ts only): a queue that keeps what it is given and is
 * drained by the real consumer (`handleMailBatch`) the way Cloudflare Queues runs it (batches of 10, two at a time,
 * retry and ack honoured), and the provider's stand-in (workers/mail-provider-emulator) with seeded failures, a daily
 * quota and suppressed addresses, reached through Resend's adapter.
 */
import { handleMailBatch, type MailQueueBody } from "~/server/mail/mail.server";
import type { MailTransport, SendOutcome, TransportMessage } from "~/server/mail/transport.server";
import { resendTransport } from "~/server/mail/transports/resend.server";
import { createResendEmulator } from "../../workers/mail-provider-emulator/emulator";
import { mailProviderSecrets } from "./mail-provider";
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
 * The newsletter's transport as in production, Resend's adapter (`resendTransport`), talking to the provider's local
 * stand-in (workers/mail-provider-emulator) in-process: batches of up to 100 with permissive validation, idempotency
 * keys, seeded retryable failures of whole calls, a daily quota by the test's clock, and suppressed addresses.
 * `accepted` is every message the stand-in took; `calls` every batch the pipeline sent; `stats` what it answered.
 */
export function fakeProvider(options: FakeProviderOptions) {
  const emulator = createResendEmulator({ ...mailProviderSecrets(), now: () => options.clock().getTime(), seed: options.seed ?? 1 });
  const configured = emulator.control({
    failRate: options.failRate ?? 0,
    dailyQuota: options.dailyQuota ?? null,
    suppressed: options.suppressed ?? [],
  });
  const calls: TransportMessage[][] = [];
  const stats = { retryable: 0, deferred: 0, permanent: 0, replayed: 0 };
  const adapter = resendTransport({
    apiKey: mailProviderSecrets().apiKey,
    clock: options.clock,
    fetch: async (input, init) => {
      await configured;
      const response = await emulator.fetch(new Request(input, init));
      if (response.headers.get("Idempotent-Replayed") === "true") stats.replayed++;
      return response;
    },
  });
  const transport: MailTransport = {
    name: "provider",
    maxBatch: options.maxBatch ?? adapter.maxBatch,
    send: async (message, sendOptions) => (await transport.sendBatch([message], sendOptions))[0] as SendOutcome,
    async sendBatch(messages, sendOptions) {
      if (messages.length > transport.maxBatch) throw new Error(`at most ${transport.maxBatch} per call`);
      calls.push(messages);
      const outcomes = await adapter.sendBatch(messages, sendOptions);
      const failures = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.failure.class]));
      if (failures.length === messages.length && failures[0] !== "permanent") stats[failures[0] as "retryable" | "deferred"]++;
      else stats.permanent += failures.filter((failure) => failure === "permanent").length;
      return outcomes;
    },
  };
  return {
    transport,
    calls,
    stats,
    /** What the stand-in accepted, oldest first, as the pipeline gave it. */
    get accepted() {
      return emulator
        .emails()
        .map((email) => ({
          to: email.to[0] ?? "",
          subject: email.subject,
          html: email.html,
          text: email.text,
          headers: email.headers,
          providerId: email.id,
          tags: Object.fromEntries((email.tags ?? []).map((tag) => [tag.name, tag.value])),
        }))
        .reverse();
    },
  };
}
