/**
 * Outgoing transactional e-mail (receipts, access links, confirmations, invites, refunds). `sendEmail` writes a
 * `mail_log` row (recipient, kind, the template's input as `data`, never the body, and never its credentials:
 * ./credentials.server.ts) and puts its id, with the credentials, on the `mail` queue; the queue consumer
 * (`handleMailBatch`, run by workers/app.ts) renders the message from `data` and the message's credentials
 * (`renderMail`) and hands it to the transactional transport (`transportFor("transactional")`). The request that
 * sends mail never waits for, or fails because of, the mail service: the consumer acts on the transport's answer
 * (docs/operations.md "Mail queue limits"):
 * - sent: the row is "sent" with the transport's message id;
 * - retryable (rate limit, 5xx, timeout): retried with jittered exponential backoff; after the queue's last attempt
 *   the row is "deferred" for 30 minutes and the 5-minute cron (`resumeDeferredMail`) queues it again;
 * - deferred (a daily quota): "deferred" until the service's reset (else the next UTC midnight), then the cron;
 * - permanent (suppressed, invalid, rejected): "failed" (or "bounced"/"complained") at once, never retried.
 * A mail is only given up ("failed") for a quota or an outage once it is `MAIL_GIVE_UP_AFTER_MS` old.
 * Newsletter issues are not logged here: `newsletter_deliveries` is their log (app/server/newsletter/issues.server.ts).
 */
import { env } from "cloudflare:workers";
import { and, asc, desc, eq, inArray, lte, notInArray, sql } from "drizzle-orm";
import { mailLog } from "../../../db/schema";
import { getDb, type Database } from "../core/db.server";
import { config } from "../core/config.server";
import { logEvent, shortError } from "../core/log.server";
import { siteSettings } from "../site/site.server";
import { missingSecrets, placeholderText, type StoredCredentials, splitMailData, withoutSecrets } from "./credentials.server";
import { type MailDataByKind, type MailKind, renderMail } from "./render.server";
import { failureReasonText, type MailFailure, type MailTransport, type PermanentReason, type SendOutcome } from "./transport.server";
import { transportFor } from "./transports/index.server";

export type { MailKind } from "./render.server";

/** The queues of wrangler.toml: deliveries, and where the queue moves a message it gave up on. */
export const MAIL_QUEUE_NAME = "mail";
export const MAIL_DEAD_LETTER_QUEUE_NAME = "mail-dead-letters";

/**
 * Deliveries of one queue message: the first one plus wrangler.toml's `max_retries = 10` (keep the two in step).
 * On this attempt a retryable failure does not fail the row: it is deferred (`MAIL_RETRY_DEFERRAL_MS`) and acknowledged,
 * and the cron queues it again as a new message.
 */
export const MAIL_MAX_ATTEMPTS = 11;
/** How long a mail that used up its queue attempts waits before the cron queues it again. */
export const MAIL_RETRY_DEFERRAL_MS = 30 * 60 * 1000;
/** A mail not delivered this long after it was written (an outage, a quota that never lifts) is given up: "failed". */
export const MAIL_GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/** The cron re-queues at most this many deferred mails per run (100 per `sendBatch`, the queue's limit). */
export const MAIL_RESUME_LIMIT = 1000;
const QUEUE_BATCH = 100;

/** A mail_log row's status: see db/schema.ts. */
export type MailStatus = "queued" | "sent" | "deferred" | "failed" | "bounced" | "complained";
/** The statuses after which a mail is never sent (or sent again). */
const FINAL_STATUSES: MailStatus[] = ["sent", "failed", "bounced", "complained"];
/** `last_error` of a mail whose link could not be issued again when the cron queued it (used, expired, not wanted). */
export const CREDENTIAL_GONE =
  "Its single-use link could not be issued again (used, expired, no longer wanted, or written before links stopped being kept): re-send it if it is still needed.";

