/**
 * Sending an issue, in the `mail` queue's consumer (docs/newsletter.md "Sending issues"). The admin's request only
 * claimed the issue and queued `{ fanout: issueId }` (issues.server.ts `startIssueSend`); from there:
 *
 * - **Fan-out** (`{ fanout }`): the next page of 500 confirmed subscribers after `fanout_cursor` gets its delivery rows
 *   (one INSERT … SELECT, UNIQUE (issue, subscriber) makes a repeat harmless), their ids go on the queue 100 per
 *   message, the cursor moves on (compare-and-set on its old value), and the next `{ fanout }` is queued, or the
 *   fan-out is marked done. The message means "continue", not "page N": a retry after any step carries on.
 * - **Delivery** (`{ issue, deliveries }`): claims the rows (`queued` → `handed`, one UPDATE … RETURNING), renders
 *   each recipient's e-mail (their unsubscribe link, RFC 8058 headers) and hands them to the newsletter transport in
 *   one `sendBatch`. Sent rows get the provider's id; a permanent failure fails that row and unsubscribes the address
 *   with the reason; a retryable one releases the claims and retries the message with jittered backoff; a quota
 *   (deferred) releases them, pauses the issue until the reset and acknowledges: nothing is ever failed for a quota.
 *   A redelivered or duplicated message finds its rows claimed and sends nothing.
 * - **The cron** (`resumeNewsletterSends`, every 5 minutes): unpauses issues whose pause is over and re-queues their
 *   waiting deliveries, re-queues sends that made no progress for 15 minutes, and starts scheduled issues.
 */
