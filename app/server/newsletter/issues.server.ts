/**
 * Newsletter issues: written in the admin (Markdown), tested, sent once to every confirmed subscriber, and
 * archived at /newsletter (docs/newsletter.md).
 *
 * Sending: one UPDATE marks the issue sent (only if it was not: an issue is sent once), one INSERT … SELECT writes a
 * `newsletter_deliveries` row per confirmed subscriber; then each row's id goes on the `mail` queue, 100 per
 * `sendBatch`. The consumer (`deliverNewsletterIssue`) claims its row with one UPDATE (`queued` -> `handed`)
 * before it writes that subscriber's e-mail, with their unsubscribe link, through `sendEmail`: a redelivered
 * or retried message finds the row claimed and does nothing, so nobody gets an issue twice. The e-mail then
 * goes the way of every e-mail (mail_log, retries, dead letters), and the delivery's mail_log row says sent
 * or failed.
 */
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { articles, mailLog, newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "../../../db/schema";
import type { NewsletterIssueFields } from "~/lib/admin-schemas";
import { getDb, type Database } from "../core/db.server";
import { newsletterIssueEmail } from "../mail/emails.server";
import { HttpError } from "../core/http.server";
import { type MailProducerDeps, type NewsletterDeliveryMessage, sendEmail } from "../mail/mail.server";
import { parseMarkdown } from "../content/markdown.server";
import { isPublished } from "../content/published.server";
import { issueForMail } from "./excerpt.server";
import { newsletterUnsubscribeLink } from "./subscriptions.server";
import { getSiteSettings, siteSettings } from "../site/site.server";
import { env } from "cloudflare:workers";

/** Queues take at most 100 messages per sendBatch. */
const QUEUE_BATCH = 100;

export type IssueQueue = Pick<Queue<{ delivery: number }>, "sendBatch">;

/** The issue's id, qualified: drizzle writes a bare "id" inside a select, which the subqueries would read as their own. */
const ISSUE_ID = sql.raw('"newsletter_issues"."id"');

export function listIssues(db: Database) {
  const counted = (status: string) =>
    sql<number>`(select count(*) from ${newsletterDeliveries} d join ${mailLog} m on m.id = d.mail_id
      where d.issue_id = ${ISSUE_ID} and m.status = ${status})`.mapWith(Number);
  return db
    .select({
      id: newsletterIssues.id,
      subject: newsletterIssues.subject,
      createdAt: newsletterIssues.createdAt,
      updatedAt: newsletterIssues.updatedAt,
      sentAt: newsletterIssues.sentAt,
      recipients: sql<number>`(select count(*) from ${newsletterDeliveries} d where d.issue_id = ${ISSUE_ID})`.mapWith(Number),
      /** Deliveries not yet handed to the mail queue: the consumer has not reached them, or queueing them failed (resume). */
      waiting: sql<number>`(select count(*) from ${newsletterDeliveries} d
        where d.issue_id = ${ISSUE_ID} and d.status = 'queued')`.mapWith(Number),
      skipped: sql<number>`(select count(*) from ${newsletterDeliveries} d
        where d.issue_id = ${ISSUE_ID} and d.status = 'skipped')`.mapWith(Number),
      sent: counted("sent"),
      failed: counted("failed"),
      unsubscribedSince: sql<number>`(select count(*) from ${newsletterDeliveries} d
        where d.issue_id = ${ISSUE_ID} and d.unsubscribed_at is not null)`.mapWith(Number),
    })
    .from(newsletterIssues)
    .orderBy(sql`${newsletterIssues.sentAt} is not null`, desc(newsletterIssues.sentAt), desc(newsletterIssues.id));
}

export type IssueListItem = Awaited<ReturnType<typeof listIssues>>[number];

export function getIssue(db: Database, id: number) {
  return db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).get();
}

/** The public archive: sent issues, newest first. */
export function listSentIssues(db: Database) {
  return db
    .select({ id: newsletterIssues.id, subject: newsletterIssues.subject, sentAt: newsletterIssues.sentAt })
    .from(newsletterIssues)
    .where(isNotNull(newsletterIssues.sentAt))
    .orderBy(desc(newsletterIssues.sentAt), desc(newsletterIssues.id));
}

/** One archived issue, parsed for the page: null unless it was sent (drafts are not public). */
export async function getSentIssue(db: Database, id: number) {
  const issue = await db
    .select({ id: newsletterIssues.id, subject: newsletterIssues.subject, body: newsletterIssues.body, sentAt: newsletterIssues.sentAt })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.id, id), isNotNull(newsletterIssues.sentAt)))
    .get();
  return issue ? { id: issue.id, subject: issue.subject, sentAt: issue.sentAt as string, blocks: parseMarkdown(issue.body) } : null;
}

