/**
 * Outgoing e-mail. `sendEmail` writes the message to `mail_log` and puts its id on the `mail` queue;
 * the queue consumer (`handleMailBatch`, run by workers/app.ts) delivers it with the Email Service
 * binding. The request that sends mail (a payment confirmation) never waits for, or fails because of,
 * the mail server: delivery, retries and giving up happen in the consumer, and the log row says how
 * it went (the dev mailbox at /__dev/mail shows it).
 */
import { env } from "cloudflare:workers";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { mailLog } from "../../../db/schema";
import { getDb, type Database } from "../core/db.server";
import { config } from "../core/config.server";

/** The queues of wrangler.toml: deliveries, and where the queue moves a message it gave up on. */
export const MAIL_QUEUE_NAME = "mail";
export const MAIL_DEAD_LETTER_QUEUE_NAME = "mail-dead-letters";

/**
 * Deliveries of one message before it is given up: the first one plus wrangler.toml's
 * `max_retries = 4` (keep the two in step). On this attempt a failure marks the row "failed" and the
 * queue moves the message to the dead-letter queue.
 */
export const MAIL_MAX_ATTEMPTS = 5;

export type MailKind =
  | "receipt"
  | "access-link"
  | "refund"
  | "duplicate-refund"
  | "automatic-refund"
  | "owner-alert"
  | "newsletter-confirmation"
  | "newsletter-welcome"
  | "newsletter"
  | "admin-invite";
export type MailStatus = "queued" | "sent" | "failed";
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
  /** A list mail's personal unsubscribe URL: the message then carries the RFC 8058 headers (`listUnsubscribeHeaders`). */
  listUnsubscribeUrl?: string;
};
/**
 * A `mail` queue message: one `mail_log` row to deliver, or one newsletter delivery (`newsletter_deliveries.id`)
 * whose e-mail is still to be written (app/server/newsletter/issues.server.ts turns it into a `mail_log` row).
 */
export type MailQueueBody = { id: number } | { delivery: number } | AccessLinkRequestBody;
/** "Get my access link" (app/server/learning/learner.server.ts): the consumer decides whether to send one, so the request does the same work for everyone. */
export type AccessLinkRequestBody = { accessLinkRequest: { email: string; origin: string } };
export type NewsletterDeliveryMessage = Message<{ delivery: number }>;

export type MailProducerDeps = { db: Database; queue: Pick<Queue<MailQueueBody>, "send"> };
export type MailConsumerDeps = {
  db: Database;
  email: Pick<SendEmail, "send">;
  from: string;
  /** Handles the newsletter-delivery messages (workers/app.ts passes `deliverNewsletterIssue`). */
  newsletterDelivery?: (message: NewsletterDeliveryMessage) => Promise<void>;
  /** Handles the access-link requests (workers/app.ts passes `handleAccessLinkRequest`). */
  accessLinkRequest?: (message: Message<MailQueueBody>) => Promise<void>;
};

/**
 * Queues an e-mail and returns its `mail_log` id. A queue that cannot be reached does not throw: the
 * row is marked "failed" with the error and logged, and the caller's request carries on. (A failing
 * database insert does throw: it is the caller's own database, not the mail server.)
 */
export async function sendEmail(message: OutgoingMail, deps: MailProducerDeps = { db: getDb(), queue: env.MAIL_QUEUE }): Promise<number> {
  const { db, queue } = deps;
  const row = await db
    .insert(mailLog)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      kind: message.kind,
      headers: message.listUnsubscribeUrl === undefined ? null : listUnsubscribeHeaders(message.listUnsubscribeUrl),
      status: "queued",
    })
    .returning({ id: mailLog.id })
    .get();
  try {
    await queue.send({ id: row.id });
  } catch (error) {
    console.error("Mail could not be queued", { id: row.id, kind: message.kind }, error);
    await db
      .update(mailLog)
      .set({ status: "failed", lastError: `Could not be queued: ${errorText(error)}` })
      .where(eq(mailLog.id, row.id))
      .catch((recordError) => console.error("Mail failure could not be recorded", { id: row.id }, recordError));
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
 * Seconds before the next delivery after a failed attempt: 30 s, 1 min, 2 min, 4 min…, at most
 * 15 min, so a short outage of the mail service is waited out without a burst of retries.
 */
export function mailRetryDelaySeconds(attempt: number) {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 15 * 60);
}