import { and, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "../../../db/schema";
import type { Database } from "../core/db.server";
import { logEvent, shortError } from "../core/log.server";
import { toHex } from "../core/session-tokens.server";
import { newsletterIssueEmail } from "../mail/templates/newsletter.server";
import { listUnsubscribeHeaders } from "../mail/mail.server";
import { issueMailParts } from "../mail/render.server";
import type { MailFailure, MailTransport, SendOutcome, TransportMessage } from "../mail/transport.server";
import { siteSettings } from "../site/site.server";
import {
  type FanoutBody,
  type IssueDeliveryBody,
  type NewsletterQueue,
  type NewsletterQueueBody,
  startDueScheduledIssues,
} from "./issues.server";

/** Confirmed subscribers per fan-out step: one INSERT … SELECT and at most 5 queue messages. */
export const FANOUT_PAGE = 500;
/** Delivery ids per queue message: Resend's batch endpoint takes 100 messages per call. */
export const DELIVERIES_PER_MESSAGE = 100;
/** A queue's `sendBatch` takes at most 100 messages. */
const QUEUE_SEND_BATCH = 100;
/** A send with no progress for this long is resumed by the cron (its claims released, its deliveries queued again). */
export const STALLED_AFTER_MS = 15 * 60 * 1000;

export type NewsletterConsumerDeps = {
  db: Database;
  queue: NewsletterQueue;
  /** The newsletter transport (workers/app.ts: `transportFor("newsletter")`). */
  transport: MailTransport;
  /** MAIL_FROM. */
  from: string;
  /** The consumer's clock (tests move it to the next day). */
  now?: () => Date;
  /** For the retry jitter (tests seed it). */
  random?: () => number;
};

export function isFanoutBody(body: unknown): body is FanoutBody {
  return typeof (body as Partial<FanoutBody> | null)?.fanout === "number";
}

export function isIssueDeliveryBody(body: unknown): body is IssueDeliveryBody {
  const value = body as Partial<IssueDeliveryBody> | null;
  return typeof value?.issue === "number" && Array.isArray(value.deliveries);
}

/** Whether a `mail` queue message is the newsletter's (handleMailBatch routes it to `handleNewsletterMessage`). */
export function isNewsletterMessageBody(body: unknown): body is NewsletterQueueBody {
  return isFanoutBody(body) || isIssueDeliveryBody(body);
}

/** The consumer's entry for a newsletter message: a fan-out step or a batch of deliveries. */
export async function handleNewsletterMessage(message: Message<unknown>, deps: NewsletterConsumerDeps) {
  if (isFanoutBody(message.body)) return runFanout(message as Message<FanoutBody>, deps);
  if (isIssueDeliveryBody(message.body)) return deliverIssueBatch(message as Message<IssueDeliveryBody>, deps);
  logEvent("error", "newsletter.bad_message", { bodyType: typeof message.body });
  message.ack();
}

/**
 * Seconds before a retry: exponential (30 s, 1, 2, 4 … minutes, at most 15) with "equal jitter" (half fixed,
 * half random), so the retries of many messages that failed together do not come back together.
 */
export function newsletterRetryDelaySeconds(attempts: number, random: () => number = Math.random) {
  const cap = Math.min(30 * 2 ** Math.max(0, attempts - 1), 15 * 60);
  return Math.round(cap / 2 + (random() * cap) / 2);
}

/** The next UTC midnight after `now`: when a daily quota without a stated reset resets. */
export function nextUtcMidnight(now: Date) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

const idsJson = (ids: number[]) => JSON.stringify(ids);

// ------------------------------------------------------------------------------------------------ fan-out

/** One fan-out step (see the module's comment). Any error retries the message, which continues from the cursor. */
export async function runFanout(message: Message<FanoutBody>, deps: NewsletterConsumerDeps) {
  const { db, queue } = deps;
  const id = message.body.fanout;
  const now = (deps.now ?? (() => new Date()))().toISOString();
  try {
    const issue = await db
      .select({ sentAt: newsletterIssues.sentAt, cursor: newsletterIssues.fanoutCursor, doneAt: newsletterIssues.fanoutDoneAt })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, id))
      .get();
    if (!issue || issue.sentAt === null || issue.doneAt !== null) {
      message.ack();
      return;
    }
    const cursor = issue.cursor;
    const [page] = await db.all<{ n: number; last: number | null }>(
      sql`select count(*) as n, max(id) as last from (select ${newsletterSubscribers.id} as id from ${newsletterSubscribers}
        where ${newsletterSubscribers.status} = 'confirmed' and ${newsletterSubscribers.id} > ${cursor}
        order by ${newsletterSubscribers.id} limit ${FANOUT_PAGE})`,
    );
    const count = Number(page?.n ?? 0);
    const last = page?.last ?? cursor;

    let waiting: { id: number }[] = [];
    if (count > 0) {
      const d1 = db.$client;
      // Range bounds, not a list of ids: two bound values whatever the page size.
      const [, page] = await d1.batch<{ id: number }>([
        d1
          .prepare(
            `INSERT INTO newsletter_deliveries (issue_id, subscriber_id)
              SELECT ?1, s.id FROM newsletter_subscribers s WHERE s.status = 'confirmed' AND s.id > ?2 AND s.id <= ?3
              ON CONFLICT (issue_id, subscriber_id) DO NOTHING`,
          )
          .bind(id, cursor, last),
        d1
          .prepare(
            `SELECT id FROM newsletter_deliveries
              WHERE issue_id = ?1 AND subscriber_id > ?2 AND subscriber_id <= ?3 AND status = 'queued' ORDER BY id`,
          )
          .bind(id, cursor, last),
      ]);
      waiting = page?.results ?? [];
      await queueDeliveryIds(
        queue,
        id,
        waiting.map((row) => row.id),
      );
    }
    const done = count < FANOUT_PAGE;
    const [advanced] = await db
      .update(newsletterIssues)
      .set({ fanoutCursor: last, progressAt: now, ...(done ? { fanoutDoneAt: now } : {}) })
      .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.fanoutCursor, cursor), isNull(newsletterIssues.fanoutDoneAt)))
      .returning({ id: newsletterIssues.id });
    // Another consumer did this page (a duplicated message): it queues the next step, not this one.
    if (advanced && !done) await queue.send({ fanout: id });
    message.ack();
  } catch (error) {
    logEvent("error", "newsletter.fanout_failed", { issue: id, attempt: message.attempts, error: shortError(error) });
    message.retry({ delaySeconds: newsletterRetryDelaySeconds(message.attempts, deps.random) });
  }
}