export async function createIssue(db: Database, fields: NewsletterIssueFields, articleId: number | null = null) {
  const row = await db
    .insert(newsletterIssues)
    .values({ ...fields, articleId, updatedAt: new Date().toISOString() })
    .returning({ id: newsletterIssues.id })
    .get();
  return row.id;
}

/** Saves a draft: 404 for an unknown issue, 409 for one already sent (what subscribers got stays what the archive shows). */
export async function updateIssue(db: Database, id: number, fields: NewsletterIssueFields) {
  const [row] = await db
    .update(newsletterIssues)
    .set({ ...fields, updatedAt: new Date().toISOString() })
    .where(and(eq(newsletterIssues.id, id), isNull(newsletterIssues.sentAt)))
    .returning({ id: newsletterIssues.id });
  if (!row) throw await refusalFor(db, id);
}

async function refusalFor(db: Database, id: number) {
  const issue = await getIssue(db, id);
  if (!issue) return new HttpError(404, "Newsletter issue not found.");
  return new HttpError(409, `This issue was already sent (${issue.sentAt?.slice(0, 10)}). An issue is sent once; start a new one instead.`);
}

/**
 * A draft started from a published article (a draft or scheduled one is not offered: its link would be a 404): its title,
 * and its excerpt and body with a link to the article.
 */
export async function articleDraft(db: Database, articleId: number, origin: string): Promise<NewsletterIssueFields | null> {
  const article = await db
    .select({ title: articles.title, excerpt: articles.excerpt, content: articles.content })
    .from(articles)
    .where(and(eq(articles.id, articleId), isPublished(articles)))
    .get();
  if (!article) return null;
  const body = [
    article.excerpt ? `*${article.excerpt.trim()}*` : "",
    article.content.trim(),
    `[Read it on the site](${origin}/articles/${articleId})`,
  ];
  return { subject: article.title, body: body.filter(Boolean).join("\n\n") };
}

export function listArticleChoices(db: Database) {
  return db.select({ id: articles.id, title: articles.title }).from(articles).where(isPublished(articles)).orderBy(desc(articles.id));
}

/** The e-mail of an issue: for a subscriber (their unsubscribe link) or a test (null); `siteName` as Settings has it. */
export function issueEmail(issue: { subject: string; body: string }, origin: string, unsubscribeUrl: string | null, siteName: string) {
  return newsletterIssueEmail({
    siteName,
    subject: issue.subject,
    markdown: issue.body,
    blocks: parseMarkdown(issue.body),
    origin,
    unsubscribeUrl,
  });
}

/** A test of the issue as it stands, to one address, through the mail queue. Refused for a sent issue. */
export async function sendTestIssue(db: Database, id: number, to: string, origin: string, deps?: MailProducerDeps) {
  const issue = await getIssue(db, id);
  if (!issue) throw new HttpError(404, "Newsletter issue not found.");
  const message = issueEmail(await issueForMail(db, issue, origin), origin, null, (await siteSettings(db)).name);
  return sendEmail({ to, kind: "newsletter", ...message, subject: `[Test] ${message.subject}` }, deps);
}

/**
 * Sends an issue to every confirmed subscriber: claims the issue (409 if it was sent already), writes the
 * deliveries (one statement), then queues them. Returns how many recipients, and how many were queued
 * (fewer only if the queue failed: those rows stay "queued", the admin page says so and offers to resume).
 */
export async function sendIssueToSubscribers(
  db: Database,
  id: number,
  origin: string,
  { queue = env.MAIL_QUEUE, now = new Date() }: { queue?: IssueQueue; now?: Date } = {},
) {
  const sentAt = now.toISOString();
  const [claimed] = await db
    .update(newsletterIssues)
    .set({ sentAt, sentOrigin: origin })
    .where(and(eq(newsletterIssues.id, id), isNull(newsletterIssues.sentAt)))
    .returning({ id: newsletterIssues.id });
  if (!claimed) throw await refusalFor(db, id);
  try {
    await db.run(sql`insert into ${newsletterDeliveries} (issue_id, subscriber_id)
      select ${id}, s.id from ${newsletterSubscribers} s where s.status = 'confirmed'
      on conflict (issue_id, subscriber_id) do nothing`);
  } catch (error) {
    // No recipient was written: the issue is a draft again, so the admin can send it once more.
    await db.update(newsletterIssues).set({ sentAt: null, sentOrigin: null }).where(eq(newsletterIssues.id, id));
    throw error;
  }

  const { waiting, queued } = await queueWaitingDeliveries(db, id, queue);
  return { recipients: waiting, queued };
}

