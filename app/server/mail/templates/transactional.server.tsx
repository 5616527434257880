/**
 * The transactional e-mails: receipts, access links, refunds, the owner's alert and the admin invitation. Each is a
 * component for the HTML and a function that writes the subject and the plain-text part from the same input.
 */
import { formatDuration, formatLongDate, formatMoney } from "~/lib/format";
import {
  Button,
  type Details,
  DetailsBox,
  detailLines,
  EmailLayout,
  FallbackLink,
  Heading,
  MailLink,
  oneLine,
  Paragraph,
  plainText,
  type RenderedEmail,
  renderHtml,
  styles,
} from "./layout.server";

/** The refund terms, word for word as on the legal page (app/routes/legal.tsx). */
export const REFUND_TERMS = "If a course does not meet your expectations, write to us within 14 days of enrolling for a full refund.";

/** When a refund reaches the buyer, in every refund e-mail. */
const REFUND_TIMING = "The money goes back to the card you paid with; banks usually show it within 5 to 10 days.";

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
  /** The coupon used, and what it took off the price (docs/payments.md, "Coupons"). */
  coupon?: { code: string; discountCents: number };
  /**
   * A bundle (docs/payments.md, "Bundles"): `courseTitle` is the bundle's title; the courses it opened, those the address
   * already had, and what was refunded for them at once. Told to the inbox only.
   */
  bundle?: { opened: string[]; owned: string[]; creditCents: number };
  /**
   * A repeat purchase (ADR 0008): the address already had the course, the payment was honoured, and this link refunds
   * it for `refundDays` days. Told to the inbox only.
   */
  repeatRefundUrl?: string;
  /** How many days `repeatRefundUrl` works for. */
  repeatRefundDays?: number;
};

/** What a repeat purchase's receipt says, in both its parts. */
export const repeatPurchaseNote = (courseTitle: string, refundDays: number) =>
  `You bought ${courseTitle} again: this address already had it, and your earlier progress is kept. If buying it again was a mistake, refund this payment in full from the link below (it works for ${refundDays} days).`;