/** The `mail` queue's consumer: delivers each message once (a redelivered, already sent one is acknowledged). */
export async function handleMailBatch(
  batch: MessageBatch<MailQueueBody>,
  deps: MailConsumerDeps = { db: getDb(), email: env.EMAIL, from: config().MAIL_FROM },
) {
  // One at a time: a batch is at most 10 messages, and the mail service is happier without bursts.
  for (const message of batch.messages) {
    if (isNewsletterDelivery(message) && deps.newsletterDelivery) await deps.newsletterDelivery(message);
    else if (isAccessLinkRequestMessage(message) && deps.accessLinkRequest) await deps.accessLinkRequest(message);
    else await deliver(message, deps);
  }
}

function isNewsletterDelivery(message: Message<MailQueueBody>): message is NewsletterDeliveryMessage {
  const body = message.body as Partial<{ delivery: unknown }> | undefined;
  return typeof body?.delivery === "number";
}

function isAccessLinkRequestMessage(message: Message<MailQueueBody>) {
  return typeof (message.body as Partial<AccessLinkRequestBody> | undefined)?.accessLinkRequest === "object";
}

async function deliver(message: Message<MailQueueBody>, { db, email, from }: MailConsumerDeps) {
  const id = (message.body as { id?: unknown } | undefined)?.id;
  if (typeof id !== "number" || !Number.isSafeInteger(id)) {
    // Nothing to look up: retrying cannot fix it.
    console.error("Mail queue message without a mail id", message.body);
    message.ack();
    return;
  }
  const lastAttempt = message.attempts >= MAIL_MAX_ATTEMPTS;

  let row: typeof mailLog.$inferSelect | undefined;
  try {
    row = await db.select().from(mailLog).where(eq(mailLog.id, id)).get();
  } catch (error) {
    // The database, not the mail: try again later (after the last attempt the dead-letter consumer records it).
    console.error("Mail log could not be read", { id }, error);
    message.retry({ delaySeconds: mailRetryDelaySeconds(message.attempts) });
    return;
  }
  if (!row) {
    console.error("Mail queue message for a missing mail log row", { id });
    message.ack();
    return;
  }
  // Queues deliver at least once: a message already sent is not sent again.
  if (row.status === "sent") {
    message.ack();
    return;
  }

  try {
    await email.send({
      from: senderAddress(from),
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      ...(row.headers ? { headers: row.headers } : {}),
    });
  } catch (error) {
    const lastError = errorText(error);
    console.error(
      lastAttempt ? "Mail could not be delivered; giving up" : "Mail delivery failed; will retry",
      { id, attempt: message.attempts },
      error,
    );
    await db
      .update(mailLog)
      .set({ attempts: sql`${mailLog.attempts} + 1`, lastError, status: lastAttempt ? "failed" : "queued" })
      .where(eq(mailLog.id, id))
      .catch((recordError) => console.error("Mail failure could not be recorded", { id }, recordError));
    // On the last attempt this retry is what moves the message to the dead-letter queue.
    message.retry(lastAttempt ? {} : { delaySeconds: mailRetryDelaySeconds(message.attempts) });
    return;
  }

  try {
    await db
      .update(mailLog)
      .set({ attempts: sql`${mailLog.attempts} + 1`, status: "sent", sentAt: new Date().toISOString(), lastError: null })
      .where(eq(mailLog.id, id));
  } catch (error) {
    // The e-mail did go out: a stale row is better than sending it a second time.
    console.error("Mail sent but not recorded", { id }, error);
  }
  message.ack();
}

/** The dead-letter queue's consumer: the messages the `mail` queue gave up on are marked failed. */
export async function handleDeadMailBatch(batch: MessageBatch<MailQueueBody>, deps: { db: Database } = { db: getDb() }) {
  for (const message of batch.messages) {
    const id = (message.body as { id?: unknown } | undefined)?.id;
    console.error("Mail dead-lettered", { id, attempts: message.attempts });
    if (typeof id !== "number" || !Number.isSafeInteger(id)) {
      message.ack();
      continue;
    }
    try {
      await deps.db
        .update(mailLog)
        .set({ status: "failed", lastError: sql`coalesce(${mailLog.lastError}, 'Gave up: the mail queue dead-lettered it.')` })
        // A row that did get sent (its "sent" update raced the queue) stays sent.
        .where(and(eq(mailLog.id, id), ne(mailLog.status, "sent")));
      message.ack();
    } catch (error) {
      console.error("Dead-lettered mail could not be recorded", { id }, error);
      message.retry();
    }
  }
}

/** The newest e-mails first, for the dev mailbox. */
export function listMailLog(db: Database, limit = 100) {
  return db.select().from(mailLog).orderBy(desc(mailLog.createdAt), desc(mailLog.id)).limit(limit);
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
