/**
 * The daily retention job (wrangler.toml's Cron Trigger, workers/app.ts's `scheduled`): deletes what the
 * privacy policy (app/routes/legal.tsx) says is not kept, and what has expired. One D1 batch, one log line.
 */
import { and, eq, inArray, isNotNull, lt, lte, ne, notInArray, or, sql } from "drizzle-orm";
import {
  accessTokens,
  adminSessions,
  analyticsDimensions,
  analyticsPages,
  analyticsPlays,
  contactMessages,
  enrollments,
  gifts,
  learnerSessions,
  loginAttempts,
  mailLog,
  NEWSLETTER_DELIVERY_STATUSES,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
  rateLimits,
} from "../../../db/schema";
import { LOGIN_WINDOW_MINUTES } from "../admin/auth.server";
import type { Database } from "../core/db.server";
import { orderRetentionCutoff } from "../learning/learner-data.server";
import { MAIL_LOG_RETENTION_MONTHS } from "~/lib/learner-data";
import { NEWSLETTER_MAIL_KINDS, NEWSLETTER_UNDO_DAYS } from "../newsletter/subscriptions.server";
import { RATE_LIMIT_WINDOW_MS } from "../core/rate-limit.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Daily at 03:17 UTC (wrangler.toml's [triggers]; the Worker's `scheduled` handler dispatches by schedule). */
export const RETENTION_CRON = "17 3 * * *";
/** The privacy policy: "Contact messages are deleted two years after they were sent." */
export const CONTACT_MESSAGE_RETENTION_YEARS = 2;
/** The daily analytics aggregates are kept 25 months (docs/analytics.md, "Retention and scale"): two years and a month to compare with. */
export const ANALYTICS_RETENTION_MONTHS = 25;

export type RetentionCounts = {
  pendingSubscribers: number;
  unsubscribedSubscribers: number;
  contactMessages: number;
  learnerSessions: number;
  adminSessions: number;
  accessTokens: number;
  loginAttempts: number;
  rateLimits: number;
  /** Newsletter e-mails (confirmations, issues) in the mail log whose address is no longer a subscriber. */
  newsletterMails: number;
  /** Orders older than the accounting period whose buyer's address and name were blanked (the orders stay). */
  ordersAnonymised: number;
  /** Mail log rows (any kind: receipts, access links, refunds, invitations…) older than `MAIL_LOG_RETENTION_MONTHS`. */
  oldMails: number;
  /**
   * Newsletter delivery rows (which subscriber got which issue, and whether it was delivered) older than
   * `MAIL_LOG_RETENTION_MONTHS`; their counts were first added to their issue's `archived_counts`.
   */
  newsletterDeliveries: number;
  /** Rows of the daily analytics aggregates (pages, dimensions, plays) older than `ANALYTICS_RETENTION_MONTHS`. */
  analyticsRows: number;
};

/** The privacy policy: "The record of each email in our outgoing mail log is deleted 13 months after the email was written." */
export function mailLogRetentionCutoff(now: Date) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - MAIL_LOG_RETENTION_MONTHS);
  return cutoff.toISOString();
}

/** The first day (YYYY-MM-DD, UTC) whose analytics aggregates are still kept at `now`. */
export function analyticsRetentionCutoff(now: Date) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - ANALYTICS_RETENTION_MONTHS);
  return cutoff.toISOString().slice(0, 10);
}

