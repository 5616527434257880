/**
 * The one way a stored mail becomes a message: `renderMail(kind, data, site)`. `mail_log.data` holds a template's
 * input (the facts: names, amounts, a link; dates as ISO strings), never its body, so the body is rendered here when
 * the consumer delivers the mail and when the dev mailbox or the order page shows it. The templates are React
 * components in ./templates/ (docs/newsletter.md, "E-mail templates").
 */
import { eq, inArray } from "drizzle-orm";
import { articles, media, newsletterIssues } from "../../../db/schema";
import type { Block, Inline } from "~/lib/markdown";
import type { Database } from "../core/db.server";
import { parseMarkdown } from "../content/markdown.server";
import type { RenderedEmail } from "./templates/layout.server";
import type { ImageWidths } from "./templates/markdown.server";
import {
  absoluteOnSite,
  type IssueArticle,
  type NewsletterConfirmationEmailInput,
  type NewsletterIssueEmailInput,
  type NewsletterWelcomeEmailInput,
  newsletterConfirmationEmail,
  newsletterIssueEmail,
  newsletterWelcomeEmail,
} from "./templates/newsletter.server";
import {
  type AccessLinkEmailInput,
  type AdminInviteEmailInput,
  accessLinkEmail,
  adminInviteEmail,
  type DuplicatePaymentRefundedEmailInput,
  duplicatePaymentRefundedEmail,
  type CouponSpentEmailInput,
  couponSpentEmail,
  type GiftEmailInput,
  giftEmail,
  type GiftReceiptEmailInput,
  giftReceiptEmail,
  type OperatorAlertEmailInput,
  operatorAlertEmail,
  type OwnerNoticeEmailInput,
  ownerNoticeEmail,
  type OwnerPaymentRefundedEmailInput,
  ownerPaymentRefundedEmail,
  type PartialRefundEmailInput,
  partialRefundEmail,
  type PaymentRefundedAtOnceEmailInput,
  paymentRefundedAtOnceEmail,
  type ModulesOpenedEmailInput,
  modulesOpenedEmail,
  type ReceiptEmailInput,
  type RefundEmailInput,
  receiptEmail,
  refundEmail,
} from "./templates/transactional.server";

export type { RenderedEmail };

/** A template input as stored: without the site's name (rendered from Settings) and with dates as ISO strings. */
type Stored<T> = { [K in keyof Omit<T, "siteName">]: T[K] extends Date ? string : T[K] };

/** What each kind of mail is rendered from. */
export type MailDataByKind = {
  receipt: Stored<ReceiptEmailInput>;
  "access-link": Stored<AccessLinkEmailInput>;
  /** Drip release: the modules newly open to the learner, by course (app/server/learning/drip.server.ts). */
  "modules-opened": Stored<ModulesOpenedEmailInput>;
  refund: Stored<RefundEmailInput>;
  "partial-refund": Stored<PartialRefundEmailInput>;
  "duplicate-refund": Stored<DuplicatePaymentRefundedEmailInput>;
  "automatic-refund": Stored<PaymentRefundedAtOnceEmailInput>;
  "owner-alert": Stored<OwnerPaymentRefundedEmailInput>;
  "coupon-spent": Stored<CouponSpentEmailInput>;
  /** A gift's receipt, to the buyer, with the link that manages the gift (docs/payments.md, "Gifts"). */
  "gift-receipt": Stored<GiftReceiptEmailInput>;
  /** A gift, to its recipient on the day: the buyer's message and an access link. */
  gift: Stored<GiftEmailInput>;
  "newsletter-confirmation": Stored<NewsletterConfirmationEmailInput>;
  /** "Save and send test": the issue as it stands when the mail is rendered, without an unsubscribe link. */
  "newsletter-test": { issueId: number; origin: string };
  /** The welcome after double opt-in: the owner's text from Settings as it was when the subscriber confirmed. */
  "newsletter-welcome": Omit<Stored<NewsletterWelcomeEmailInput>, "imageWidths">;
  "admin-invite": Stored<AdminInviteEmailInput>;
  /** To the operator address of Settings: an alert kind, how often since `since` (ISO), and the latest details. */
  "operator-alert": Stored<OperatorAlertEmailInput>;
  /** To the site's contact e-mail: a sale, a contact message or a draft submitted for review (app/server/site/owner-notices.server.ts). */
  "owner-notice": Stored<OwnerNoticeEmailInput>;
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
    case "modules-opened":
      return modulesOpenedEmail({ ...(input as MailDataByKind["modules-opened"]), siteName });
    case "refund": {
      const d = input as MailDataByKind["refund"];
      return refundEmail({ ...d, siteName, refundedAt: new Date(d.refundedAt) });
    }
    case "partial-refund": {
      const d = input as MailDataByKind["partial-refund"];
      return partialRefundEmail({ ...d, siteName, refundedAt: new Date(d.refundedAt) });
    }
    case "duplicate-refund": {
      const d = input as MailDataByKind["duplicate-refund"];
      return duplicatePaymentRefundedEmail({ ...d, siteName, refundedAt: new Date(d.refundedAt) });
    }
    case "automatic-refund": {
      const d = input as MailDataByKind["automatic-refund"];
      return paymentRefundedAtOnceEmail({ ...d, siteName, refundedAt: new Date(d.refundedAt) });
    }
    case "gift-receipt": {
      const d = input as MailDataByKind["gift-receipt"];
      return giftReceiptEmail({ ...d, siteName, paidAt: new Date(d.paidAt) });
    }
    case "gift":
      return giftEmail({ ...(input as MailDataByKind["gift"]), siteName });
    case "coupon-spent":
      return couponSpentEmail({ ...(input as MailDataByKind["coupon-spent"]), siteName });
    case "owner-alert":
      return ownerPaymentRefundedEmail({ ...(input as MailDataByKind["owner-alert"]), siteName });
    case "newsletter-confirmation":
      return newsletterConfirmationEmail({ ...(input as MailDataByKind["newsletter-confirmation"]), siteName });
    case "operator-alert": {
      const d = input as MailDataByKind["operator-alert"];
      return operatorAlertEmail({ ...d, siteName, since: new Date(d.since) });
    }
    case "owner-notice":
      return ownerNoticeEmail({ ...(input as MailDataByKind["owner-notice"]), siteName });
    case "admin-invite":
      return adminInviteEmail({ ...(input as MailDataByKind["admin-invite"]), siteName });
    case "newsletter-welcome": {
      const d = input as MailDataByKind["newsletter-welcome"];
      const blocks = parseMarkdown(d.markdown);
      return newsletterWelcomeEmail({ ...d, siteName, imageWidths: await imageWidthsOf(context.db, blocks) });
    }
    case "newsletter-test": {
      const d = input as MailDataByKind["newsletter-test"];
      const issue = await context.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, d.issueId)).get();
      if (!issue) throw new Error(`Newsletter issue ${d.issueId} no longer exists.`);
      const mail = newsletterIssueEmail({ ...(await issueMailParts(context.db, issue, d.origin)), siteName, unsubscribeUrl: null });
      return { ...mail, subject: `[Test] ${mail.subject}` };
    }
  }
  throw new Error(`No template for mail kind "${String(kind)}".`);
}