/** A transactional mail to send: the template's input, never its body (rendered when delivered). */
export type OutgoingMail<K extends MailKind = MailKind> = {
  to: string;
  kind: K;
  data: MailDataByKind[K];
  /** A list mail's personal unsubscribe URL: the message then carries the RFC 8058 headers (`listUnsubscribeHeaders`). */
  listUnsubscribeUrl?: string;
};
/**
 * A `mail` queue message: one `mail_log` row to deliver, or a newsletter message (a fan-out step `{ fanout }` or a
 * batch of deliveries `{ issue, deliveries }`: app/server/newsletter/sending.server.ts).
 */
export type MailQueueBody = MailDeliveryBody | NewsletterQueueBody | AccessLinkRequestBody;
/**
 * "Deliver this mail_log row". `secrets`: its credentials (single-use links), which the row does not keep; absent on a
 * row the cron queues again, whose links the consumer then issues afresh (`MailConsumerDeps.reissue`).
 */
export type MailDeliveryBody = { id: number; secrets?: Record<string, string> };
/** "Continue the fan-out of this issue": write the next page of deliveries and queue them (newsletter/sending.server.ts). */
export type FanoutBody = { fanout: number };
/** "Send these deliveries of this issue" (at most 100 ids: one provider call). */
export type IssueDeliveryBody = { issue: number; deliveries: number[] };
export type NewsletterQueueBody = FanoutBody | IssueDeliveryBody;
/** "Get my access link" (app/server/learning/learner.server.ts): the consumer decides whether to send one, so the request does the same work for everyone. */
export type AccessLinkRequestBody = { accessLinkRequest: { email: string; origin: string } };

export type MailProducerDeps = { db: Database; queue: Pick<Queue<MailQueueBody>, "send"> };
export type MailConsumerDeps = {
  db: Database;
  /** The transactional transport (workers/app.ts passes `transportFor("transactional")`; tests a fake or the emulator). */
  transport: MailTransport;
  from: string;
  /** The clock and the jitter's randomness, for tests. */
  now?: () => Date;
  random?: () => number;
  /** Handles the newsletter's messages (workers/app.ts passes `handleNewsletterMessage`). */
  newsletter?: (message: Message<MailQueueBody>) => Promise<void>;
  /** Handles the access-link requests (workers/app.ts passes `handleAccessLinkRequest`). */
  accessLinkRequest?: (message: Message<MailQueueBody>) => Promise<void>;
  /**
   * Issues fresh credentials for a mail whose queue message carries none (workers/app.ts passes `reissueCredentials`,
   * app/server/mail/reissue.server.ts): the new links by field, with what `mail_log.credentials` keeps of them; null
   * when a link is no longer wanted (the invitation was used, the subscription confirmed) or cannot be issued again.
   */
  reissue?: (
    db: Database,
    credentials: StoredCredentials,
    now: Date,
  ) => Promise<{ secrets: Record<string, string>; credentials: StoredCredentials } | null>;
};

/**
 * Queues an e-mail and returns its `mail_log` id. The message is rendered once here, for its subject (the log's
 * one line of text); the body is rendered again when it is delivered or shown. A queue that cannot be reached does
 * not throw: the row is "deferred" with the error, so the 5-minute cron queues it again, and the caller's request
 * carries on. (A failing database insert does throw: it is the caller's own database, not the mail server.)
 */
export async function sendEmail<K extends MailKind>(
  mail: OutgoingMail<K>,
  deps: MailProducerDeps = { db: getDb(), queue: env.MAIL_QUEUE },
): Promise<number> {
  const { db, queue } = deps;
  const { subject } = await renderMail(mail.kind, mail.data, { db, siteName: (await siteSettings(db)).name });
  // Locally the dev mailbox shows each mail as it went, links included; production keeps none (./credentials.server.ts).
  const { stored, secrets, credentials } = await splitMailData(mail.kind, mail.data as Record<string, unknown>, {
    keepSecrets: config().DEV_MAILBOX,
  });
  const row = await db
    .insert(mailLog)
    .values({
      to: mail.to,
      subject,
      kind: mail.kind,
      data: stored,
      credentials,
      headers: mail.listUnsubscribeUrl === undefined ? null : listUnsubscribeHeaders(mail.listUnsubscribeUrl),
      status: "queued",
    })
    .returning({ id: mailLog.id })
    .get();
  try {
    await queue.send(Object.keys(secrets).length > 0 ? { id: row.id, secrets } : { id: row.id });
  } catch (error) {
    logEvent("error", "mail.queue_failed", { id: row.id, kind: mail.kind, error: shortError(error) });
    await db
      .update(mailLog)
      .set({ status: "deferred", deferredUntil: new Date().toISOString(), lastError: `Could not be queued: ${errorText(error)}` })
      .where(eq(mailLog.id, row.id))
      .catch((recordError) => logEvent("error", "mail.record_failed", { id: row.id, error: shortError(recordError) }));
  }
  return row.id;
}