/** The payment receipt, sent once per enrolment. */
export function receiptEmail(input: ReceiptEmailInput): RenderedEmail {
  const subject = oneLine(`Your receipt: ${input.courseTitle}`);
  const details: Details = [
    [input.bundle ? "Bundle" : "Course", input.courseTitle],
    ...(input.bundle
      ? ([
          ["Courses opened", input.bundle.opened.join(", ") || "none"],
          ...(input.bundle.owned.length > 0
            ? [
                ["Already yours", input.bundle.owned.join(", ")],
                ["Refunded for them", formatMoney(input.bundle.creditCents, input.currency, { code: true })],
              ]
            : []),
        ] as Details)
      : []),
    ...(input.coupon
      ? ([
          ["Price", formatMoney(input.amountCents + input.coupon.discountCents, input.currency, { code: true })],
          [`Coupon ${input.coupon.code}`, `−${formatMoney(input.coupon.discountCents, input.currency, { code: true })}`],
        ] as Details)
      : []),
    ["Amount", formatMoney(input.amountCents, input.currency, { code: true })],
    ["Date", formatLongDate(input.paidAt)],
    ["Order reference", input.orderReference],
  ];
  const text = plainText(
    input.siteName,
    `Thank you for enrolling in ${input.courseTitle}.`,
    detailLines(details),
    [`Start the course: ${input.accessUrl}`, `This link signs you in once. To come back later, go to ${input.learnUrl}.`],
    ...(input.repeatRefundUrl
      ? [[repeatPurchaseNote(input.courseTitle, input.repeatRefundDays ?? 0), `Refund it: ${input.repeatRefundUrl}`]]
      : []),
    `Refunds: ${REFUND_TERMS} Write to ${input.contactEmail}.`,
  );
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>Thank you for enrolling</Heading>
      <Paragraph>{`Your payment for ${input.courseTitle} went through. Here is your receipt.`}</Paragraph>
      <DetailsBox details={details} marginBottom={8} />
      <Button href={input.accessUrl}>Start the course</Button>
      <Paragraph small>
        The button signs you in once. To come back later, go to <MailLink href={input.learnUrl} />.
      </Paragraph>
      {input.repeatRefundUrl ? (
        <Paragraph>
          {repeatPurchaseNote(input.courseTitle, input.repeatRefundDays ?? 0)}{" "}
          <MailLink href={input.repeatRefundUrl}>Refund this payment</MailLink>
        </Paragraph>
      ) : null}
      <Paragraph small>
        <strong>Refunds.</strong> {REFUND_TERMS} Write to <MailLink href={`mailto:${input.contactEmail}`}>{input.contactEmail}</MailLink>.
      </Paragraph>
    </EmailLayout>,
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
  const intro = `Here is your link to sign in to ${input.siteName}. ${expiry}`;
  const text = plainText(
    input.siteName,
    intro,
    input.accessUrl,
    input.courses.length > 0 && [coursesLine, ...input.courses.map((course) => `- ${course}`)],
    ignore,
  );
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>Your access link</Heading>
      <Paragraph>{intro}</Paragraph>
      <Button href={input.accessUrl}>Sign in</Button>
      {input.courses.length > 0 && (
        <>
          <Paragraph>{coursesLine}</Paragraph>
          <ul style={styles.list}>
            {input.courses.map((course, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two courses may share a title; the list never reorders
              <li key={i}>{course}</li>
            ))}
          </ul>
        </>
      )}
      <FallbackLink url={input.accessUrl} />
      <Paragraph small>{ignore}</Paragraph>
    </EmailLayout>,
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

/** What every refund e-mail lists: the course, the amount that went back, when, and its order (when one was recorded). */
function refundDetails(input: RefundFacts): Details {
  return [
    ["Course", input.courseTitle],
    ["Refunded", formatMoney(input.amountCents, input.currency, { code: true })],
    ["Date", formatLongDate(input.refundedAt)],
    ...(input.orderReference ? ([["Order reference", input.orderReference]] as Details) : []),
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
  const intro = `We have refunded your payment for ${input.courseTitle}.`;
  const access = input.keepAccess
    ? `You keep access to ${input.courseTitle}: carry on whenever you like at ${input.learnUrl}.`
    : `Your access to ${input.courseTitle} has ended.`;
  const text = plainText(
    input.siteName,
    intro,
    detailLines(details),
    [REFUND_TIMING, access],
    `Questions? Write to ${input.contactEmail}.`,
  );
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>Your refund</Heading>
      <Paragraph>{intro}</Paragraph>
      <DetailsBox details={details} />
      <Paragraph>{REFUND_TIMING}</Paragraph>
      {input.keepAccess ? (
        <Paragraph>
          {`You keep access to ${input.courseTitle}: carry on whenever you like at `}
          <MailLink href={input.learnUrl} />.
        </Paragraph>
      ) : (
        <Paragraph>{access}</Paragraph>
      )}
      <Paragraph small>
        Questions? Write to <MailLink href={`mailto:${input.contactEmail}`}>{input.contactEmail}</MailLink>.
      </Paragraph>
    </EmailLayout>,
  );
  return { subject, text, html };
}

export type PartialRefundEmailInput = RefundFacts & {
  orderReference: string;
  /** What was paid and is not refunded yet, in cents. */
  remainingCents: number;
  /** Whether the course stays open after this refund (the admin's choice). */
  keepAccess: boolean;
  learnUrl: string;
};

/** A partial refund's notice, one per refund: what went back, what remains paid, and whether the course stays open. */
export function partialRefundEmail(input: PartialRefundEmailInput): RenderedEmail {
  const subject = oneLine(`Part of your payment refunded: ${input.courseTitle}`);
  const details: Details = [...refundDetails(input), ["Remaining paid", formatMoney(input.remainingCents, input.currency, { code: true })]];
  const intro = `We have refunded part of your payment for ${input.courseTitle}.`;
  const access = input.keepAccess
    ? `You keep access to ${input.courseTitle}: carry on whenever you like at ${input.learnUrl}.`
    : `Your access to ${input.courseTitle} has ended.`;
  const text = plainText(
    input.siteName,
    intro,
    detailLines(details),
    [REFUND_TIMING, access],
    `Questions? Write to ${input.contactEmail}.`,
  );
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>Part of your payment refunded</Heading>
      <Paragraph>{intro}</Paragraph>
      <DetailsBox details={details} />
      <Paragraph>{REFUND_TIMING}</Paragraph>
      {input.keepAccess ? (
        <Paragraph>
          {`You keep access to ${input.courseTitle}: carry on whenever you like at `}
          <MailLink href={input.learnUrl} />.
        </Paragraph>
      ) : (
        <Paragraph>{access}</Paragraph>
      )}
      <Paragraph small>
        Questions? Write to <MailLink href={`mailto:${input.contactEmail}`}>{input.contactEmail}</MailLink>.
      </Paragraph>
    </EmailLayout>,
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
  const expiry = `The link works once and expires in ${formatDuration(input.expiresInMinutes)}. To come back later, go to ${input.learnUrl}.`;
  const questions = `Questions? Write to ${input.contactEmail}.`;
  const text = plainText(
    input.siteName,
    intro,
    detailLines(details),
    REFUND_TIMING,
    [`Continue the course: ${input.accessUrl}`, expiry],
    questions,
  );
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>You already have this course</Heading>
      <Paragraph>{intro}</Paragraph>
      <DetailsBox details={details} />
      <Paragraph>{REFUND_TIMING}</Paragraph>
      <Button href={input.accessUrl}>Continue the course</Button>
      <Paragraph small>{expiry}</Paragraph>
      <Paragraph small>{questions}</Paragraph>
    </EmailLayout>,
  );
  return { subject, text, html };
}

