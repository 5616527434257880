/**
 * Newsletter issues: written in the admin (Markdown), tested, sent once to every confirmed subscriber, and
 * archived at /newsletter (docs/newsletter.md).
 *
 * Sending: the admin's request (or the cron, for a scheduled issue) only claims the issue: one UPDATE sets
 * `sent_at` (only if it was not: an issue is sent once) and the recipient count, and one `{ fanout }` message goes
 * on the `mail` queue. The queue consumer does the rest, in bounded steps (app/server/newsletter/sending.server.ts):
 * it writes the deliveries 500 subscribers at a time, sends them 100 per provider call, pauses on a quota and is
 * resumed by the 5-minute cron.
 */
import { and, desc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import {
  type ArchivedDeliveryCounts,
  articles,
  NEWSLETTER_DELIVERY_STATUSES,
  type NewsletterDeliveryStatus,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
} from "../../../db/schema";
import type { NewsletterIssueFields } from "~/lib/admin-schemas";
export { sendingState } from "~/lib/newsletter-sending";
import { markContentChanged } from "../core/cache.server";
import type { Database } from "../core/db.server";
import { logEvent, shortError } from "../core/log.server";
import { nextVersion, sameVersion } from "../core/edit-version.server";
import { HttpError } from "../core/http.server";
import { type MailProducerDeps, type NewsletterQueueBody, sendEmail } from "../mail/mail.server";
import { failureReasonText } from "../mail/transport.server";
import { parseMarkdown } from "../content/markdown.server";
import { isPublished } from "../content/published.server";
import { getSiteSettings } from "../site/site.server";
import { env } from "cloudflare:workers";

export type { FanoutBody, IssueDeliveryBody, NewsletterQueueBody } from "../mail/mail.server";
/** The `mail` queue as the newsletter uses it (tests pass a recording one). */
export type NewsletterQueue = Pick<Queue<NewsletterQueueBody>, "send" | "sendBatch">;

/** The issue's id, qualified: drizzle writes a bare "id" inside a select, which the subqueries would read as their own. */
const ISSUE_ID = sql.raw('"newsletter_issues"."id"');

/**
 * What the retention job kept of the issue's deleted deliveries (`archived_counts`), for these keys, summed: 0 until
 * it has deleted some. The keys are constants (`ArchivedDeliveryCounts`), written into the SQL.
 */
const archivedOf = (...keys: (DeliveryStatus | "unsubscribedSince")[]) =>
  sql.join(
    keys.map((key) => sql`coalesce(json_extract(${sql.raw('"newsletter_issues"."archived_counts"')}, ${sql.raw(`'$.${key}'`)}), 0)`),
    sql` + `,
  );

/** Deliveries of the issue in these statuses, as a correlated count, plus the archived ones (deleted after 13 months). */
const countOf = (...statuses: DeliveryStatus[]) =>
  sql<number>`((select count(*) from ${newsletterDeliveries} d
    where d.issue_id = ${ISSUE_ID} and d.status in (${sql.join(
      statuses.map((status) => sql`${status}`),
      sql`, `,
    )})) + ${archivedOf(...statuses)})`.mapWith(Number);

/**
 * Every issue with its counts (from `newsletter_deliveries`, the issues' only log, plus `archived_counts`, what the
 * retention job kept of the rows it deleted): drafts first, then the sent ones, newest first. "Waiting" is queued or
 * being handed to the provider; "failed" includes bounces and complaints.
 */
export function listIssues(db: Database) {
  return db
    .select({
      id: newsletterIssues.id,
      subject: newsletterIssues.subject,
      createdAt: newsletterIssues.createdAt,
      updatedAt: newsletterIssues.updatedAt,
      sentAt: newsletterIssues.sentAt,
      scheduledAt: newsletterIssues.scheduledAt,
      recipientCount: newsletterIssues.recipientCount,
      fanoutDoneAt: newsletterIssues.fanoutDoneAt,
      pausedUntil: newsletterIssues.pausedUntil,
      recipients: sql<number>`((select count(*) from ${newsletterDeliveries} d where d.issue_id = ${ISSUE_ID}) + ${archivedOf(
        ...DELIVERY_STATUSES,
      )})`.mapWith(Number),
      waiting: countOf("queued", "handed"),
      sent: countOf("sent"),
      failed: countOf("failed", "bounced", "complained"),
      skipped: countOf("skipped"),
      unsubscribedSince: sql<number>`((select count(*) from ${newsletterDeliveries} d
        where d.issue_id = ${ISSUE_ID} and d.unsubscribed_at is not null) + ${archivedOf("unsubscribedSince")})`.mapWith(Number),
    })
    .from(newsletterIssues)
    .orderBy(sql`${newsletterIssues.sentAt} is not null`, desc(newsletterIssues.sentAt), desc(newsletterIssues.id));
}

export type IssueListItem = Awaited<ReturnType<typeof listIssues>>[number];

const DELIVERY_STATUSES = NEWSLETTER_DELIVERY_STATUSES;
export type DeliveryStatus = NewsletterDeliveryStatus;

/** How many addresses per failure reason the issue page names (while they are still known). */
const ADDRESSES_PER_REASON = 3;

/**
 * The issue page's live counts: deliveries per status, "unsubscribed since", and what failed and why, in words,
 * grouped by reason with counts and the first few addresses (if the subscriber is still stored). Each count adds the
 * issue's `archived_counts` (what the retention job kept of the delivery rows it deleted after 13 months: counts per
 * status and per failure reason, no addresses). Five statements, one round trip.
 */
export async function issueDeliveryReport(db: Database, id: number) {
  const d1 = db.$client;
  const failed = "d.status IN ('failed', 'bounced', 'complained')";
  const [byStatus, since, reasons, examples, issue] = await d1.batch<Record<string, unknown>>([
    d1.prepare("SELECT status, count(*) AS n FROM newsletter_deliveries WHERE issue_id = ?1 GROUP BY status").bind(id),
    d1.prepare("SELECT count(*) AS n FROM newsletter_deliveries WHERE issue_id = ?1 AND unsubscribed_at IS NOT NULL").bind(id),
    d1
      .prepare(
        `SELECT coalesce(d.error, d.status) AS reason, count(*) AS n FROM newsletter_deliveries d
          WHERE d.issue_id = ?1 AND ${failed} GROUP BY 1 ORDER BY 2 DESC, 1`,
      )
      .bind(id),
    // The first few addresses per reason, while the subscriber is still stored (retention deletes them after 30 days).
    d1
      .prepare(
        `SELECT reason, email FROM (
          SELECT coalesce(d.error, d.status) AS reason, s.email AS email,
            row_number() OVER (PARTITION BY coalesce(d.error, d.status) ORDER BY d.id) AS k
          FROM newsletter_deliveries d JOIN newsletter_subscribers s ON s.id = d.subscriber_id
          WHERE d.issue_id = ?1 AND ${failed})
        WHERE k <= ?2 ORDER BY reason, email`,
      )
      .bind(id, ADDRESSES_PER_REASON),
    d1.prepare("SELECT archived_counts AS archived FROM newsletter_issues WHERE id = ?1").bind(id),
  ]);
  const rows = <T>(result: D1Result<Record<string, unknown>> | undefined) => (result?.results ?? []) as T[];
  const counts = Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, 0])) as Record<DeliveryStatus, number>;
  for (const row of rows<{ status: string; n: number }>(byStatus)) if (row.status in counts) counts[row.status as DeliveryStatus] = row.n;
  const archived = parseArchivedCounts(rows<{ archived: string | null }>(issue)[0]?.archived ?? null);
  for (const status of DELIVERY_STATUSES) counts[status] += archived[status];
  // Failures per reason: the live rows' and the archived ones' (which name nobody) together.
  const perReason = new Map<string, number>(Object.entries(archived.failures));
  for (const row of rows<{ reason: string; n: number }>(reasons)) perReason.set(row.reason, (perReason.get(row.reason) ?? 0) + row.n);
  const named = rows<{ reason: string; email: string }>(examples);
  const failures = [...perReason]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .map(([reason, count]) => ({
      reason,
      count,
      text: failureReasonText(reason),
      addresses: named.filter((example) => example.reason === reason).map((example) => example.email),
    }));
  return {
    counts,
    recipients: Object.values(counts).reduce((sum, n) => sum + n, 0),
    unsubscribedSince: (rows<{ n: number }>(since)[0]?.n ?? 0) + archived.unsubscribedSince,
    failures,
    /** Delivery records deleted by the retention job, whose counts are kept in the ones above. */
    archived: DELIVERY_STATUSES.reduce((sum, status) => sum + archived[status], 0),
  };
}

