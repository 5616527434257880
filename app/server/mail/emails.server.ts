/**
 * The site's e-mails, as they were imported before the templates became components: each function returns a subject,
 * a plain-text part and the HTML. They now live in ./templates/ (React components rendered with renderToStaticMarkup;
 * docs/newsletter.md, "E-mail templates"); this module re-exports them for the callers that still import from here.
 * New code renders a stored mail with `renderMail` (./render.server.ts).
 */

export { type RenderedEmail, theNewsletter } from "./templates/layout.server";
export {
  type IssueArticle,
  type NewsletterConfirmationEmailInput,
  type NewsletterIssueEmailInput,
  type NewsletterWelcomeEmailInput,
  newsletterConfirmationEmail,
  newsletterIssueEmail,
  newsletterWelcomeEmail,
} from "./templates/newsletter.server";
export {
  type AccessLinkEmailInput,
  type AdminInviteEmailInput,
  accessLinkEmail,
  adminInviteEmail,
  type DuplicatePaymentRefundedEmailInput,
  duplicatePaymentRefundedEmail,
  type OwnerPaymentRefundedEmailInput,
  ownerPaymentRefundedEmail,
  type PaymentRefundedAtOnceEmailInput,
  paymentRefundedAtOnceEmail,
  REFUND_TERMS,
  type ReceiptEmailInput,
  type RefundEmailInput,
  receiptEmail,
  refundEmail,
} from "./templates/transactional.server";

/** HTML-escapes a text (React escapes the templates' own texts; this is for callers that build HTML by hand). */
export function escapeHtml(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