/** What an issue's e-mail is made of, the same for every recipient: render it per recipient with their unsubscribe link. */
export type IssueMailParts = Omit<NewsletterIssueEmailInput, "siteName" | "unsubscribeUrl">;

/**
 * Loads what an issue's e-mail needs besides the issue (once per issue, not per recipient): its article (title, link,
 * cover, when the issue was made from one that still exists) and the widths of its images from the media library.
 * `newsletterIssueEmail({ ...parts, siteName, unsubscribeUrl })` then renders each recipient's copy.
 */
export async function issueMailParts(
  db: Database,
  issue: { id: number; subject: string; body: string; format: string; articleId: number | null },
  origin: string,
): Promise<IssueMailParts> {
  const blocks = parseMarkdown(issue.body);
  const article = issue.articleId === null ? null : await issueArticle(db, issue.articleId, origin);
  return {
    subject: issue.subject,
    markdown: issue.body,
    blocks,
    origin,
    format: issue.format === "excerpt" ? "excerpt" : "full",
    article,
    imageWidths: await imageWidthsOf(db, blocks),
    // Its links to the site carry its campaign (docs/analytics.md); the test copy's too, so it shows what subscribers get.
    issueId: issue.id,
  };
}

/**
 * An article as an issue shows it: its title, its page, and its cover. The cover links to the article, so its alt is
 * never empty (it names the link): the library's alt text, else the caption, else the article's title.
 */
export async function issueArticle(db: Database, articleId: number, origin: string): Promise<IssueArticle | null> {
  const row = await db
    .select({ title: articles.title, imageUrl: articles.imageUrl, imageCaption: articles.imageCaption })
    .from(articles)
    .where(eq(articles.id, articleId))
    .get();
  if (!row) return null;
  const src = row.imageUrl ? absoluteOnSite(row.imageUrl, origin) : null;
  const key = mediaKey(row.imageUrl);
  const item = key
    ? await db.select({ width: media.width, altText: media.altText }).from(media).where(eq(media.key, key)).get()
    : undefined;
  return {
    title: row.title,
    url: `${origin}/articles/${articleId}`,
    cover: src ? { src, alt: item?.altText || row.imageCaption || row.title, ...(item?.width ? { width: item.width } : {}) } : null,
  };
}

/** The media library's key of a /media/<key> URL (the site's uploads), or null for any other image. */
function mediaKey(url: string) {
  const match = /^\/media\/([^/?#]+)$/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The widths the media library knows of a body's images (/media/<key>), by their URL as written. */
export async function imageWidthsOf(db: Database, blocks: Block[]): Promise<ImageWidths> {
  const keys = new Map<string, string>();
  const visit = (items: readonly (Block | Inline)[]) => {
    for (const item of items) {
      if (item.type === "image") {
        const key = mediaKey(item.src);
        if (key) keys.set(key, item.src);
      } else if (item.type === "gallery") {
        for (const image of item.images) {
          const key = mediaKey(image.src);
          if (key) keys.set(key, image.src);
        }
      } else if (item.type === "list") for (const entry of item.items) visit(entry);
      else if ("children" in item) visit(item.children);
    }
  };
  visit(blocks);
  if (keys.size === 0) return {};
  const rows = await db
    .select({ key: media.key, width: media.width })
    .from(media)
    .where(inArray(media.key, [...keys.keys()].slice(0, 90)))
    .all();
  return Object.fromEntries(rows.flatMap((row) => (row.width ? [[keys.get(row.key) ?? "", row.width]] : [])));
}