/** Puts delivery ids on the queue, 100 per message and 100 messages per `sendBatch`. */
async function queueDeliveryIds(queue: NewsletterQueue, issue: number, ids: number[]) {
  const messages: MessageSendRequest<NewsletterQueueBody>[] = [];
  for (let i = 0; i < ids.length; i += DELIVERIES_PER_MESSAGE)
    messages.push({ body: { issue, deliveries: ids.slice(i, i + DELIVERIES_PER_MESSAGE) } });
  for (let i = 0; i < messages.length; i += QUEUE_SEND_BATCH) await queue.sendBatch(messages.slice(i, i + QUEUE_SEND_BATCH));
  return messages.length;
}

// ------------------------------------------------------------------------------------------------ deliveries

type Claimed = { id: number; subscriberId: number };

/** What a permanent failure makes of the delivery row (the webhook later turns sent rows into bounced/complained too). */
function failedStatus(failure: MailFailure) {
  return failure.reason === "bounced" || failure.reason === "complained" ? failure.reason : "failed";
}

/** A stable key per set of deliveries: a retry of the same set is the same request to the provider (no second copy). */
async function idempotencyKey(issue: number, ids: number[]) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(idsJson([...ids].sort((a, b) => a - b))));
  const hex = toHex(digest);
  return `newsletter-${issue}-${hex.slice(0, 32)}`;
}