export type IssueDeliveryReport = Awaited<ReturnType<typeof issueDeliveryReport>>;

/** `archived_counts` as read with the D1 client (a JSON string, or null): every key present, numbers only. */
function parseArchivedCounts(json: string | null): ArchivedDeliveryCounts {
  const stored = (json ? JSON.parse(json) : {}) as Partial<ArchivedDeliveryCounts>;
  const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
  const failures: Record<string, number> = {};
  for (const [reason, n] of Object.entries(stored.failures ?? {})) if (number(n) > 0) failures[reason] = number(n);
  const counts = Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, number(stored[status])])) as Record<DeliveryStatus, number>;
  return { ...counts, unsubscribedSince: number(stored.unsubscribedSince), failures };
}

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

/**
 * Saves a draft from the version its form was opened at (its updatedAt): 404 for an unknown issue, 409 for one
 * already sent (what subscribers got stays what the archive shows) or saved by someone else since.
 */
export async function updateIssue(db: Database, id: number, fields: NewsletterIssueFields, version: string) {
  const [row] = await db
    .update(newsletterIssues)
    .set({ ...fields, updatedAt: nextVersion(version) })
    .where(and(eq(newsletterIssues.id, id), isNull(newsletterIssues.sentAt), sameVersion(newsletterIssues.updatedAt, version)))
    .returning({ id: newsletterIssues.id });
  if (!row) throw await refusalFor(db, id, version);
}