/**
 * `orderReference` is null when no order could be recorded (the course is gone). `spentCouponCode`: refunded because
 * the address had already used this code as often as it allows (docs/payments.md, "Coupons").
 */
export type PaymentRefundedAtOnceEmailInput = RefundFacts & { spentCouponCode?: string };

/** A payment the site could not match to a course at its price: refunded in full at once, nothing was bought. */
export function paymentRefundedAtOnceEmail(input: PaymentRefundedAtOnceEmailInput): RenderedEmail {
  const subject = oneLine(`Your payment was refunded: ${input.courseTitle}`);
  const details = refundDetails(input);
  const intro = input.spentCouponCode
    ? `This address has already used the code ${input.spentCouponCode} as many times as the code allows, so we refunded the payment you just made in full. You have not been enrolled.`
    : "We could not match your payment to the course at its current price (the price or the course changed while you were paying), so we refunded it in full. You have not been enrolled.";
  const next = `You are welcome to enrol again from the course's page. Questions? Write to ${input.contactEmail}.`;
  const text = plainText(input.siteName, intro, detailLines(details), [REFUND_TIMING, next]);
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>Your payment was refunded</Heading>
      <Paragraph>{intro}</Paragraph>
      <DetailsBox details={details} />
      <Paragraph>{REFUND_TIMING}</Paragraph>
      <Paragraph small>{next}</Paragraph>
    </EmailLayout>,
  );
  return { subject, text, html };
}

export type CouponSpentEmailInput = {
  siteName: string;
  courseTitle: string;
  couponCode: string;
  /** The course's page, to enrol at its price. */
  courseUrl: string;
  contactEmail: string;
};

/**
 * A 100% code this address has already used as often as it allows: nothing was charged, nobody enrolled. Told to the
 * inbox only; the enrol page said "check your inbox", as it does for everyone (docs/payments.md, "Coupons").
 */