/** Deletes everything past its time at `now`, and logs and returns how many rows of each kind went. */
export async function runRetention(db: Database, now = new Date()): Promise<RetentionCounts> {
  const nowIso = now.toISOString();
  const twoYearsAgo = new Date(now);
  twoYearsAgo.setUTCFullYear(twoYearsAgo.getUTCFullYear() - CONTACT_MESSAGE_RETENTION_YEARS);
  const undoEnded = new Date(now.getTime() - NEWSLETTER_UNDO_DAYS * DAY_MS).toISOString();
  const loginWindowStart = new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60 * 1000).toISOString();
  const currentWindowStart = Math.floor(now.getTime() / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS;
  const accountingEnded = orderRetentionCutoff(now);
  const mailLogEnded = mailLogRetentionCutoff(now);
  const analyticsKept = analyticsRetentionCutoff(now);

  const results = await db.batch([
    // A pending address whose confirmation link expired (7 days after it was last sent) was never confirmed.
    db
      .delete(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.status, "pending"), lte(newsletterSubscribers.confirmExpiresAt, nowIso))),
    db
      .delete(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.status, "unsubscribed"), lte(newsletterSubscribers.unsubscribedAt, undoEnded))),
    db.delete(contactMessages).where(lte(contactMessages.createdAt, twoYearsAgo.toISOString())),
    db.delete(learnerSessions).where(lte(learnerSessions.expiresAt, nowIso)),
    db.delete(adminSessions).where(lte(adminSessions.expiresAt, nowIso)),
    db.delete(accessTokens).where(or(lte(accessTokens.expiresAt, nowIso), isNotNull(accessTokens.usedAt))),
    db.delete(loginAttempts).where(lte(loginAttempts.createdAt, loginWindowStart)),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, currentWindowStart)),
    // Last, after the addresses above went: the copies of the newsletter mail sent to them go too, so the address
    // is not kept in the mail log once the subscription is deleted (the privacy policy says it is deleted).
    db
      .delete(mailLog)
      .where(
        and(
          inArray(mailLog.kind, NEWSLETTER_MAIL_KINDS),
          notInArray(mailLog.to, db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers)),
        ),
      ),
    // Orders are kept for the accounts (ORDER_RETENTION_YEARS); after that, without the buyer's address and name.
    db
      .update(enrollments)
      .set({ email: "", name: "" })
      .where(and(lte(enrollments.createdAt, accountingEnded), or(ne(enrollments.email, ""), ne(enrollments.name, "")))),
    // A gift's addresses, the recipient's name and the buyer's message go with them (docs/payments.md, "Gifts").
    db
      .update(gifts)
      .set({ buyerEmail: "", recipientEmail: "", recipientName: "", message: "" })
      .where(
        and(
          sql`exists (select 1 from ${enrollments} e where e.id = ${gifts.enrollmentId} and e.created_at <= ${accountingEnded})`,
          or(ne(gifts.buyerEmail, ""), ne(gifts.recipientEmail, ""), ne(gifts.recipientName, ""), ne(gifts.message, "")),
        ),
      ),
    // The mail log (delivery metadata and the facts each e-mail was written from; no bodies) is kept 13 months.
    db.delete(mailLog).where(lte(mailLog.createdAt, mailLogEnded)),
    // The issues' delivery rows too (the same period): first their counts are added to their issue's
    // `archived_counts`, then they go. Both match exactly the same rows, and the batch is one transaction.
    archiveDueDeliveries(db, mailLogEnded),
    db.delete(newsletterDeliveries).where(dueDeliveries(db, mailLogEnded)),
    // The daily analytics aggregates: 25 months (no row names a person; the salts went the day after).
    db.delete(analyticsPages).where(lt(analyticsPages.day, analyticsKept)),
    db.delete(analyticsDimensions).where(lt(analyticsDimensions.day, analyticsKept)),
    db.delete(analyticsPlays).where(lt(analyticsPlays.day, analyticsKept)),
  ]);
  const [
    pending = 0,
    unsubscribed = 0,
    messages = 0,
    learners = 0,
    admins = 0,
    tokens = 0,
    attempts = 0,
    limits = 0,
    newsletterMails = 0,
    ordersAnonymised = 0,
    _giftsAnonymised = 0,
    oldMails = 0,
    _issuesArchived = 0,
    deliveries = 0,
    analyticsPagesDeleted = 0,
    analyticsDimensionsDeleted = 0,
    analyticsPlaysDeleted = 0,
  ] = results.map(changes);
  const counts: RetentionCounts = {
    pendingSubscribers: pending,
    unsubscribedSubscribers: unsubscribed,
    contactMessages: messages,
    learnerSessions: learners,
    adminSessions: admins,
    accessTokens: tokens,
    loginAttempts: attempts,
    rateLimits: limits,
    newsletterMails,
    ordersAnonymised,
    oldMails,
    newsletterDeliveries: deliveries,
    analyticsRows: analyticsPagesDeleted + analyticsDimensionsDeleted + analyticsPlaysDeleted,
  };
  // Logged by the cron's run (`cron.retention.done`, app/server/operator/operator.server.ts), with these counts.
  return counts;
}

/**
 * The delivery rows due at `cutoff`: written at or before it, of an issue sent at or before it. (Deliveries are
 * written after their issue was sent, so the second condition only lets the issues' `sent_at` index find them
 * without reading every delivery.)
 */
function dueDeliveries(db: Database, cutoff: string) {
  return and(
    lte(newsletterDeliveries.createdAt, cutoff),
    inArray(
      newsletterDeliveries.issueId,
      db.select({ id: newsletterIssues.id }).from(newsletterIssues).where(lte(newsletterIssues.sentAt, cutoff)),
    ),
  );
}

/**
 * One UPDATE: for every issue with deliveries due at `cutoff` (the rows `dueDeliveries` matches), adds their counts
 * to `archived_counts` (per status, "unsubscribed since", and failures per reason code), built in SQL with
 * json_object over what is already there (json_extract) plus the due rows' counts. Run before the DELETE, in the
 * same batch: a second run finds no due rows and changes nothing. Four bound parameters.
 */
function archiveDueDeliveries(db: Database, cutoff: string) {
  const issueId = sql.raw('"newsletter_issues"."id"');
  const archived = sql.raw('"newsletter_issues"."archived_counts"');
  const before = (key: string) => sql`coalesce(json_extract(${archived}, ${sql.raw(`'$.${key}'`)}), 0)`;
  const counts = NEWSLETTER_DELIVERY_STATUSES.map(
    (status) => sql`${sql.raw(`'${status}'`)}, ${before(status)} + coalesce(sum(d.status = ${sql.raw(`'${status}'`)}), 0)`,
  );
  // Failures per reason: the archived ones and the due rows' ones, summed per reason (a reason code is a JSON key).
  const failures = sql`json((select coalesce(json_group_object(reason, n), '{}') from (
      select reason, sum(n) as n from (
        select key as reason, value as n from json_each(coalesce(${archived}, '{}'), '$.failures')
        union all
        select coalesce(f.error, f.status) as reason, count(*) as n from ${newsletterDeliveries} f
          where f.issue_id = ${issueId} and f.created_at <= ${cutoff} and f.status in ('failed', 'bounced', 'complained')
          group by 1
      ) group by reason order by reason)))`;
  return db
    .update(newsletterIssues)
    .set({
      archivedCounts: sql`(select json_object(
        ${sql.join(counts, sql`, `)},
        'unsubscribedSince', ${before("unsubscribedSince")} + coalesce(sum(d.unsubscribed_at is not null), 0),
        'failures', ${failures})
        from ${newsletterDeliveries} d where d.issue_id = ${issueId} and d.created_at <= ${cutoff})`,
    })
    .where(
      and(
        lte(newsletterIssues.sentAt, cutoff),
        sql`exists (select 1 from ${newsletterDeliveries} d where d.issue_id = ${issueId} and d.created_at <= ${cutoff})`,
      ),
    );
}

/** Rows a D1 statement changed. */
function changes(result: unknown): number {
  return (result as { meta?: { changes?: number } }).meta?.changes ?? 0;
}