async function refusalFor(db: Database, id: number, version?: string) {
  const issue = await getIssue(db, id);
  if (!issue) return new HttpError(404, "Newsletter issue not found.");
  if (issue.sentAt === null && version !== undefined && (issue.updatedAt ?? "") !== version)
    return new HttpError(
      409,
      "Someone saved this issue after you opened it, so your changes were not saved: copy what you wrote, reload the page to see theirs, then make your change again.",
      "version",
    );
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

/** A test of the issue as it stands, to one address, through the mail queue. Refused for a sent issue. */
export async function sendTestIssue(db: Database, id: number, to: string, origin: string, deps?: MailProducerDeps) {
  const issue = await getIssue(db, id);
  if (!issue) throw new HttpError(404, "Newsletter issue not found.");
  return sendEmail({ to, kind: "newsletter-test", data: { issueId: issue.id, origin } }, deps);
}

/**
 * Claims an issue for sending, in one UPDATE that only matches while `sent_at` is null (an issue is sent once):
 * the time, the origin for the unsubscribe links, the number of confirmed subscribers now ("Sending to N"),
 * `progress_at` (the cron resumes a send that makes none), and no schedule any more. Null if it was not claimed.
 */
async function claimIssue(db: Database, id: number, origin: string, now: Date, onlyIfDue = false) {
  const at = now.toISOString();
  const [claimed] = await db
    .update(newsletterIssues)
    .set({
      sentAt: at,
      // A scheduled issue keeps the origin it was scheduled from (SITE_URL is empty locally); a send now takes the request's.
      sentOrigin: onlyIfDue ? sql`coalesce(nullif(${newsletterIssues.sentOrigin}, ''), ${origin})` : origin,
      recipientCount: sql`(select count(*) from ${newsletterSubscribers} where ${newsletterSubscribers.status} = 'confirmed')`,
      progressAt: at,
      scheduledAt: null,
      fanoutCursor: 0,
      fanoutDoneAt: null,
    })
    .where(and(eq(newsletterIssues.id, id), isNull(newsletterIssues.sentAt), onlyIfDue ? lte(newsletterIssues.scheduledAt, at) : undefined))
    .returning({ recipients: newsletterIssues.recipientCount });
  return claimed ? { recipients: claimed.recipients ?? 0 } : null;
}

/** Puts the issue's fan-out on the queue; false (logged) if the queue refused: the send stands, the cron resumes it. */
async function queueFanout(queue: NewsletterQueue, id: number) {
  try {
    await queue.send({ fanout: id });
    return true;
  } catch (error) {
    logEvent("error", "newsletter.queue_failed", { issue: id, error: shortError(error) });
    return false;
  }
}

/**
 * "Send to all subscribers": claims the issue (409 "This issue was already sent" if it was; 404 unknown) and
 * queues its fan-out. Nothing else happens in the request: the queue consumer writes the deliveries and sends
 * them. `queued` false means the queue refused the message: the send still stands, and the 5-minute cron starts
 * the fan-out within 15 minutes (`resumeNewsletterSends`).
 */
export async function startIssueSend(
  db: Database,
  id: number,
  { origin, now = new Date(), queue = env.MAIL_QUEUE }: { origin: string; now?: Date; queue?: NewsletterQueue },
): Promise<{ recipients: number; queued: boolean }> {
  const claimed = await claimIssue(db, id, origin, now);
  if (!claimed) throw await refusalFor(db, id);
  logEvent("info", "newsletter.send_started", { issue: id, recipients: claimed.recipients });
  return { recipients: claimed.recipients, queued: await queueFanout(queue, id) };
}

/**
 * The cron's half of scheduling: starts every issue whose `scheduled_at` has come (and that is not sent), as
 * `startIssueSend` would, with the site's configured origin. Returns the ids it started.
 */
export async function startDueScheduledIssues(db: Database, queue: NewsletterQueue, now: Date, origin = getSiteSettings().url) {
  const due = await db
    .select({ id: newsletterIssues.id })
    .from(newsletterIssues)
    .where(and(isNull(newsletterIssues.sentAt), lte(newsletterIssues.scheduledAt, now.toISOString())));
  const started: number[] = [];
  for (const { id } of due) {
    const claimed = await claimIssue(db, id, origin.replace(/\/+$/, ""), now, true);
    if (!claimed) continue;
    started.push(id);
    await queueFanout(queue, id);
  }
  if (started.length > 0) {
    // They are in the public archive now.
    await markContentChanged(db);
    logEvent("info", "newsletter.scheduled_started", { issues: started.join(","), count: started.length });
  }
  return started;
}