/** One batch of deliveries (see the module's comment). */
export async function deliverIssueBatch(message: Message<IssueDeliveryBody>, deps: NewsletterConsumerDeps) {
  const { db, transport } = deps;
  const issueId = message.body.issue;
  const ids = message.body.deliveries.filter((id) => Number.isSafeInteger(id)).slice(0, DELIVERIES_PER_MESSAGE);
  const nowDate = (deps.now ?? (() => new Date()))();
  const now = nowDate.toISOString();
  const retry = () => message.retry({ delaySeconds: newsletterRetryDelaySeconds(message.attempts, deps.random) });

  // The claim, unless the issue is paused (then the rows stay queued, and the cron queues them at the reset).
  let claimed: Claimed[];
  let issue: typeof newsletterIssues.$inferSelect | undefined;
  try {
    const notPaused = sql`not exists (select 1 from ${newsletterIssues} i where i.id = ${issueId} and i.paused_until > ${now})`;
    // progress_at with the claim, in the same transaction: the cron never takes fresh claims for a stalled send's.
    [claimed, , [issue]] = await db.batch([
      db
        .update(newsletterDeliveries)
        .set({ status: "handed", attempts: sql`${newsletterDeliveries.attempts} + 1` })
        .where(
          and(
            eq(newsletterDeliveries.issueId, issueId),
            eq(newsletterDeliveries.status, "queued"),
            sql`${newsletterDeliveries.id} in (select value from json_each(${idsJson(ids)}))`,
            notPaused,
          ),
        )
        .returning({ id: newsletterDeliveries.id, subscriberId: newsletterDeliveries.subscriberId }),
      db
        .update(newsletterIssues)
        .set({ progressAt: now })
        .where(
          and(
            eq(newsletterIssues.id, issueId),
            sql`exists (select 1 from ${newsletterDeliveries} d where d.issue_id = ${issueId} and d.status = 'handed')`,
          ),
        ),
      db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId)),
    ]);
  } catch (error) {
    logEvent("error", "newsletter.claim_failed", { issue: issueId, error: shortError(error) });
    retry();
    return;
  }
  if (claimed.length === 0 || !issue) {
    // Already claimed by another message (sent, or being sent), paused, or the issue is gone: nothing to do.
    message.ack();
    return;
  }
  const claimedIds = claimed.map((row) => row.id);

  let messages: TransportMessage[];
  let recipients: Claimed[];
  let skipped: number[];
  try {
    const subscriberIds = claimed.map((row) => row.subscriberId);
    const subscribers = await db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        status: newsletterSubscribers.status,
        token: newsletterSubscribers.unsubscribeToken,
      })
      .from(newsletterSubscribers)
      .where(sql`${newsletterSubscribers.id} in (select value from json_each(${idsJson(subscriberIds)}))`);
    const byId = new Map(subscribers.filter((row) => row.status === "confirmed").map((row) => [row.id, row]));
    recipients = claimed.filter((row) => byId.has(row.subscriberId));
    skipped = claimed.filter((row) => !byId.has(row.subscriberId)).map((row) => row.id);
    const render = await issueRenderer(db, issue);
    messages = recipients.map((row) => {
      const subscriber = byId.get(row.subscriberId);
      if (!subscriber) throw new Error("unreachable");
      const url = `${render.origin}/newsletter/unsubscribe/${subscriber.token}`;
      return {
        from: deps.from,
        to: subscriber.email,
        ...render.email(url),
        headers: listUnsubscribeHeaders(url),
        tags: { delivery: String(row.id) },
      };
    });
  } catch (error) {
    logEvent("error", "newsletter.prepare_failed", { issue: issueId, error: shortError(error) });
    await release(db, issueId, claimedIds, now).catch((releaseError) =>
      logEvent("error", "newsletter.release_failed", { issue: issueId, error: shortError(releaseError) }),
    );
    retry();
    return;
  }

  let outcomes: SendOutcome[] = [];
  if (messages.length > 0) {
    const key = await idempotencyKey(
      issueId,
      recipients.map((row) => row.id),
    );
    outcomes = await sendInCalls(transport, messages, key);
  }

  const sent: { d: number; p: string }[] = [];
  const failed: { d: number; s: number; status: string; error: string }[] = [];
  const released: number[] = [];
  let deferred: MailFailure | undefined;
  let retryable = false;
  recipients.forEach((row, i) => {
    const outcome = outcomes[i];
    if (outcome?.ok) sent.push({ d: row.id, p: outcome.providerId });
    else if (outcome && outcome.failure.class === "permanent")
      failed.push({
        d: row.id,
        s: row.subscriberId,
        status: failedStatus(outcome.failure),
        error: outcome.failure.reason ?? outcome.failure.code,
      });
    else {
      released.push(row.id);
      if (outcome?.failure.class === "deferred") deferred ??= outcome.failure;
      else retryable = true;
    }
  });
  const pausedUntil = deferred
    ? new Date(
        deferred.retryAfterSeconds ? nowDate.getTime() + deferred.retryAfterSeconds * 1000 : nextUtcMidnight(nowDate).getTime(),
      ).toISOString()
    : null;

  try {
    const d1 = db.$client;
    const json = (value: unknown) => JSON.stringify(value);
    await d1.batch([
      d1
        .prepare(
          `UPDATE newsletter_deliveries SET status = 'sent', provider_id = json_extract(j.value, '$.p'), sent_at = ?1
            FROM json_each(?2) j WHERE newsletter_deliveries.id = json_extract(j.value, '$.d') AND newsletter_deliveries.status = 'handed'`,
        )
        .bind(now, json(sent)),
      d1
        .prepare(
          `UPDATE newsletter_deliveries SET status = json_extract(j.value, '$.status'), error = json_extract(j.value, '$.error')
            FROM json_each(?1) j WHERE newsletter_deliveries.id = json_extract(j.value, '$.d') AND newsletter_deliveries.status = 'handed'`,
        )
        .bind(json(failed)),
      // A permanent failure: the address leaves the list, with the reason (suppressed, invalid-address, bounced…).
      d1
        .prepare(
          `UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribe_reason = json_extract(j.value, '$.error'), unsubscribed_at = ?1
            FROM json_each(?2) j WHERE newsletter_subscribers.id = json_extract(j.value, '$.s') AND newsletter_subscribers.status <> 'unsubscribed'`,
        )
        .bind(now, json(failed)),
      d1
        .prepare(
          `UPDATE newsletter_deliveries SET status = 'skipped'
            WHERE issue_id = ?1 AND status = 'handed' AND id IN (SELECT value FROM json_each(?2))`,
        )
        .bind(issueId, idsJson(skipped)),
      d1.prepare(RELEASE_SQL).bind(issueId, idsJson(released)),
      deferred && pausedUntil
        ? d1
            .prepare(
              `UPDATE newsletter_issues SET progress_at = ?1, paused_until = max(coalesce(paused_until, ''), ?2), pause_reason = ?3 WHERE id = ?4`,
            )
            .bind(now, pausedUntil, `${deferred.code}: ${deferred.message}`.slice(0, 500), issueId)
        : d1.prepare("UPDATE newsletter_issues SET progress_at = ?1 WHERE id = ?2").bind(now, issueId),
    ]);
  } catch (error) {
    // The e-mails went (or were refused) but the rows say "handed": the cron releases them after 15 minutes without
    // progress, and the same idempotency key keeps the provider from sending a second copy. Retrying now would not.
    logEvent("error", "newsletter.record_failed", { issue: issueId, sent: sent.length, error: shortError(error) });
    message.ack();
    return;
  }
  if (deferred) {
    logEvent("warn", "newsletter.paused", { issue: issueId, until: pausedUntil, code: deferred.code });
    message.ack();
  } else if (retryable) retry();
  else message.ack();
}