export function couponSpentEmail(input: CouponSpentEmailInput): RenderedEmail {
  const subject = oneLine(`Your code could not be used: ${input.courseTitle}`);
  const intro = `This address has already used the code ${input.couponCode} as many times as the code allows, so you have not been enrolled in ${input.courseTitle}. Nothing was charged.`;
  const next = `You are welcome to enrol from the course's page: ${input.courseUrl}. Questions? Write to ${input.contactEmail}.`;
  const text = plainText(input.siteName, intro, next);
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>Your code could not be used</Heading>
      <Paragraph>{intro}</Paragraph>
      <Button href={input.courseUrl}>Open the course</Button>
      <Paragraph small>
        Questions? Write to <MailLink href={`mailto:${input.contactEmail}`}>{input.contactEmail}</MailLink>.
      </Paragraph>
    </EmailLayout>,
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
  const details: Details = [
    ["Course", input.courseTitle],
    ["Buyer", input.buyerEmail || "(not recorded)"],
    ["Amount", formatMoney(input.amountCents, input.currency, { code: true })],
    ["Payment", input.paymentIntentId],
    ...(input.orderReference ? ([["Order reference", input.orderReference]] as Details) : []),
  ];
  const intro = `A card payment succeeded but was refunded in full at once. ${why} The buyer has been told.`;
  const text = plainText(input.siteName, intro, detailLines(details), `Orders: ${input.ordersUrl}`);
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>A payment was refunded automatically</Heading>
      <Paragraph>{intro}</Paragraph>
      <DetailsBox details={details} />
      <Button href={input.ordersUrl}>Open the orders</Button>
    </EmailLayout>,
  );
  return { subject, text, html };
}

export type OperatorAlertEmailInput = {
  siteName: string;
  /** The alert kind (app/server/operator/operator.server.ts). */
  kind: string;
  /** Occurrences since the last alert of this kind. */
  count: number;
  /** The first of them. */
  since: Date;
  /** The latest occurrence's facts, in a line. */
  details: string;
};

/** What each alert kind means, and what to do: the body of an operator alert. */
const OPERATOR_ALERT_TEXT: Record<string, { title: string; action: string }> = {
  "dead-letter": {
    title: "E-mail reached the dead-letter queue",
    action:
      "The mail queue gave up on these messages; they are deferred and the 5-minute job queues them again. Check the Worker's logs for why delivery kept failing.",
  },
  "webhook-signature": {
    title: "Webhooks were refused",
    action:
      "Stripe's or the mail provider's webhooks failed their signature check (or a webhook secret is not set). Check STRIPE_WEBHOOK_SECRET and RESEND_WEBHOOK_SECRET against the providers' dashboards.",
  },
  cron: {
    title: "A scheduled job failed or stopped",
    action:
      "A cron job threw, or has not run for 2 days. The dashboard's System card shows each job's last run; the Worker's logs show the error.",
  },
  "mail-deferred": {
    title: "E-mail has been held back for over 6 hours",
    action:
      "A sending quota keeps deferring mail (or pausing a newsletter issue). It goes out once the quota resets; a plan with a higher quota ends it.",
  },
};

/** To the operator address of Settings: something needs a look (at most one an hour per kind). */
export function operatorAlertEmail(input: OperatorAlertEmailInput): RenderedEmail {
  const about = OPERATOR_ALERT_TEXT[input.kind] ?? { title: `Alert: ${input.kind}`, action: "See the Worker's logs." };
  const subject = oneLine(`[${input.siteName}] ${about.title}`);
  const details: Details = [
    ["Alert", input.kind],
    ["Occurrences", String(input.count)],
    ["Since", `${input.since.toISOString().slice(0, 16).replace("T", " ")} UTC`],
    ...(input.details ? ([["Latest", input.details]] as Details) : []),
  ];
  const text = plainText(input.siteName, `${about.title}.`, detailLines(details), about.action);
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>{about.title}</Heading>
      <DetailsBox details={details} />
      <Paragraph>{about.action}</Paragraph>
      <Paragraph small>
        You get at most one of these an hour per kind. The address is the Operator e-mail of the admin's Settings.
      </Paragraph>
    </EmailLayout>,
  );
  return { subject, text, html };
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
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>{subject}</Heading>
      <Paragraph>{intro}</Paragraph>
      <Paragraph>{expiry}</Paragraph>
      <Button href={input.inviteUrl}>Choose a password</Button>
      <FallbackLink url={input.inviteUrl} />
      <Paragraph small>{ignore}</Paragraph>
    </EmailLayout>,
  );
  return { subject, text, html };
}