/**
 * The RFC 8058 pair for a list mail: `List-Unsubscribe` with the subscriber's own https link (an http one
 * only on a loopback host, for local runs), and `List-Unsubscribe-Post`, which tells the mail client that a
 * POST to that link unsubscribes in one click. A URL that could break out of the header is refused.
 */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`List-Unsubscribe needs an absolute URL, got "${url}".`);
  }
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(parsed.hostname);
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && loopback)) {
    throw new Error(`List-Unsubscribe needs an https URL, got "${url}".`);
  }
  if (/[\s<>,]/.test(url)) throw new Error(`List-Unsubscribe URL has characters a header cannot hold: "${url}".`);
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * Seconds before the next delivery after a retryable failure on `attempt` (1 = the first): exponential (30 s, 1, 2,
 * 4, 8 min…, at most 15 min) with "equal jitter": half of that step fixed, the other half random, so consumers that
 * failed together (a rate limit, an outage) do not all come back in the same second. `random` is in [0, 1).
 */
export function mailRetryDelaySeconds(attempt: number, random: () => number = Math.random) {
  const step = Math.min(30 * 2 ** Math.max(0, attempt - 1), 15 * 60);
  return Math.round(step / 2 + (step / 2) * Math.min(Math.max(random(), 0), 1));
}

/** The next UTC midnight after `now`: when a daily quota is reset, if the service did not say. */
export function nextUtcMidnight(now: Date) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** The `mail` queue's consumer: delivers each message once (a redelivered, already sent one is acknowledged). */
export async function handleMailBatch(batch: MessageBatch<MailQueueBody>, deps?: MailConsumerDeps) {
  const consumer = deps ?? { db: getDb(), transport: transportFor("transactional"), from: config().MAIL_FROM };
  // One at a time: a batch is at most 10 messages, and the mail service is happier without bursts.
  for (const message of batch.messages) {
    if (isNewsletterMessage(message) && consumer.newsletter) await consumer.newsletter(message);
    else if (isLegacyNewsletterDelivery(message)) {
      // The pipeline before #26 (one delivery per message): its rows are queued again, the cron re-sends them.
      message.ack();
    } else if (isAccessLinkRequestMessage(message) && consumer.accessLinkRequest) await consumer.accessLinkRequest(message);
    else await deliver(message, consumer);
  }
}

function isNewsletterMessage(message: Message<MailQueueBody>) {
  const body = message.body as Partial<{ fanout: unknown; issue: unknown; deliveries: unknown }> | undefined;
  return typeof body?.fanout === "number" || (typeof body?.issue === "number" && Array.isArray(body.deliveries));
}

function isLegacyNewsletterDelivery(message: Message<MailQueueBody>) {
  return typeof (message.body as Partial<{ delivery: unknown }> | undefined)?.delivery === "number";
}

function isAccessLinkRequestMessage(message: Message<MailQueueBody>) {
  return typeof (message.body as Partial<AccessLinkRequestBody> | undefined)?.accessLinkRequest === "object";
}

type MailRow = typeof mailLog.$inferSelect;
type MailUpdate = Partial<typeof mailLog.$inferInsert>;

/**
 * One message: at most three D1 statements (read the row, read the issue for a newsletter test, write the outcome;
 * the site's name comes from the memoised settings) and one call to the transport.
 */
