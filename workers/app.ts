import { forgetPastDays, handleAnalyticsBatch } from "../app/server/analytics/aggregate.server";
import { ANALYTICS_QUEUE_NAME } from "../app/lib/analytics";
import { config } from "../app/server/core/config.server";
import { createDatabase } from "../app/server/core/db.server";
import {
  handleDeadMailBatch,
  handleMailBatch,
  MAIL_DEAD_LETTER_QUEUE_NAME,
  MAIL_QUEUE_NAME,
  type MailQueueBody,
  resumeDeferredMail,
} from "../app/server/mail/mail.server";
import { handleAccessLinkRequest } from "../app/server/learning/learner.server";
import { sendDripMail } from "../app/server/learning/drip.server";
import { handleNewsletterMessage, resumeNewsletterSends } from "../app/server/newsletter/sending.server";
import { sendDueGifts } from "../app/server/payments/gifts.server";
import { transportFor } from "../app/server/mail/transports/index.server";
import { reissueCredentials } from "../app/server/mail/reissue.server";
import { PUBLISH_CRON, publishDueContent } from "../app/server/content/publication.server";
import { RETENTION_CRON, runRetention } from "../app/server/site/retention.server";
import {
  checkCronFreshness,
  checkDeferredMail,
  DAILY_JOBS,
  FIVE_MINUTE_JOBS,
  noteAlert,
  pruneAlertCounts,
  runCronJob,
  sendDueAlerts,
} from "../app/server/operator/operator.server";
import { logEvent, shortError, withRequestId } from "../app/server/core/log.server";
import { createFetchHandler } from "./fetch-handler";
import { serverBuildHandler } from "./request-handler";

const server = serverBuildHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE, import.meta.env.DEV);

export default {
  fetch: createFetchHandler(server),

  /**
   * The Cron Triggers of wrangler.toml, by schedule, as of the scheduled time: the daily retention job
   * (app/server/site/retention.server.ts) and drip release e-mails (app/server/learning/drip.server.ts), and, every 5 minutes, publishing what is scheduled (app/server/content/publication.server.ts),
   * resuming newsletter sends (paused by a quota, stalled, or scheduled: app/server/newsletter/sending.server.ts) and
   * queueing again the deferred e-mails that are due (app/server/mail/mail.server.ts) and forgetting the analytics salts of
   * past days (app/server/analytics/aggregate.server.ts). Each 5-minute job runs even if
   * another one throws. Every job's run is recorded (`runCronJob`, app/server/operator/operator.server.ts): each
   * schedule checks that the other one still runs, and the 5-minute one checks for mail held back and sends the alerts due.
   */
  scheduled(controller, env) {
    // Every log line of the run names it (app/server/core/log.server.ts): the schedule and its time.
    const id = `cron:${controller.cron}:${new Date(controller.scheduledTime).toISOString()}`;
    return withRequestId(id, () => scheduled(controller, env));
  },

  /**
   * Outgoing e-mail (app/server/mail/mail.server.ts): deliveries, and the messages the mail queue gave up on; and the
   * analytics queue's page views and plays (app/server/analytics/aggregate.server.ts).
   */
  queue(batch, env) {
    // Every log line of the batch names it: its queue and the first message's id (a batch has no id of its own).
    return withRequestId(`queue:${batch.queue}:${batch.messages[0]?.id ?? "empty"}`, () => queue(batch, env));
  },
} satisfies ExportedHandler<Env>;

async function scheduled(controller: ScheduledController, env: Env) {
  const db = createDatabase(env.DB);
  const now = new Date(controller.scheduledTime);
  if (controller.cron === RETENTION_CRON) {
    try {
      const jobs = await Promise.allSettled([
        runCronJob(db, "retention", now, async () => {
          const counts = await runRetention(db, now);
          await pruneAlertCounts(db, now);
          return counts;
        }),
        // Drip release (app/server/learning/drip.server.ts): the day's "a new module is open" e-mails. SITE_URL is empty
        // locally, where `npm start` serves on 8787.
        runCronJob(db, "drip-mail", now, () =>
          sendDripMail(db, { db, queue: env.MAIL_QUEUE }, config(env).SITE_URL || "http://localhost:8787", now),
        ),
      ]);
      const failed = jobs.filter((job) => job.status === "rejected");
      if (failed.length > 0)
        throw new AggregateError(
          failed.map((job) => job.reason),
          "daily cron jobs failed",
        );
    } finally {
      // The daily job watches the 5-minute ones (and they watch it): a schedule that stopped is told.
      await checkCronFreshness(db, FIVE_MINUTE_JOBS, now).catch((error) =>
        logEvent("error", "cron.check_failed", { error: shortError(error) }),
      );
    }
  } else if (controller.cron === PUBLISH_CRON) {
    const jobs = await Promise.allSettled([
      runCronJob(db, "publish", now, () => publishDueContent(db, now)),
      runCronJob(db, "newsletter-resume", now, () => resumeNewsletterSends(db, env.MAIL_QUEUE, now)),
      runCronJob(db, "deferred-mail", now, () => resumeDeferredMail(db, env.MAIL_QUEUE, now)),
      // The unique-visitor salts and keys of the days before today (app/server/analytics/aggregate.server.ts).
      runCronJob(db, "analytics-forget", now, () => forgetPastDays(db, now)),
      // Gifts whose day has come (UTC): each e-mailed to its recipient once (docs/payments.md, "Gifts").
      runCronJob(db, "gifts", now, () => sendDueGifts(db, now)),
    ]);
    // The operator's checks (app/server/operator/operator.server.ts): the daily job's last run, mail held back for
    // hours, and the alerts whose hour has passed with occurrences waiting.
    await Promise.allSettled([checkCronFreshness(db, DAILY_JOBS, now), checkDeferredMail(db, now)]);
    await sendDueAlerts(db, now).catch((error) => logEvent("error", "alert.send_failed", { error: shortError(error) }));
    const failed = jobs.filter((job) => job.status === "rejected");
    if (failed.length > 0)
      throw new AggregateError(
        failed.map((job) => job.reason),
        "5-minute cron jobs failed",
      );
  } else logEvent("error", "cron.unknown_schedule", { cron: controller.cron });
}

async function queue(batch: MessageBatch, env: Env) {
  const db = createDatabase(env.DB);
  const mail = batch as MessageBatch<MailQueueBody>;
  if (batch.queue === MAIL_QUEUE_NAME)
    return handleMailBatch(mail, {
      db,
      transport: transportFor("transactional"),
      from: config(env).MAIL_FROM,
      newsletter: (message) =>
        handleNewsletterMessage(message, {
          db,
          queue: env.MAIL_QUEUE,
          transport: transportFor("newsletter"),
          from: config(env).MAIL_FROM,
        }),
      accessLinkRequest: (message) => handleAccessLinkRequest(message, { db, queue: env.MAIL_QUEUE }),
      reissue: reissueCredentials,
    });
  // Page views and plays: the day's aggregates (app/server/analytics/aggregate.server.ts).
  if (batch.queue === ANALYTICS_QUEUE_NAME) return handleAnalyticsBatch(batch, { db });
  if (batch.queue === MAIL_DEAD_LETTER_QUEUE_NAME)
    return handleDeadMailBatch(mail, { db, onDeadLetters: (count, details) => noteAlert(db, "dead-letter", { count, details }) });
  // A queue this Worker was bound to without code for it: keep its messages rather than drop them.
  logEvent("error", "queue.no_consumer", { queue: batch.queue, count: batch.messages.length });
  batch.retryAll();
}