export type ModulesOpenedEmailInput = {
  siteName: string;
  /** Each course with a module newly open to the learner: its title, the modules' titles, and a link to the first one. */
  courses: { title: string; modules: { title: string; url: string }[] }[];
};

/** Drip release: modules that opened for the learner since the last of these (at most one a day, for all their courses). */
export function modulesOpenedEmail(input: ModulesOpenedEmailInput): RenderedEmail {
  const modules = input.courses.flatMap((course) => course.modules);
  const [only] = modules;
  const subject = modules.length === 1 && only ? `A new module is open: ${only.title}` : `${modules.length} new modules are open`;
  const intro =
    modules.length === 1 ? "A new module of your course is open to you today." : "New modules of your courses are open to you today.";
  const signIn = "If the link asks you to sign in, get an access link at /learn with the address this e-mail came to.";
  const once = "You get at most one of these e-mails a day.";
  const text = plainText(
    input.siteName,
    intro,
    input.courses.flatMap((course) => [course.title, ...course.modules.map((module) => `- ${module.title}: ${module.url}`)]),
    signIn,
    once,
  );
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>{modules.length === 1 ? "A new module is open" : "New modules are open"}</Heading>
      <Paragraph>{intro}</Paragraph>
      {input.courses.map((course, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two courses may share a title; the list never reorders
        <div key={i}>
          <Paragraph>{course.title}</Paragraph>
          <ul style={styles.list}>
            {course.modules.map((module, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two modules may share a title; the list never reorders
              <li key={j}>
                <MailLink href={module.url}>{module.title}</MailLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {only && modules.length === 1 && <Button href={only.url}>Open the module</Button>}
      <Paragraph small>{signIn}</Paragraph>
      <Paragraph small>{once}</Paragraph>
    </EmailLayout>,
  );
  return { subject, text, html };
}

export type GiftReceiptEmailInput = {
  siteName: string;
  courseTitle: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  orderReference: string;
  recipientEmail: string;
  recipientName: string;
  /** The UTC day the recipient is e-mailed, `YYYY-MM-DD`. */
  sendOn: string;
  /** The buyer's page for the gift: resend it, or change the recipient until it is opened. */
  manageUrl: string;
  contactEmail: string;
};

/** The buyer's receipt for a gift: no access link (the course is the recipient's), the manage link instead. */
export function giftReceiptEmail(input: GiftReceiptEmailInput): RenderedEmail {
  const subject = oneLine(`Your receipt: ${input.courseTitle} (a gift)`);
  const recipient = input.recipientName ? `${input.recipientName} <${input.recipientEmail}>` : input.recipientEmail;
  const details: Details = [
    ["Course", input.courseTitle],
    ["Amount", formatMoney(input.amountCents, input.currency, { code: true })],
    ["Date", formatLongDate(input.paidAt)],
    ["Order reference", input.orderReference],
    ["Gift for", recipient],
    ["Sent on", formatLongDate(new Date(`${input.sendOn}T00:00:00Z`))],
  ];
  const manage = `Until the gift is opened you can send it again or change the recipient: ${input.manageUrl}. Keep this e-mail: the link is how you manage the gift.`;
  const text = plainText(
    input.siteName,
    `Thank you for giving ${input.courseTitle}. We will e-mail the recipient a link that opens the course on the day you chose.`,
    detailLines(details),
    manage,
    `Refunds: ${REFUND_TERMS} Write to ${input.contactEmail}.`,
  );
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>Thank you for your gift</Heading>
      <Paragraph>{`Your payment for ${input.courseTitle} went through. We will e-mail the recipient a link that opens the course on the day you chose.`}</Paragraph>
      <DetailsBox details={details} marginBottom={8} />
      <Button href={input.manageUrl}>Manage the gift</Button>
      <Paragraph small>
        Until the gift is opened you can send it again or change the recipient. Keep this e-mail: the button is how you manage the gift.
      </Paragraph>
      <Paragraph small>
        <strong>Refunds.</strong> {REFUND_TERMS} Write to <MailLink href={`mailto:${input.contactEmail}`}>{input.contactEmail}</MailLink>.
      </Paragraph>
    </EmailLayout>,
  );
  return { subject, text, html };
}

export type GiftEmailInput = {
  siteName: string;
  courseTitle: string;
  recipientName: string;
  /** Who gave it, as the buyer's address (the only name the site has of them). */
  fromEmail: string;
  /** The buyer's words, plain text. */
  message: string;
  /** The single-use link that signs the recipient in and opens the course. */
  accessUrl: string;
  learnUrl: string;
};

/** To the recipient, on the day: the buyer's message and the link that opens the course. */
export function giftEmail(input: GiftEmailInput): RenderedEmail {
  const subject = oneLine(`A gift for you: ${input.courseTitle}`);
  const greeting = input.recipientName ? `Dear ${input.recipientName},` : "Hello,";
  const intro = `${input.fromEmail} has given you the course ${input.courseTitle} on ${input.siteName}.`;
  const after = `The button signs you in once, with this address; your progress is yours. To come back later, go to ${input.learnUrl}.`;
  const text = plainText(input.siteName, greeting, intro, input.message !== "" && `Their message:\n${input.message}`, [
    `Open the course: ${input.accessUrl}`,
    after,
  ]);
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>A gift for you</Heading>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>{intro}</Paragraph>
      {input.message !== "" && (
        <Paragraph>
          <em style={{ whiteSpace: "pre-line" }}>{input.message}</em>
        </Paragraph>
      )}
      <Button href={input.accessUrl}>Open the course</Button>
      <Paragraph small>
        The button signs you in once, with this address; your progress is yours. To come back later, go to{" "}
        <MailLink href={input.learnUrl} />.
      </Paragraph>
    </EmailLayout>,
  );
  return { subject, text, html };
}

/** What the owner is told of (Settings → "Tell me by e-mail"): a sale, a contact message, a draft submitted for review. */
export type OwnerNoticeEvent = "sale" | "contact" | "draft";

export type OwnerNoticeEmailInput = {
  siteName: string;
  event: OwnerNoticeEvent;
  /** What it is about: the course sold, the message's subject, the draft's title. */
  title: string;
  /** A few facts, as label and value (no buyer's or sender's address: the admin page has them). */
  details: Details;
  /** The admin page to act on it: the order, the inbox, the draft's edit page. */
  url: string;
};

const OWNER_NOTICE_TEXT: Record<OwnerNoticeEvent, { subject: string; intro: string; button: string }> = {
  sale: { subject: "New order", intro: "A course was bought.", button: "Open the order" },
  contact: { subject: "New message", intro: "Someone wrote to you through the contact form.", button: "Open the inbox" },
  draft: { subject: "Submitted for review", intro: "A contributor submitted a draft for review.", button: "Review the draft" },
};

/** To the site's contact e-mail: something happened that the owner asked to hear of. One e-mail per event. */
export function ownerNoticeEmail(input: OwnerNoticeEmailInput): RenderedEmail {
  const about = OWNER_NOTICE_TEXT[input.event];
  const subject = oneLine(`${about.subject}: ${input.title}`);
  const off = "You get these because they are on in Settings (Tell me by e-mail); switch each off there.";
  const text = plainText(input.siteName, about.intro, detailLines(input.details), `${about.button}: ${input.url}`, off);
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>{about.subject}</Heading>
      <Paragraph>{about.intro}</Paragraph>
      <DetailsBox details={input.details} />
      <Button href={input.url}>{about.button}</Button>
      <Paragraph small>{off}</Paragraph>
    </EmailLayout>,
  );
  return { subject, text, html };
}