async function deliver(message: Message<MailQueueBody>, deps: MailConsumerDeps) {
  const { db, transport } = deps;
  const now = deps.now?.() ?? new Date();
  const random = deps.random ?? Math.random;
  const id = (message.body as { id?: unknown } | undefined)?.id;
  if (typeof id !== "number" || !Number.isSafeInteger(id)) {
    // Nothing to look up: retrying cannot fix it.
    logEvent("error", "mail.bad_message", { bodyType: typeof message.body });
    message.ack();
    return;
  }

  let row: MailRow | undefined;
  try {
    row = await db.select().from(mailLog).where(eq(mailLog.id, id)).get();
  } catch (error) {
    // The database, not the mail: try again later (after the last attempt the dead-letter consumer defers it).
    logEvent("error", "mail.read_failed", { id, attempt: message.attempts, error: shortError(error) });
    message.retry({ delaySeconds: mailRetryDelaySeconds(message.attempts, random) });
    return;
  }
  if (!row) {
    logEvent("error", "mail.missing_row", { id });
    message.ack();
    return;
  }
  // Queues deliver at least once: a mail already sent (or given up) is not sent again, and a deferred one waits for the cron.
  if (row.status !== "queued") {
    message.ack();
    return;
  }
  /** Writes the attempt's outcome; false if D1 refused it (logged). */
  const record = (set: MailUpdate) =>
    db
      .update(mailLog)
      .set({ attempts: sql`${mailLog.attempts} + 1`, ...set })
      .where(eq(mailLog.id, id))
      .then(
        () => true,
        (error) => {
          logEvent("error", "mail.record_failed", { id, status: set.status, error: shortError(error) });
          return false;
        },
      );

  if (row.data === null) {
    await record({ status: "failed", lastError: "Written before bodies stopped being stored: there is nothing to render." });
    message.ack();
    return;
  }
  // The credentials travel on the message; a mail the cron queued again gets fresh ones.
  const data: Record<string, unknown> = { ...row.data, ...(message.body as MailDeliveryBody).secrets };
  const missing = missingSecrets(row.kind, data, row.credentials);
  if (missing.length > 0) {
    const credentials = row.credentials;
    let fresh: Awaited<ReturnType<NonNullable<MailConsumerDeps["reissue"]>>> = null;
    try {
      fresh = credentials && deps.reissue ? await deps.reissue(db, credentials, now) : null;
      // What the row keeps of the new links, so that a later deferral issues from them (the old ones were never sent).
      if (fresh) await db.update(mailLog).set({ credentials: fresh.credentials }).where(eq(mailLog.id, id));
    } catch (error) {
      logEvent("error", "mail.reissue_failed", { id, kind: row.kind, attempt: message.attempts, error: shortError(error) });
      message.retry({ delaySeconds: mailRetryDelaySeconds(message.attempts, random) });
      return;
    }
    if (!fresh || missing.some((field) => fresh.secrets[field] === undefined)) {
      logEvent("warn", "mail.credential_gone", { id, kind: row.kind, fields: missing.join(",") });
      await record({ status: "failed", lastError: CREDENTIAL_GONE });
      message.ack();
      return;
    }
    Object.assign(data, fresh.secrets);
  }
  let rendered: RenderedMail;
  try {
    const siteName = (await siteSettings(db)).name;
    rendered = await renderMail(row.kind as MailKind, data as MailDataByKind[MailKind], { db, siteName });
  } catch (error) {
    // Its source is gone (a test of a deleted issue) or the template cannot take it: no retry can fix that.
    logEvent("error", "mail.render_failed", { id, kind: row.kind, error: shortError(error) });
    await record({ status: "failed", lastError: `Could not be rendered: ${errorText(error)}` });
    message.ack();
    return;
  }

  let outcome: SendOutcome;
  try {
    outcome = await transport.send(
      {
        from: deps.from,
        to: row.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        ...(row.headers ? { headers: row.headers } : {}),
        tags: { mail: String(id) },
      },
      // The same key on every attempt: a provider that took the first one does not send it twice.
      { idempotencyKey: `mail-${id}` },
    );
  } catch (error) {
    // Transports never throw; one that does is treated as a retryable failure.
    outcome = { ok: false, failure: { class: "retryable", code: "exception", message: errorText(error) } };
  }

  if (outcome.ok) {
    // Should the write fail, the e-mail did go out: a stale row is better than sending it a second time.
    await record({
      status: "sent",
      providerId: outcome.providerId || null,
      transport: transport.name,
      sentAt: now.toISOString(),
      lastError: null,
      deferredUntil: null,
    });
    message.ack();
    return;
  }
  const decision = mailFailureDecision(outcome.failure, { attempt: message.attempts, createdAt: row.createdAt, now, random });
  const status = decision.set.status;
  // Deferred (quota, or retried later by the cron), failed for good (bounced, complained, too old), or retried by the queue.
  const event = status === "deferred" ? "mail.deferred" : status === "queued" ? "mail.retrying" : "mail.failed";
  logEvent(event === "mail.failed" ? "error" : "warn", event, {
    id,
    kind: row.kind,
    attempt: message.attempts,
    class: outcome.failure.class,
    code: outcome.failure.code,
    reason: outcome.failure.reason,
    status,
  });
  const recorded = await record({ ...decision.set, transport: transport.name });
  if (decision.retryDelaySeconds !== undefined) message.retry({ delaySeconds: decision.retryDelaySeconds });
  // Unrecorded, a deferred or failed mail would stay "queued" with nothing to queue it again: the queue keeps it.
  else if (!recorded) message.retry({ delaySeconds: mailRetryDelaySeconds(message.attempts, random) });
  else message.ack();
}