/** `transport.sendBatch`, once when the messages fit one call (the provider's 100), else in calls of `maxBatch`. */
async function sendInCalls(transport: MailTransport, messages: TransportMessage[], key: string): Promise<SendOutcome[]> {
  const size = Math.max(1, transport.maxBatch);
  const outcomes: SendOutcome[] = [];
  for (let i = 0; i < messages.length; i += size) {
    const chunk = messages.slice(i, i + size);
    const idempotencyKey = messages.length > size ? `${key}-${i / size}` : key;
    try {
      const answer = await transport.sendBatch(chunk, { idempotencyKey });
      for (let j = 0; j < chunk.length; j++) outcomes.push(answer[j] ?? missingOutcome());
    } catch (error) {
      // The contract says a transport never throws; if one does, nothing is known to have gone: retry them.
      const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      for (const _ of chunk) outcomes.push({ ok: false, failure: { class: "retryable", code: "exception", message: text.slice(0, 500) } });
    }
  }
  return outcomes;
}

const missingOutcome = (): SendOutcome => ({
  ok: false,
  failure: { class: "retryable", code: "no-outcome", message: "The transport gave no outcome for this message." },
});

const RELEASE_SQL = `UPDATE newsletter_deliveries SET status = 'queued'
  WHERE issue_id = ?1 AND status = 'handed' AND id IN (SELECT value FROM json_each(?2))`;

/** Gives claimed rows back (`handed` → `queued`), so a retry, or the cron, sends them. */
async function release(db: Database, issueId: number, ids: number[], now: string) {
  const d1 = db.$client;
  await d1.batch([
    d1.prepare(RELEASE_SQL).bind(issueId, idsJson(ids)),
    d1.prepare("UPDATE newsletter_issues SET progress_at = ?1 WHERE id = ?2").bind(now, issueId),
  ]);
}

/**
 * The issue's e-mail per recipient: what every copy shares (the parsed body, its article and the images' widths) is
 * loaded once per batch by `issueMailParts`; each copy adds the recipient's unsubscribe link to the footer.
 */
async function issueRenderer(db: Database, issue: typeof newsletterIssues.$inferSelect) {
  const origin = (issue.sentOrigin ?? "").replace(/\/+$/, "");
  if (!origin) throw new Error(`Newsletter issue ${issue.id} has no origin to link to.`);
  const [siteName, parts] = await Promise.all([siteSettings(db).then((site) => site.name), issueMailParts(db, issue, origin)]);
  return {
    origin,
    email: (unsubscribeUrl: string) => newsletterIssueEmail({ ...parts, siteName, unsubscribeUrl }),
  };
}

// ------------------------------------------------------------------------------------------------ the cron

/** Queues every `queued` delivery of an issue again (pages of 10,000 ids: 100 messages of 100, one `sendBatch`). */
async function requeueWaiting(db: Database, queue: NewsletterQueue, issueId: number) {
  let after = 0;
  let messages = 0;
  for (;;) {
    const rows = await db
      .select({ id: newsletterDeliveries.id })
      .from(newsletterDeliveries)
      .where(
        and(
          eq(newsletterDeliveries.issueId, issueId),
          eq(newsletterDeliveries.status, "queued"),
          sql`${newsletterDeliveries.id} > ${after}`,
        ),
      )
      .orderBy(newsletterDeliveries.id)
      .limit(DELIVERIES_PER_MESSAGE * QUEUE_SEND_BATCH);
    if (rows.length === 0) break;
    messages += await queueDeliveryIds(
      queue,
      issueId,
      rows.map((row) => row.id),
    );
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < DELIVERIES_PER_MESSAGE * QUEUE_SEND_BATCH) break;
  }
  return messages;
}