/**
 * "Resume sending": queues again every delivery of a sent issue still waiting (`queued`), after a send whose
 * queueing failed part-way. Safe to repeat, and safe for rows that are on the queue already: the consumer
 * claims each row once, so a second message for it sends nothing. 404 unknown, 409 for a draft.
 */
export async function resumeIssueSending(db: Database, id: number, { queue = env.MAIL_QUEUE }: { queue?: IssueQueue } = {}) {
  const issue = await getIssue(db, id);
  if (!issue) throw new HttpError(404, "Newsletter issue not found.");
  if (issue.sentAt === null) throw new HttpError(409, "This issue is a draft: send it first.");
  return queueWaitingDeliveries(db, id, queue);
}

/** Puts the issue's waiting deliveries on the queue, 100 per sendBatch; stops at the first failure and says how many went. */
async function queueWaitingDeliveries(db: Database, id: number, queue: IssueQueue) {
  const rows = await db
    .select({ id: newsletterDeliveries.id })
    .from(newsletterDeliveries)
    .where(and(eq(newsletterDeliveries.issueId, id), eq(newsletterDeliveries.status, "queued")));
  let queued = 0;
  try {
    for (let i = 0; i < rows.length; i += QUEUE_BATCH) {
      const chunk = rows.slice(i, i + QUEUE_BATCH);
      await queue.sendBatch(chunk.map((row) => ({ body: { delivery: row.id } })));
      queued += chunk.length;
    }
  } catch (error) {
    console.error("Newsletter deliveries could not all be queued", { issue: id, queued, waiting: rows.length }, error);
  }
  return { waiting: rows.length, queued };
}

/**
 * The `mail` queue's newsletter messages: claims the delivery (one UPDATE, only from "queued"), then writes
 * the subscriber's e-mail with their unsubscribe link and the RFC 8058 headers. A message for a delivery
 * already claimed is acknowledged and nothing is sent; a subscriber who left meanwhile is skipped.
 */
export async function deliverNewsletterIssue(
  message: NewsletterDeliveryMessage,
  deps: MailProducerDeps = { db: getDb(), queue: env.MAIL_QUEUE },
) {
  const { db } = deps;
  const id = message.body.delivery;
  let claimed: { issueId: number; subscriberId: number } | undefined;
  try {
    [claimed] = await db
      .update(newsletterDeliveries)
      .set({ status: "handed" })
      .where(and(eq(newsletterDeliveries.id, id), eq(newsletterDeliveries.status, "queued")))
      .returning({ issueId: newsletterDeliveries.issueId, subscriberId: newsletterDeliveries.subscriberId });
  } catch (error) {
    console.error("Newsletter delivery could not be claimed", { id }, error);
    message.retry({ delaySeconds: 30 });
    return;
  }
  if (!claimed) {
    message.ack();
    return;
  }
  let mailId: number | undefined;
  try {
    const [issue, subscriber] = await db.batch([
      db.select().from(newsletterIssues).where(eq(newsletterIssues.id, claimed.issueId)),
      db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, claimed.subscriberId)),
    ]);
    const recipient = subscriber[0];
    if (!issue[0] || !recipient || recipient.status !== "confirmed") {
      await db.update(newsletterDeliveries).set({ status: "skipped" }).where(eq(newsletterDeliveries.id, id));
      message.ack();
      return;
    }
    const origin = issue[0].sentOrigin ?? getSiteSettings().url;
    const { url } = newsletterUnsubscribeLink(origin, recipient.unsubscribeToken);
    const mail = issueEmail(await issueForMail(db, issue[0], origin), origin, url, (await siteSettings(db)).name);
    mailId = await sendEmail({ to: recipient.email, kind: "newsletter", ...mail, listUnsubscribeUrl: url }, deps);
    await db.update(newsletterDeliveries).set({ mailId }).where(eq(newsletterDeliveries.id, id));
    message.ack();
  } catch (error) {
    if (mailId !== undefined) {
      // The e-mail is queued: only its link to the delivery is missing. Sending it again would be worse.
      console.error("Newsletter delivery queued but not recorded", { id, mailId }, error);
      message.ack();
      return;
    }
    // Nothing was queued for this subscriber: release the claim, so the retry sends it.
    console.error("Newsletter delivery failed; will retry", { id }, error);
    await db
      .update(newsletterDeliveries)
      .set({ status: "queued" })
      .where(and(eq(newsletterDeliveries.id, id), isNull(newsletterDeliveries.mailId)))
      .catch((recordError) => console.error("Newsletter delivery could not be released", { id }, recordError));
    message.retry({ delaySeconds: 30 });
  }
}