/**
 * What a failed attempt does to the row, and whether the queue retries the message (`retryDelaySeconds`) or it
 * is acknowledged. Exported for the tests.
 */
export function mailFailureDecision(
  failure: MailFailure,
  { attempt, createdAt, now, random = Math.random }: { attempt: number; createdAt: string; now: Date; random?: () => number },
): { set: MailUpdate; retryDelaySeconds?: number } {
  const lastError = failureText(failure);
  if (failure.class === "permanent") {
    const status: MailStatus = failure.reason === "bounced" ? "bounced" : failure.reason === "complained" ? "complained" : "failed";
    return { set: { status, lastError, deferredUntil: null } };
  }
  const tooOld = now.getTime() - Date.parse(createdAt) >= MAIL_GIVE_UP_AFTER_MS;
  if (failure.class === "deferred") {
    const until =
      failure.retryAfterSeconds !== undefined && failure.retryAfterSeconds > 0
        ? new Date(now.getTime() + failure.retryAfterSeconds * 1000)
        : nextUtcMidnight(now);
    return { set: { status: "deferred", lastError, deferredUntil: until.toISOString() } };
  }
  if (attempt < MAIL_MAX_ATTEMPTS)
    return { set: { status: "queued", lastError }, retryDelaySeconds: mailRetryDelaySeconds(attempt, random) };
  if (tooOld) return { set: { status: "failed", lastError: giveUpText(lastError) } };
  // The queue's attempts are used up, not the mail's: the cron queues it again in half an hour.
  return { set: { status: "deferred", lastError, deferredUntil: new Date(now.getTime() + MAIL_RETRY_DEFERRAL_MS).toISOString() } };
}

/** `last_error` of a failure: the permanent reason (or the service's code), then its message: "suppressed: …". */
function failureText(failure: MailFailure) {
  return `${failure.reason ?? failure.code}: ${failure.message}`.slice(0, 1000);
}

function giveUpText(lastError: string | null) {
  return `Gave up: not delivered within 3 days of being written${lastError ? ` (last error: ${lastError})` : ""}.`.slice(0, 1000);
}

const PERMANENT_REASONS: PermanentReason[] = ["suppressed", "invalid-address", "rejected", "bounced", "complained"];

/** The permanent reason a row's `last_error` starts with ("suppressed: …"), for `failureReasonText`; else null. */
export function mailFailureReason(lastError: string | null | undefined): PermanentReason | null {
  const code = lastError?.split(":", 1)[0]?.trim();
  return PERMANENT_REASONS.find((reason) => reason === code) ?? null;
}

