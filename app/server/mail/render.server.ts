/**
 * The one way a stored mail becomes a message: `renderMail(kind, data, site)`. `mail_log.data` holds a template's
 * input (the facts: names, amounts, a link; dates as ISO strings), never its body, so the body is rendered here when
 * the consumer delivers the mail and when the dev mailbox or the order page shows it.
 */
import { eq } from "drizzle-orm";
import { newsletterIssues } from "../../../db/schema";
import type { Database } from "../core/db.server";
import { parseMarkdown } from "../content/markdown.server";
import {
  type AccessLinkEmailInput,
  type AdminInviteEmailInput,
  accessLinkEmail,
  adminInviteEmail,
  type DuplicatePaymentRefundedEmailInput,
  duplicatePaymentRefundedEmail,
  type NewsletterConfirmationEmailInput,
  newsletterConfirmationEmail,
  newsletterIssueEmail,
  type OwnerPaymentRefundedEmailInput,
  ownerPaymentRefundedEmail,
  type PaymentRefundedAtOnceEmailInput,
  paymentRefundedAtOnceEmail,
  type ReceiptEmailInput,
  type RefundEmailInput,
  type RenderedEmail,
  receiptEmail,
  refundEmail,
} from "./emails.server";

/** A template input as stored: without the site's name (rendered from Settings) and with dates as ISO strings. */
type Stored<T> = { [K in keyof Omit<T, "siteName">]: T[K] extends Date ? string : T[K] };

/** What each kind of mail is rendered from. */
export type MailDataByKind = {
  receipt: Stored<ReceiptEmailInput>;
  "access-link": Stored<AccessLinkEmailInput>;
  refund: Stored<RefundEmailInput>;
  "duplicate-refund": Stored<DuplicatePaymentRefundedEmailInput>;
  "automatic-refund": Stored<PaymentRefundedAtOnceEmailInput>;
  "owner-alert": Stored<OwnerPaymentRefundedEmailInput>;
  "newsletter-confirmation": Stored<NewsletterConfirmationEmailInput>;
  /** "Save and send test": the issue as it stands when the mail is rendered, without an unsubscribe link. */
  "newsletter-test": { issueId: number; origin: string };
  "admin-invite": Stored<AdminInviteEmailInput>;
};

export type MailKind = keyof MailDataByKind;

export type RenderContext = { db: Database; siteName: string };

/** Renders a stored mail. Throws when its source is gone (a test of a deleted issue): there is nothing left to send. */
export async function renderMail<K extends MailKind>(kind: K, data: MailDataByKind[K], context: RenderContext): Promise<RenderedEmail> {
  const siteName = context.siteName;
  // Each case narrows `data` by its kind (the map's value for it).
  const input = data as MailDataByKind[MailKind];
  switch (kind) {
    case "receipt": {
      const d = input as MailDataByKind["receipt"];
      return receiptEmail({ ...d, siteName, paidAt: new Date(d.paidAt) });
    }
    case "access-link":
      return accessLinkEmail({ ...(input as MailDataByKind["access-link"]), siteName });
    case "refund": {
      const d = input as MailDataByKind["refund"];
      return refundEmail({ ...d, siteName, refundedAt: new Date(d.refundedAt) });
    }
    case "duplicate-refund": {
      const d = input as MailDataByKind["duplicate-refund"];
      return duplicatePaymentRefundedEmail({ ...d, siteName, refundedAt: new Date(d.refundedAt) });
    }
    case "automatic-refund": {
      const d = input as MailDataByKind["automatic-refund"];
      return paymentRefundedAtOnceEmail({ ...d, siteName, refundedAt: new Date(d.refundedAt) });
    }
    case "owner-alert":
      return ownerPaymentRefundedEmail({ ...(input as MailDataByKind["owner-alert"]), siteName });
    case "newsletter-confirmation":
      return newsletterConfirmationEmail({ ...(input as MailDataByKind["newsletter-confirmation"]), siteName });
    case "admin-invite":
      return adminInviteEmail({ ...(input as MailDataByKind["admin-invite"]), siteName });
    case "newsletter-test": {
      const d = input as MailDataByKind["newsletter-test"];
      const issue = await context.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, d.issueId)).get();
      if (!issue) throw new Error(`Newsletter issue ${d.issueId} no longer exists.`);
      const mail = newsletterIssueEmail({
        siteName,
        subject: issue.subject,
        markdown: issue.body,
        blocks: parseMarkdown(issue.body),
        origin: d.origin,
        unsubscribeUrl: null,
      });
      return { ...mail, subject: `[Test] ${mail.subject}` };
    }
  }
  throw new Error(`No template for mail kind "${String(kind)}".`);
}
