/**
 * The site's e-mails, each as a subject, a plain-text body and a small HTML body. The HTML uses inline
 * styles only (mail clients drop <style> and external CSS), system fonts and no images, so nothing is
 * fetched when it is opened. Every interpolated value is escaped: course titles are admin-entered text.
 */

import { formatDuration, formatLongDate, formatMoney } from "~/lib/format";
import type { Block, Inline } from "~/lib/markdown";

export type RenderedEmail = { subject: string; text: string; html: string };

/** The refund terms, word for word as on the legal page (app/routes/legal.tsx). */
export const REFUND_TERMS = "If a course does not meet your expectations, write to us within 14 days of enrolling for a full refund.";

export function escapeHtml(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** A subject is one header line: a line break in a title must not start another header. */
function oneLine(value: string) {
  return value.replace(/[\r\n\t]+/g, " ").trim();
}

/** Links in our e-mails are built by our code; anything but http(s) is a bug, not something to send. */
function httpUrl(url: string) {
  if (!/^https?:\/\//i.test(url)) throw new Error(`E-mail links must be absolute http(s) URLs, got "${url}".`);
  return url;
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const P = `margin:0 0 16px;${FONT};font-size:16px;line-height:1.5;color:#1f2937`;
const SMALL = `margin:0 0 12px;${FONT};font-size:14px;line-height:1.5;color:#4b5563`;

/** Escaped text as a paragraph. */
const paragraph = (text: string, style = P) => `<p style="${style}">${escapeHtml(text)}</p>`;

function button(url: string, label: string) {
  return `<p style="margin:24px 0"><a href="${escapeHtml(httpUrl(url))}" style="display:inline-block;padding:12px 24px;border-radius:6px;background:#3f5a4c;color:#ffffff;text-decoration:none;font-weight:600;${FONT};font-size:16px">${escapeHtml(label)}</a></p>`;
}

/** The document around a message's body (already escaped HTML). */
function layout(siteName: string, title: string, body: string) {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px 12px;background:#f5f3ef">',
    '<div style="max-width:560px;margin:0 auto;padding:32px 28px;background:#ffffff;border-radius:8px;border:1px solid #e5e1d8">',
    `<p style="margin:0 0 24px;${FONT};font-size:14px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#3f5a4c">${escapeHtml(siteName)}</p>`,
    body,
    "</div></body></html>",
  ].join("\n");
}

/**
 * An e-mail's plain-text part: its sections (a line, or lines that belong together) with a blank line between them, and
 * the site's name to sign it. A section that is `false` or empty is left out.
 */
function plainText(siteName: string, ...sections: (string | readonly string[] | false)[]) {
  const kept = sections.map((section) => (typeof section === "string" ? [section] : section || [])).filter((lines) => lines.length);
  return [...kept.flatMap((lines) => [...lines, ""]), siteName, ""].join("\n");
}

/** Under an e-mail's button, its address to copy for a mail reader that does not show buttons. */
function fallbackLink(url: string) {
  return `<p style="${SMALL};word-break:break-all">If the button does not work, copy this address into your browser: ${escapeHtml(url)}</p>`;
}

/** The label–value lines of a receipt or refund, as the e-mail's text shows them. */
function detailLines(details: [string, string][]) {
  return details.map(([label, value]) => `${label}: ${value}`);
}

/** The same lines in the HTML's shaded box (the receipt's sits closer to the button below it). */
function detailsBox(details: [string, string][], marginBottom = 16) {
  return `<div style="margin:0 0 ${marginBottom}px;padding:16px;border-radius:6px;background:#f9f8f5">${detailRowsHtml(details)}</div>`;
}

/** An e-mail's heading (`html` is already escaped). */
function heading(html: string) {
  return `<h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:1.3;color:#111827">${html}</h1>`;
}

function detailRowsHtml(details: [string, string][]) {
  return details
    .map(
      ([label, value]) =>
        `<p style="margin:0 0 8px;${FONT};font-size:15px;line-height:1.5;color:#1f2937"><span style="display:inline-block;min-width:140px;color:#6b7280">${escapeHtml(label)}</span> <strong>${escapeHtml(value)}</strong></p>`,
    )
    .join("\n");
}

export type ReceiptEmailInput = {
  siteName: string;
  courseTitle: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  orderReference: string;
  /** The single-use link that signs the buyer in and opens the course. */
  accessUrl: string;
  /** The learner's home, for coming back later. */
  learnUrl: string;
  contactEmail: string;
};

/** The payment receipt, sent once per enrolment. */
export function receiptEmail(input: ReceiptEmailInput): RenderedEmail {
  const subject = oneLine(`Your receipt: ${input.courseTitle}`);
  const amount = formatMoney(input.amountCents, input.currency, { code: true });
  const date = formatLongDate(input.paidAt);
  const details: [string, string][] = [
    ["Course", input.courseTitle],
    ["Amount", amount],
    ["Date", date],
    ["Order reference", input.orderReference],
  ];
  const comeBack = `The button signs you in once. To come back later, go to ${input.learnUrl}.`;

  const text = plainText(
    input.siteName,
    `Thank you for enrolling in ${input.courseTitle}.`,
    detailLines(details),
    [`Start the course: ${input.accessUrl}`, comeBack.replace("The button", "This link")],
    `Refunds: ${REFUND_TERMS} Write to ${input.contactEmail}.`,
  );

  const html = layout(
    input.siteName,
    subject,
    [
      heading("Thank you for enrolling"),
      paragraph(`Your payment for ${input.courseTitle} went through. Here is your receipt.`),
      detailsBox(details, 8),
      button(input.accessUrl, "Start the course"),
      `<p style="${SMALL}">The button signs you in once. To come back later, go to <a href="${escapeHtml(httpUrl(input.learnUrl))}" style="color:#3f5a4c">${escapeHtml(input.learnUrl)}</a>.</p>`,
      `<p style="${SMALL}"><strong>Refunds.</strong> ${escapeHtml(REFUND_TERMS)} Write to <a href="${escapeHtml(`mailto:${input.contactEmail}`)}" style="color:#3f5a4c">${escapeHtml(input.contactEmail)}</a>.</p>`,
    ].join("\n"),
  );
  return { subject, text, html };
}

export type AccessLinkEmailInput = {
  siteName: string;
  /** The single-use sign-in link. */
  accessUrl: string;
  /** Titles of the courses the address has paid for. */
  courses: string[];
  expiresInMinutes: number;
};

/** A sign-in link for a buyer who asked for one (no account, no password). */
export function accessLinkEmail(input: AccessLinkEmailInput): RenderedEmail {
  const subject = "Your access link";
  const expiry = `It works once and expires in ${formatDuration(input.expiresInMinutes)}.`;
  const coursesLine = input.courses.length === 1 ? "It opens your course:" : "It opens your courses:";
  const ignore = "If you didn't ask for this link, you can ignore this e-mail: nobody can sign in without it.";

  const text = plainText(
    input.siteName,
    `Here is your link to sign in to ${input.siteName}. ${expiry}`,
    input.accessUrl,
    input.courses.length > 0 && [coursesLine, ...input.courses.map((course) => `- ${course}`)],
    ignore,
  );

  const list = input.courses.length
    ? `${paragraph(coursesLine)}<ul style="margin:0 0 16px;padding-left:20px;${FONT};font-size:16px;line-height:1.5;color:#1f2937">${input.courses
        .map((course) => `<li>${escapeHtml(course)}</li>`)
        .join("")}</ul>`
    : "";
  const html = layout(
    input.siteName,
    subject,
    [
      heading("Your access link"),
      paragraph(`Here is your link to sign in to ${input.siteName}. ${expiry}`),
      button(input.accessUrl, "Sign in"),
      list,
      fallbackLink(input.accessUrl),
      paragraph(ignore, SMALL),
    ].join("\n"),
  );
  return { subject, text, html };
}

/** What every refund e-mail says: which course, how much went back and when, on which order, and whom to ask. */
type RefundFacts = {
  siteName: string;
  courseTitle: string;
  amountCents: number;
  currency: string;
  refundedAt: Date;
  orderReference: string | null;
  contactEmail: string;
};

/** When a refund reaches the buyer, in every refund e-mail. */
const REFUND_TIMING = "The money goes back to the card you paid with; banks usually show it within 5 to 10 days.";

/** What every refund e-mail lists: the course, the amount that went back, when, and its order (when one was recorded). */
function refundDetails(input: RefundFacts): [string, string][] {
  return [
    ["Course", input.courseTitle],
    ["Refunded", formatMoney(input.amountCents, input.currency, { code: true })],
    ["Date", formatLongDate(input.refundedAt)],
    ...(input.orderReference ? ([["Order reference", input.orderReference]] as [string, string][]) : []),
  ];
}

export type RefundEmailInput = RefundFacts & {
  orderReference: string;
  /** The admin's choice: the course stays open although the money went back. */
  keepAccess: boolean;
  /** The learner's home, named when access continues. */
  learnUrl: string;
};

/** The refund notice, sent once per refunded enrolment: what went back, when, and whether the course stays open. */
export function refundEmail(input: RefundEmailInput): RenderedEmail {
  const subject = oneLine(`Your refund: ${input.courseTitle}`);
  const details = refundDetails(input);
  const timing = REFUND_TIMING;
  const access = input.keepAccess
    ? `You keep access to ${input.courseTitle}: carry on whenever you like at ${input.learnUrl}.`
    : `Your access to ${input.courseTitle} has ended.`;
  const questions = `Questions? Write to ${input.contactEmail}.`;

  const text = plainText(
    input.siteName,
    `We have refunded your payment for ${input.courseTitle}.`,
    detailLines(details),
    [timing, access],
    questions,
  );

  const accessHtml = input.keepAccess
    ? `<p style="${P}">You keep access to ${escapeHtml(input.courseTitle)}: carry on whenever you like at <a href="${escapeHtml(httpUrl(input.learnUrl))}" style="color:#3f5a4c">${escapeHtml(input.learnUrl)}</a>.</p>`
    : paragraph(access);
  const html = layout(
    input.siteName,
    subject,
    [
      heading("Your refund"),
      paragraph(`We have refunded your payment for ${input.courseTitle}.`),
      detailsBox(details),
      paragraph(timing),
      accessHtml,
      `<p style="${SMALL}">Questions? Write to <a href="${escapeHtml(`mailto:${input.contactEmail}`)}" style="color:#3f5a4c">${escapeHtml(input.contactEmail)}</a>.</p>`,
    ].join("\n"),
  );
  return { subject, text, html };
}

export type DuplicatePaymentRefundedEmailInput = RefundFacts & {
  /** The refunded (second) order's reference. */
  orderReference: string;
  /** A fresh single-use link to the course the address already has. */
  accessUrl: string;
  expiresInMinutes: number;
  learnUrl: string;
};

/**
 * A second payment for a course the address already has (ADR 0008): it was refunded in full, and here is a fresh
 * link to the course. Sent to the inbox only, which is the one place that may learn what the address owns.
 */
export function duplicatePaymentRefundedEmail(input: DuplicatePaymentRefundedEmailInput): RenderedEmail {
  const subject = oneLine(`You already have ${input.courseTitle}: your second payment was refunded`);
  const details = refundDetails(input);
  const intro = `This address already had ${input.courseTitle}, so we refunded the payment you just made in full. Nothing else changes: your course and your progress are as you left them.`;
  const timing = REFUND_TIMING;
  const expiry = `The link works once and expires in ${formatDuration(input.expiresInMinutes)}. To come back later, go to ${input.learnUrl}.`;
  const questions = `Questions? Write to ${input.contactEmail}.`;
  const text = plainText(
    input.siteName,
    intro,
    detailLines(details),
    timing,
    [`Continue the course: ${input.accessUrl}`, expiry],
    questions,
  );
  const html = layout(
    input.siteName,
    subject,
    [
      heading("You already have this course"),
      paragraph(intro),
      detailsBox(details),
      paragraph(timing),
      button(input.accessUrl, "Continue the course"),
      paragraph(expiry, SMALL),
      paragraph(questions, SMALL),
    ].join("\n"),
  );
  return { subject, text, html };
}

/** `orderReference` is null when no order could be recorded (the course is gone). */
export type PaymentRefundedAtOnceEmailInput = RefundFacts;

/** A payment the site could not match to a course at its price: refunded in full at once, nothing was bought. */
export function paymentRefundedAtOnceEmail(input: PaymentRefundedAtOnceEmailInput): RenderedEmail {
  const subject = oneLine(`Your payment was refunded: ${input.courseTitle}`);
  const details = refundDetails(input);
  const intro =
    "We could not match your payment to the course at its current price (the price or the course changed while you were paying), so we refunded it in full. You have not been enrolled.";
  const timing = REFUND_TIMING;
  const next = `You are welcome to enrol again from the course's page. Questions? Write to ${input.contactEmail}.`;
  const text = plainText(input.siteName, intro, detailLines(details), [timing, next]);
  const html = layout(
    input.siteName,
    subject,
    [heading("Your payment was refunded"), paragraph(intro), detailsBox(details), paragraph(timing), paragraph(next, SMALL)].join("\n"),
  );
  return { subject, text, html };
}

export type OwnerPaymentRefundedEmailInput = {
  siteName: string;
  reason: "price-mismatch" | "unknown-course";
  courseTitle: string;
  buyerEmail: string;
  amountCents: number;
  currency: string;
  paymentIntentId: string;
  orderReference: string | null;
  ordersUrl: string;
};

/** To the site's contact address: a payment was refunded automatically because it matched no course at its price. */
export function ownerPaymentRefundedEmail(input: OwnerPaymentRefundedEmailInput): RenderedEmail {
  const subject = oneLine(`A payment was refunded automatically: ${input.courseTitle}`);
  const why =
    input.reason === "unknown-course"
      ? "Its course no longer exists (or never did), so no order could be made."
      : "Its amount or currency matched neither the price recorded when the payment started nor the course's price.";
  const details: [string, string][] = [
    ["Course", input.courseTitle],
    ["Buyer", input.buyerEmail || "(not recorded)"],
    ["Amount", formatMoney(input.amountCents, input.currency, { code: true })],
    ["Payment", input.paymentIntentId],
    ...(input.orderReference ? ([["Order reference", input.orderReference]] as [string, string][]) : []),
  ];
  const intro = `A card payment succeeded but was refunded in full at once. ${why} The buyer has been told.`;
  const text = plainText(input.siteName, intro, detailLines(details), `Orders: ${input.ordersUrl}`);
  const html = layout(
    input.siteName,
    subject,
    [
      heading("A payment was refunded automatically"),
      paragraph(intro),
      detailsBox(details),
      button(input.ordersUrl, "Open the orders"),
    ].join("\n"),
  );
  return { subject, text, html };
}

/** "the Stoa Weekly newsletter", but "The Examined Life newsletter": a name that starts with "The" takes no second one. */
export function theNewsletter(siteName: string) {
  const name = siteName.trim();
  return /^the\s/i.test(name) ? `${name} newsletter` : `the ${name} newsletter`;
}

export type NewsletterConfirmationEmailInput = {
  siteName: string;
  /** The single-use link that confirms the subscription. */
  confirmUrl: string;
  expiresInDays: number;
};

/**
 * The double opt-in e-mail. It is not a newsletter (the address is not subscribed yet), so it carries no
 * List-Unsubscribe headers: ignoring it is the way out, and the text says so.
 */
export function newsletterConfirmationEmail(input: NewsletterConfirmationEmailInput): RenderedEmail {
  const subject = `Confirm your subscription to ${oneLine(input.siteName)}`;
  const expiry = `The link works once and expires in ${input.expiresInDays} days.`;
  const ignore = `If you didn't sign up, ignore this e-mail: you won't be subscribed, and the address is deleted after ${input.expiresInDays} days.`;
  const intro = `Please confirm that you want ${theNewsletter(input.siteName)}: open the link, then press "Confirm my subscription" on the page. ${expiry}`;
  const text = plainText(input.siteName, intro, input.confirmUrl, ignore);
  const html = layout(
    input.siteName,
    subject,
    [
      heading("Confirm your subscription"),
      paragraph(intro),
      button(input.confirmUrl, "Open the confirmation page"),
      fallbackLink(input.confirmUrl),
      paragraph(ignore, SMALL),
    ].join("\n"),
  );
  return { subject, text, html };
}

export type NewsletterIssueEmailInput = {
  siteName: string;
  subject: string;
  /** The issue's Markdown (the plain-text part) and its parsed tree (the HTML part). */
  markdown: string;
  blocks: Block[];
  /** The site's origin: links to its own pages become absolute. */
  origin: string;
  /** The subscriber's own unsubscribe link; null for a test (which says where it will be). */
  unsubscribeUrl: string | null;
};

/**
 * A newsletter issue as e-mail. No tracking of any kind: no pixel, links exactly as written (site paths made
 * absolute), and images shown as links to them, so nothing is fetched when the mail is opened.
 */
export function newsletterIssueEmail(input: NewsletterIssueEmailInput): RenderedEmail {
  const subject = oneLine(input.subject);
  const footer = input.unsubscribeUrl
    ? `You get this because you subscribed to ${theNewsletter(input.siteName)}. Unsubscribe: ${input.unsubscribeUrl}`
    : `This is a test. Each subscriber's copy ends with their own one-click unsubscribe link here.`;
  const archive = `${input.origin}/newsletter`;
  const text = [input.markdown.trim(), "", "--", footer, `Past issues: ${archive}`, ""].join("\n");
  const unsubscribe = input.unsubscribeUrl
    ? `<p style="${SMALL}">You get this because you subscribed to ${escapeHtml(theNewsletter(input.siteName))}. <a href="${escapeHtml(httpUrl(input.unsubscribeUrl))}" style="color:#3f5a4c">Unsubscribe</a> (one click).</p>`
    : paragraph(footer, SMALL);
  const html = layout(
    input.siteName,
    subject,
    [
      heading(escapeHtml(subject)),
      emailBlocks(input.blocks, input.origin),
      '<hr style="margin:32px 0 16px;border:0;border-top:1px solid #e5e1d8">',
      unsubscribe,
      `<p style="${SMALL}"><a href="${escapeHtml(httpUrl(archive))}" style="color:#3f5a4c">Past issues</a></p>`,
    ].join("\n"),
  );
  return { subject, text, html };
}

const LINK = "color:#3f5a4c;text-decoration:underline";

/** A link target as written, with site paths made absolute (the parser only lets http(s), mailto and site paths through). */
function emailHref(href: string, origin: string) {
  return href.startsWith("/") ? `${origin}${href}` : href;
}

function emailInlines(items: Inline[], origin: string): string {
  return items
    .map((item) => {
      switch (item.type) {
        case "text":
          return escapeHtml(item.text);
        case "strong":
        case "em":
        case "del":
          return `<${item.type}>${emailInlines(item.children, origin)}</${item.type}>`;
        case "code":
          return `<code style="font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px">${escapeHtml(item.text)}</code>`;
        case "br":
          return "<br>";
        case "link":
          return `<a href="${escapeHtml(emailHref(item.href, origin))}" style="${LINK}">${emailInlines(item.children, origin)}</a>`;
        case "image":
          return emailImageLink(item, origin);
        default:
          return "";
      }
    })
    .join("");
}

/** Images are not loaded by the e-mail (no remote content, nothing to track): a link to each instead. */
function emailImageLink(image: { src: string; alt: string }, origin: string) {
  return `<a href="${escapeHtml(emailHref(image.src, origin))}" style="${LINK}">[Image${image.alt ? `: ${escapeHtml(image.alt)}` : ""}]</a>`;
}

function emailBlocks(blocks: Block[], origin: string): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case "heading":
          return `<h${block.level} style="margin:24px 0 12px;${FONT};font-size:${block.level === 2 ? 20 : 18}px;line-height:1.3;color:#111827">${emailInlines(block.children, origin)}</h${block.level}>`;
        case "paragraph":
          return `<p style="${P}">${emailInlines(block.children, origin)}</p>`;
        case "list": {
          const tag = block.ordered ? "ol" : "ul";
          const start = block.ordered && block.start !== 1 ? ` start="${block.start}"` : "";
          const items = block.items.map(
            (item) => `<li style="${FONT};font-size:16px;line-height:1.5;color:#1f2937">${emailBlocks(item, origin)}</li>`,
          );
          return `<${tag}${start} style="margin:0 0 16px;padding-left:24px">${items.join("")}</${tag}>`;
        }
        case "blockquote":
          return `<blockquote style="margin:0 0 16px;padding-left:16px;border-left:3px solid #e5e1d8">${emailBlocks(block.children, origin)}</blockquote>`;
        case "code":
          return `<pre style="margin:0 0 16px;padding:12px;background:#f5f3ef;white-space:pre-wrap;font-size:14px"><code>${escapeHtml(block.text)}</code></pre>`;
        case "hr":
          return '<hr style="margin:24px 0;border:0;border-top:1px solid #e5e1d8">';
        case "gallery":
          return `<p style="${P}">${block.images.map((image) => emailImageLink(image, origin)).join(" ")}</p>`;
        default:
          return "";
      }
    })
    .join("\n");
}

export type AdminInviteEmailInput = {
  siteName: string;
  /** Who sent the invitation (the owner's sign-in name). */
  invitedBy: string;
  /** The single-use link that lets the invitee choose a password. */
  inviteUrl: string;
  expiresInDays: number;
};

/** An invitation to help edit the site: the link lets the invitee choose a password and signs them in. */
export function adminInviteEmail(input: AdminInviteEmailInput): RenderedEmail {
  const subject = `You are invited to edit ${input.siteName}`;
  const intro = `${input.invitedBy} invites you to edit ${input.siteName}: articles, practices, resources, courses and the newsletter.`;
  const expiry = `Choose your password with this link. It works once and expires in ${input.expiresInDays} days.`;
  const ignore = "If you did not expect this invitation, you can ignore this e-mail: no account exists until the link is used.";
  const text = plainText(input.siteName, intro, expiry, input.inviteUrl, ignore);
  const html = layout(
    input.siteName,
    subject,
    [
      heading(escapeHtml(subject)),
      paragraph(intro),
      paragraph(expiry),
      button(input.inviteUrl, "Choose a password"),
      fallbackLink(input.inviteUrl),
      paragraph(ignore, SMALL),
    ].join("\n"),
  );
  return { subject, text, html };
}