/**
 * Why a mail was not delivered, in words, for the order page: for a "failed", "bounced", "complained" or
 * "suppressed" row (the webhook's statuses included), else null. A failure without a permanent reason (given up
 * after 3 days, not renderable) is its `last_error`.
 */
export function mailStatusReason(status: string, lastError: string | null): string | null {
  if (status === "bounced" || status === "complained" || status === "suppressed")
    return failureReasonText(status === "suppressed" ? "suppressed" : status);
  if (status !== "failed") return null;
  const reason = mailFailureReason(lastError);
  if (reason) return failureReasonText(reason);
  return lastError ? `It could not be delivered: ${lastError}` : failureReasonText(null);
}

/**
 * The dead-letter queue's consumer: a message the `mail` queue gave up on (the consumer itself kept failing, e.g. D1)
 * is not lost: its row is "deferred", so the cron queues it again. A row already sent or given up stays as it is.
 */
export async function handleDeadMailBatch(
  batch: MessageBatch<MailQueueBody>,
  deps: {
    db: Database;
    now?: () => Date;
    /** Told how many messages the batch held (workers/app.ts counts them as a "dead-letter" alert). Never throws. */
    onDeadLetters?: (count: number, details: string) => Promise<void>;
  } = { db: getDb() },
) {
  const now = deps.now?.() ?? new Date();
  if (batch.messages.length > 0) {
    const ids = batch.messages.map((message) => (message.body as { id?: unknown } | undefined)?.id).filter((id) => typeof id === "number");
    logEvent("error", "mail.dead_lettered", { count: batch.messages.length, ids: ids.slice(0, 20).join(",") });
    await deps.onDeadLetters?.(
      batch.messages.length,
      `${batch.messages.length} message${batch.messages.length === 1 ? "" : "s"} dead-lettered${ids.length > 0 ? ` (mail ids ${ids.slice(0, 20).join(", ")})` : ""}.`,
    );
  }
  for (const message of batch.messages) {
    const id = (message.body as { id?: unknown } | undefined)?.id;
    if (typeof id !== "number" || !Number.isSafeInteger(id)) {
      message.ack();
      continue;
    }
    try {
      await deps.db
        .update(mailLog)
        .set({
          status: "deferred",
          deferredUntil: new Date(now.getTime() + MAIL_RETRY_DEFERRAL_MS).toISOString(),
          lastError: sql`coalesce(${mailLog.lastError}, 'The mail queue dead-lettered it; the cron queues it again.')`,
        })
        .where(and(eq(mailLog.id, id), notInArray(mailLog.status, FINAL_STATUSES)));
      message.ack();
    } catch (error) {
      logEvent("error", "mail.record_failed", { id, status: "deferred", error: shortError(error) });
      message.retry();
    }
  }
}

/**
 * The 5-minute cron's part for mail_log (workers/app.ts): gives up on deferred mails written more than 3 days
 * before `now` ("failed", with the reason), then queues again, 100 per `sendBatch`, up to `MAIL_RESUME_LIMIT` of the
 * deferred mails whose `deferred_until` has passed (each back to "queued" first, so the consumer sends it; put back
 * to "deferred" if the queue refuses them). Returns what it did.
 */
