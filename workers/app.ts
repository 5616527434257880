import { config } from "../app/server/core/config.server";
import { createDatabase } from "../app/server/core/db.server";
import {
  handleDeadMailBatch,
  handleMailBatch,
  MAIL_DEAD_LETTER_QUEUE_NAME,
  MAIL_QUEUE_NAME,
  type MailQueueBody,
} from "../app/server/mail/mail.server";
import { handleAccessLinkRequest } from "../app/server/learning/learner.server";
import { startDueScheduledIssues } from "../app/server/newsletter/drafts.server";
import { deliverNewsletterIssue } from "../app/server/newsletter/issues.server";
import { PUBLISH_CRON, publishDueContent } from "../app/server/content/publication.server";
import { RETENTION_CRON, runRetention } from "../app/server/site/retention.server";
import { createFetchHandler } from "./fetch-handler";
import { serverBuildHandler } from "./request-handler";

const server = serverBuildHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE, import.meta.env.DEV);

export default {
  fetch: createFetchHandler(server),

  /**
   * The Cron Triggers of wrangler.toml, by schedule, as of the scheduled time: the daily retention job
   * (app/server/site/retention.server.ts) and, every 5 minutes, publishing what is scheduled (app/server/content/publication.server.ts)
   * and starting the newsletter issues scheduled to be sent.
   */
  async scheduled(controller, env) {
    const db = createDatabase(env.DB);
    const now = new Date(controller.scheduledTime);
    if (controller.cron === RETENTION_CRON) await runRetention(db, now);
    else if (controller.cron === PUBLISH_CRON) {
      await publishDueContent(db, now);
      // Newsletter issues scheduled for now or earlier start sending (app/server/newsletter/drafts.server.ts).
      await startDueScheduledIssues(db, env.MAIL_QUEUE, now);
    } else console.error("No job for the cron schedule", controller.cron);
  },

  /** Outgoing e-mail (app/server/mail/mail.server.ts): deliveries, and the messages the mail queue gave up on. */
  async queue(batch, env) {
    const db = createDatabase(env.DB);
    const mail = batch as MessageBatch<MailQueueBody>;
    if (batch.queue === MAIL_QUEUE_NAME)
      return handleMailBatch(mail, {
        db,
        email: env.EMAIL,
        from: config(env).MAIL_FROM,
        newsletterDelivery: (message) => deliverNewsletterIssue(message, { db, queue: env.MAIL_QUEUE }),
        accessLinkRequest: (message) => handleAccessLinkRequest(message, { db, queue: env.MAIL_QUEUE }),
      });
    if (batch.queue === MAIL_DEAD_LETTER_QUEUE_NAME) return handleDeadMailBatch(mail, { db });
    // A queue this Worker was bound to without code for it: keep its messages rather than drop them.
    console.error("No consumer for queue", batch.queue);
    batch.retryAll();
  },
} satisfies ExportedHandler<Env>;