export type NewsletterResume = { unpaused: number[]; stalled: number[]; started: number[] };

/**
 * The 5-minute cron's newsletter job, as of `now`: (1) issues whose quota pause is over are unpaused and their
 * waiting deliveries queued again; (2) sends with no progress for 15 minutes get their claims released (`handed` →
 * `queued`) and their waiting deliveries, and an unfinished fan-out, queued again; (3) scheduled issues that are due
 * start. Re-queuing is always safe: the claim lets one message per delivery through. Each part runs even if another
 * fails; the first error is thrown at the end, after all three ran.
 */
export async function resumeNewsletterSends(db: Database, queue: NewsletterQueue, now: Date): Promise<NewsletterResume> {
  const at = now.toISOString();
  const result: NewsletterResume = { unpaused: [], stalled: [], started: [] };
  const errors: unknown[] = [];
  const part = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      logEvent("error", "newsletter.resume_failed", { part: name, error: shortError(error) });
      errors.push(error);
    }
  };

  await part("unpausing", async () => {
    const due = await db
      .update(newsletterIssues)
      .set({ pausedUntil: null, pauseReason: null, progressAt: at })
      .where(lte(newsletterIssues.pausedUntil, at))
      .returning({ id: newsletterIssues.id, fanoutDoneAt: newsletterIssues.fanoutDoneAt });
    for (const issue of due) {
      await requeueWaiting(db, queue, issue.id);
      if (issue.fanoutDoneAt === null) await queue.send({ fanout: issue.id });
      result.unpaused.push(issue.id);
    }
  });

  await part("resuming stalled sends", async () => {
    const stalledBefore = new Date(now.getTime() - STALLED_AFTER_MS).toISOString();
    const stalled = await db
      .select({ id: newsletterIssues.id, fanoutDoneAt: newsletterIssues.fanoutDoneAt })
      .from(newsletterIssues)
      .where(
        and(
          isNotNull(newsletterIssues.sentAt),
          or(isNull(newsletterIssues.pausedUntil), lte(newsletterIssues.pausedUntil, at)),
          or(isNull(newsletterIssues.progressAt), lte(newsletterIssues.progressAt, stalledBefore)),
          or(
            isNull(newsletterIssues.fanoutDoneAt),
            sql`exists (select 1 from ${newsletterDeliveries} d where d.issue_id = ${newsletterIssues.id} and d.status in ('queued', 'handed'))`,
          ),
        ),
      );
    for (const issue of stalled) {
      // Claimed 15 minutes ago and still not settled: that consumer died. The provider's idempotency key (same set
      // of deliveries, same key) keeps a copy it did accept from going out twice. Both statements check, in one
      // transaction, that the send is still stalled: a consumer that claimed rows since then set progress_at.
      const d1 = db.$client;
      const stillStalled = "(SELECT coalesce(progress_at, '') FROM newsletter_issues WHERE id = ?1) <= ?2";
      const [, resumed] = await d1.batch([
        d1
          .prepare(`UPDATE newsletter_deliveries SET status = 'queued' WHERE issue_id = ?1 AND status = 'handed' AND ${stillStalled}`)
          .bind(issue.id, stalledBefore),
        d1
          .prepare(`UPDATE newsletter_issues SET progress_at = ?3 WHERE id = ?1 AND ${stillStalled} RETURNING id`)
          .bind(issue.id, stalledBefore, at),
      ]);
      if ((resumed?.results ?? []).length === 0) continue;
      await requeueWaiting(db, queue, issue.id);
      if (issue.fanoutDoneAt === null) await queue.send({ fanout: issue.id });
      result.stalled.push(issue.id);
    }
  });

  await part("starting scheduled issues", async () => {
    result.started = await startDueScheduledIssues(db, queue, now);
  });

  if (result.unpaused.length + result.stalled.length > 0)
    logEvent("info", "newsletter.resumed", {
      unpaused: result.unpaused.join(","),
      stalled: result.stalled.join(","),
      started: result.started.join(","),
    });
  if (errors.length > 0) throw errors[0];
  return result;
}