export async function resumeDeferredMail(db: Database, queue: Pick<Queue<MailQueueBody>, "sendBatch">, now: Date = new Date()) {
  const nowIso = now.toISOString();
  const giveUpBefore = new Date(now.getTime() - MAIL_GIVE_UP_AFTER_MS).toISOString();
  const givenUp = await db
    .update(mailLog)
    .set({
      status: "failed",
      deferredUntil: null,
      lastError: sql`substr('Gave up: not delivered within 3 days of being written' ||
        coalesce(' (last error: ' || ${mailLog.lastError} || ')', '') || '.', 1, 1000)`,
    })
    .where(and(eq(mailLog.status, "deferred"), lte(mailLog.createdAt, giveUpBefore)))
    .returning({ id: mailLog.id });

  // 100 at a time, each claimed by one UPDATE … RETURNING (D1 binds at most 100 values, so no list of ids is bound).
  let queued = 0;
  while (queued < MAIL_RESUME_LIMIT) {
    const claimed = await db
      .update(mailLog)
      .set({ status: "queued" })
      .where(
        inArray(
          mailLog.id,
          db
            .select({ id: mailLog.id })
            .from(mailLog)
            .where(and(eq(mailLog.status, "deferred"), lte(mailLog.deferredUntil, nowIso)))
            .orderBy(asc(mailLog.deferredUntil), asc(mailLog.id))
            .limit(QUEUE_BATCH),
        ),
      )
      .returning({ id: mailLog.id });
    if (claimed.length === 0) break;
    try {
      await queue.sendBatch(claimed.map((row) => ({ body: { id: row.id } })));
      queued += claimed.length;
    } catch (error) {
      logEvent("error", "mail.requeue_failed", { count: claimed.length, error: shortError(error) });
      const ids = JSON.stringify(claimed.map((row) => row.id));
      await db
        .update(mailLog)
        .set({ status: "deferred" })
        .where(and(sql`${mailLog.id} in (select value from json_each(${ids}))`, eq(mailLog.status, "queued")));
      break;
    }
    if (claimed.length < QUEUE_BATCH) break;
  }
  return { queued, givenUp: givenUp.length };
}

export type RenderedMail = Awaited<ReturnType<typeof renderMail>>;

/**
 * A logged mail rendered again from its `data`, for the dev mailbox, the order page and the learner's data export
 * (bodies are not stored). Null when it cannot be: a row written before bodies stopped being stored, or a test of
 * an issue deleted since. Its credentials show as `CREDENTIAL_PLACEHOLDER`, even where `data` has them (the local dev
 * mailbox's rows), unless `withSecrets` (the dev mailbox itself, and the tests reading it).
 */
export async function renderLoggedMail(
  db: Database,
  row: { kind: string; data: unknown },
  options: { withSecrets?: boolean } = {},
): Promise<RenderedMail | null> {
  if (row.data === null || row.data === undefined) return null;
  try {
    const siteName = (await siteSettings(db)).name;
    const data = options.withSecrets ? row.data : withoutSecrets(row.kind, row.data as Record<string, unknown>);
    const mail = await renderMail(row.kind as MailKind, data as MailDataByKind[MailKind], { db, siteName });
    return options.withSecrets ? mail : { ...mail, text: placeholderText(mail.text), html: placeholderText(mail.html) };
  } catch (error) {
    logEvent("error", "mail.render_failed", { kind: row.kind, where: "preview", error: shortError(error) });
    return null;
  }
}

/** The newest e-mails first, for the dev mailbox. */
export function listMailLog(db: Database, limit = 100) {
  return db.select().from(mailLog).orderBy(desc(mailLog.createdAt), desc(mailLog.id)).limit(limit);
}

/**
 * The newest e-mails, each rendered again from its data (`renderLoggedMail`; null when it cannot be), for the local
 * dev mailbox: with the links its local rows keep (DEV_MAILBOX, ./credentials.server.ts).
 */
export async function listRenderedMailLog(db: Database, limit = 100) {
  const rows = await listMailLog(db, limit);
  return Promise.all(rows.map(async (row) => ({ ...row, rendered: await renderLoggedMail(db, row, { withSecrets: true }) })));
}

/** The dev mailbox (/__dev/mail) exists only where wrangler.toml's local vars turn it on; production has no DEV_MAILBOX. */
export function devMailboxEnabled() {
  return config().DEV_MAILBOX;
}

/**
 * MAIL_FROM as the binding's address object: "The Examined Life <courses@…>" becomes
 * { name, email }, so the display name never depends on how the service parses a string.
 */
export function senderAddress(from: string): string | EmailAddress {
  const match = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  if (!match) return from.trim();
  const [, displayName = "", email = ""] = match;
  const name = displayName.replace(/^"(.*)"$/, "$1");
  return name ? { name, email } : email;
}

function errorText(error: unknown) {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 1000);
}
