/**
 * Gifts (docs/payments.md, "Gifts"): a course paid by one address for another. The order carries the recipient's
 * address (so the recipient is the learner, with progress of their own, and the buyer gets no access); the `gifts`
 * row keeps the buyer, the message and the day. The 5-minute cron e-mails the recipient an access link on that day;
 * the buyer manages the gift through the link in their receipt (they proved that inbox) until it is opened.
 */
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { courses, enrollments, gifts } from "../../../db/schema";
import { orderReference } from "~/lib/format";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";
import { logEvent, shortError } from "../core/log.server";
import { consumeRateLimit, rateLimitError, rateLimitPerHour } from "../core/rate-limit.server";
import { hashToken, isWellFormedToken, newToken } from "../core/session-tokens.server";
import { RECEIPT_LINK_TTL_MINUTES, accessUrl, issueAccessToken, normaliseEmail } from "../learning/learner.server";
import { sendEmail } from "../mail/mail.server";
import { getSiteSettings, siteSettings } from "../site/site.server";
import { notifySale } from "../site/owner-notices.server";

/** How far ahead a gift may be scheduled. */
export const GIFT_MAX_DAYS_AHEAD = 366;
/** A resend within this long of the last send is refused: the manage link must not become a way to flood an inbox. */
export const GIFT_RESEND_INTERVAL_MS = 10 * 60 * 1000;
/** At most this many gifts are sent per cron run (the rest on the next, five minutes later). */
const GIFTS_PER_RUN = 50;

export type GiftDetails = { recipientEmail: string; recipientName: string; message: string; sendOn: string };

/** The UTC day of `now`, `YYYY-MM-DD`: gifts are due from midnight UTC of their day. */
export function utcDay(now: Date) {
  return now.toISOString().slice(0, 10);
}

function addDays(day: string, days: number) {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 24 * 60 * 60 * 1000));
}

/**
 * A day the gift can be sent on: from yesterday (UTC: the buyer's "today" may still be yesterday there; it is sent at
 * once) to a year ahead. A 400 otherwise, before anything is charged.
 */
export function checkSendOn(sendOn: string, now = new Date()) {
  const today = utcDay(now);
  if (sendOn < addDays(today, -1)) throw new HttpError(400, "The day to send the gift has passed. Choose today or a later day.");
  if (sendOn > addDays(today, GIFT_MAX_DAYS_AHEAD)) throw new HttpError(400, "A gift can be scheduled at most a year ahead.");
}

/** Stripe caps a metadata value at 500 characters as JavaScript counts them (UTF-16 units: an emoji is two). */
const METADATA_VALUE_MAX = 500;

/**
 * The message in metadata values of at most 500 UTF-16 units, cut between characters: a message of 500 characters
 * (`GIFT_MESSAGE_MAX`, counted as a reader does) takes at most two (`giftMessage`, `giftMessage2`).
 */
function messageParts(message: string) {
  const parts = [""];
  for (const character of message) {
    if ((parts[parts.length - 1] as string).length + character.length > METADATA_VALUE_MAX) parts.push("");
    parts[parts.length - 1] += character;
  }
  return Object.fromEntries(parts.map((part, i) => [i === 0 ? "giftMessage" : `giftMessage${i + 1}`, part]));
}

/** The gift's part of the PaymentIntent's metadata (written at checkout, read back when the payment is recorded). */
export function giftMetadata(gift: GiftDetails): Record<string, string> {
  return {
    gift: "1",
    giftRecipientEmail: normaliseEmail(gift.recipientEmail),
    giftRecipientName: gift.recipientName,
    ...messageParts(gift.message),
    giftSendOn: gift.sendOn,
  };
}

/** The gift a PaymentIntent pays for, from its metadata; null for an ordinary purchase. */
export function giftOfPaymentIntent(intent: Pick<Stripe.PaymentIntent, "metadata">): GiftDetails | null {
  const metadata = intent.metadata ?? {};
  if (metadata.gift !== "1" || !metadata.giftRecipientEmail) return null;
  return {
    recipientEmail: normaliseEmail(metadata.giftRecipientEmail),
    recipientName: (metadata.giftRecipientName ?? "").trim(),
    message: `${metadata.giftMessage ?? ""}${metadata.giftMessage2 ?? ""}`.trim(),
    sendOn: /^\d{4}-\d{2}-\d{2}$/.test(metadata.giftSendOn ?? "") ? (metadata.giftSendOn as string) : "1970-01-01",
  };
}

/**
 * Records the gift of an order, once (`enrollment_id` is unique). Resolves to the manage token when this call made
 * the row (its caller sends the buyer's receipt, which is the only place the token is ever written), else null.
 */
export async function recordGift(db: Database, input: GiftDetails & { enrollmentId: number; buyerEmail: string }) {
  const token = newToken();
  const [row] = await db
    .insert(gifts)
    .values({
      enrollmentId: input.enrollmentId,
      buyerEmail: normaliseEmail(input.buyerEmail),
      recipientEmail: input.recipientEmail,
      recipientName: input.recipientName,
      message: input.message,
      sendOn: input.sendOn,
      manageTokenHash: await hashToken(token),
    })
    .onConflictDoNothing()
    .returning({ id: gifts.id });
  return row ? token : null;
}

/** The buyer of an order that is a gift (where its receipt and refund notices go), or null for an ordinary order. */
export async function giftBuyerEmail(db: Database, enrollmentId: number) {
  const row = await db.select({ buyerEmail: gifts.buyerEmail }).from(gifts).where(eq(gifts.enrollmentId, enrollmentId)).get();
  return row?.buyerEmail ?? null;
}

export function giftManageUrl(origin: string, token: string) {
  return `${origin}/gifts/${token}`;
}

/** The buyer's receipt for a gift: the amount, the recipient, the day, and the link that manages the gift. */
export async function sendGiftReceipt(
  db: Database,
  input: { enrollmentId: number; paidAt: string; courseId: number; amountCents: number; currency: string; token: string; origin: string },
) {
  const gift = await db.select().from(gifts).where(eq(gifts.enrollmentId, input.enrollmentId)).get();
  if (!gift) return;
  const course = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, input.courseId)).get();
  const site = await siteSettings(db);
  const data = {
    courseTitle: course?.title ?? "your course",
    amountCents: input.amountCents,
    currency: input.currency,
    paidAt: new Date(input.paidAt).toISOString(),
    orderReference: orderReference(input.enrollmentId),
    recipientEmail: gift.recipientEmail,
    recipientName: gift.recipientName,
    sendOn: gift.sendOn,
    manageUrl: giftManageUrl(input.origin, input.token),
    contactEmail: site.email,
  };
  await sendEmail({ to: gift.buyerEmail, kind: "gift-receipt", data });
  await notifySale(db, { ...input, title: data.courseTitle, gift: true });
}

function defaultOrigin() {
  return getSiteSettings().url.replace(/\/+$/, "") || "http://localhost";
}

/**
 * A gift whose order still opens the course (paid, or refunded with access kept) for a recipient still known (an erased
 * learner's gift has no address): only these are ever sent.
 */
const orderGrantsAccess = sql`(${gifts.recipientEmail} <> '' and exists (select 1 from ${enrollments} e where e.id = ${gifts.enrollmentId} and e.email <> '' and (e.status = 'paid' or e.keep_access = 1)))`;

/**
 * Claims one gift for sending and e-mails its recipient: one conditional UPDATE (`sent_at` still null, or for a resend
 * older than the resend interval) decides, so however many cron runs or clicks race, one mail goes. If the mail cannot
 * even be written, the claim is given back for the next run.
 */
async function claimAndSend(db: Database, giftId: number, now: Date, origin: string, options: { resend?: boolean } = {}) {
  const nowIso = now.toISOString();
  const claimable = options.resend
    ? or(isNull(gifts.sentAt), lte(gifts.sentAt, new Date(now.getTime() - GIFT_RESEND_INTERVAL_MS).toISOString()))
    : isNull(gifts.sentAt);
  const [gift] = await db
    .update(gifts)
    .set({ sentAt: nowIso })
    .where(and(eq(gifts.id, giftId), claimable, isNull(gifts.redeemedAt), orderGrantsAccess))
    .returning();
  if (!gift) return false;
  try {
    const order = await db
      .select({ courseId: enrollments.courseId, title: courses.title })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(eq(enrollments.id, gift.enrollmentId))
      .get();
    if (!order) throw new Error(`The order of gift ${gift.id} is missing`);
    const token = await issueAccessToken(db, {
      email: gift.recipientEmail,
      courseId: order.courseId,
      ttlMinutes: RECEIPT_LINK_TTL_MINUTES,
    });
    const data = {
      courseTitle: order.title,
      recipientName: gift.recipientName,
      fromEmail: gift.buyerEmail,
      message: gift.message,
      accessUrl: accessUrl(origin, token),
      learnUrl: `${origin}/learn`,
    };
    await sendEmail({ to: gift.recipientEmail, kind: "gift", data });
  } catch (error) {
    await db
      .update(gifts)
      .set({ sentAt: null })
      .where(and(eq(gifts.id, giftId), eq(gifts.sentAt, nowIso)));
    throw error;
  }
  logEvent("info", "gift.sent", { giftId, enrollmentId: gift.enrollmentId });
  return true;
}

/**
 * The 5-minute cron's part: every gift due by `now`'s UTC day, not sent yet, whose order still opens the course, is
 * e-mailed to its recipient (one claim each: two runs at once send each gift once). Resolves to the number sent.
 */
export async function sendDueGifts(db: Database, now = new Date(), origin = defaultOrigin()) {
  const due = await db
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(isNull(gifts.sentAt), lte(gifts.sendOn, utcDay(now)), isNull(gifts.redeemedAt), orderGrantsAccess))
    .orderBy(gifts.sendOn, gifts.id)
    .limit(GIFTS_PER_RUN);
  let sent = 0;
  for (const { id } of due) {
    try {
      if (await claimAndSend(db, id, now, origin)) sent++;
    } catch (error) {
      logEvent("error", "gift.send_failed", { giftId: id, error: shortError(error) });
    }
  }
  return { sent };
}

/** A paid gift due today (or earlier) is sent at once, not at the next cron run: the buyer chose "today". */
export async function sendGiftIfDue(db: Database, enrollmentId: number, now = new Date(), origin = defaultOrigin()) {
  const gift = await db.select({ id: gifts.id, sendOn: gifts.sendOn }).from(gifts).where(eq(gifts.enrollmentId, enrollmentId)).get();
  if (!gift || gift.sendOn > utcDay(now)) return false;
  return claimAndSend(db, gift.id, now, origin);
}

/** What the buyer's manage page shows. */
export type ManagedGift = {
  courseId: number;
  courseTitle: string;
  orderReference: string;
  recipientEmail: string;
  recipientName: string;
  sendOn: string;
  sentAt: string | null;
  redeemedAt: string | null;
  /** The order no longer opens the course (refunded): nothing can be sent. */
  refunded: boolean;
};

async function giftRowByToken(db: Database, token: string) {
  if (!isWellFormedToken(token)) return undefined;
  return db
    .select({
      gift: gifts,
      courseId: enrollments.courseId,
      courseTitle: courses.title,
      status: enrollments.status,
      keepAccess: enrollments.keepAccess,
    })
    .from(gifts)
    .innerJoin(enrollments, eq(enrollments.id, gifts.enrollmentId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(gifts.manageTokenHash, await hashToken(token)))
    .get();
}

/** The gift behind a manage link, or null for a link that is not one (404 on the page). */
export async function giftByManageToken(db: Database, token: string): Promise<ManagedGift | null> {
  const row = await giftRowByToken(db, token);
  if (!row) return null;
  return {
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    orderReference: orderReference(row.gift.enrollmentId),
    recipientEmail: row.gift.recipientEmail,
    recipientName: row.gift.recipientName,
    sendOn: row.gift.sendOn,
    sentAt: row.gift.sentAt,
    redeemedAt: row.gift.redeemedAt,
    refunded: row.status !== "paid" && !row.keepAccess,
  };
}

/**
 * Every "send it again" and "send it to someone else" (each can mail the buyer's message to an address) is counted per
 * client address and per gift, in the same limiter as the site's other public writes (ADR 0003), before anything is
 * changed or sent: concurrent clicks are counted exactly, and a manage link cannot become a mail relay.
 */
async function limitGiftSends(db: Database, giftId: number, client: string, now: Date) {
  const perClient = await consumeRateLimit(db, { bucket: "gift-send", client, limit: rateLimitPerHour("gift-send") }, now);
  if (perClient) throw rateLimitError(perClient);
  const limit = rateLimitPerHour("gift-send-gift");
  const lead = `This gift was sent or changed ${limit} times this hour.`;
  const perGift = await consumeRateLimit(db, { bucket: "gift-send-gift", client: `gift:${giftId}`, limit, lead }, now);
  if (perGift) throw rateLimitError(perGift);
}

export const GIFT_REDEEMED_MESSAGE =
  "The recipient has already opened this gift, so it can no longer be sent again or given to someone else.";
export const GIFT_UNKNOWN_MESSAGE = "This gift link does not work. It may have been mistyped.";
const GIFT_REFUNDED_MESSAGE = "This gift was refunded, so there is nothing to send.";

/**
 * The buyer's "send it to someone else": one batch (a D1 transaction) moves the gift and its order to the new address,
 * only while the gift is unopened, and marks it unsent; a gift already due is then sent at once to the new recipient,
 * a later one on its day. The same address again changes only the name: its e-mail is not sent again (that is "send it
 * again", with its interval). After the recipient opened it: 409 with a clear message. Counted by `limitGiftSends`.
 */
export async function changeGiftRecipient(
  db: Database,
  token: string,
  input: { recipientEmail: string; recipientName: string },
  now: Date,
  origin: string,
  client: string,
) {
  const row = await giftRowByToken(db, token);
  if (!row) throw new HttpError(404, GIFT_UNKNOWN_MESSAGE);
  await limitGiftSends(db, row.gift.id, client, now);
  const email = normaliseEmail(input.recipientEmail);
  const name = input.recipientName.trim();
  const sameAddress = email === row.gift.recipientEmail;
  const unopened = and(eq(gifts.id, row.gift.id), isNull(gifts.redeemedAt));
  const [moved] = await db.batch([
    db
      .update(gifts)
      .set({ recipientEmail: email, recipientName: name, ...(sameAddress ? {} : { sentAt: null }) })
      .where(unopened)
      .returning({ id: gifts.id, sentAt: gifts.sentAt }),
    // The order follows the gift only if the gift moved (same transaction: the condition reads the row just updated).
    db
      .update(enrollments)
      .set({ email, name })
      .where(
        and(
          eq(enrollments.id, row.gift.enrollmentId),
          sql`exists (select 1 from ${gifts} g where g.id = ${row.gift.id} and g.recipient_email = ${email} and g.redeemed_at is null)`,
        ),
      ),
  ]);
  if (moved.length === 0) throw new HttpError(409, GIFT_REDEEMED_MESSAGE);
  logEvent("info", "gift.recipient_changed", { giftId: row.gift.id });
  const sent = await sendGiftIfDue(db, row.gift.enrollmentId, now, origin);
  return { sent, alreadySent: !sent && moved[0]?.sentAt != null };
}

/**
 * The buyer's "send it again": the same e-mail with a fresh link, to the current recipient, once per interval; counted
 * with the changes by `limitGiftSends`.
 */
export async function resendGift(db: Database, token: string, now: Date, origin: string, client: string) {
  const row = await giftRowByToken(db, token);
  if (!row) throw new HttpError(404, GIFT_UNKNOWN_MESSAGE);
  await limitGiftSends(db, row.gift.id, client, now);
  if (row.gift.redeemedAt) throw new HttpError(409, GIFT_REDEEMED_MESSAGE);
  if (row.status !== "paid" && !row.keepAccess) throw new HttpError(409, GIFT_REFUNDED_MESSAGE);
  if (row.gift.sendOn > utcDay(now)) {
    throw new HttpError(409, `The gift is scheduled for ${row.gift.sendOn} (UTC) and will be sent then.`);
  }
  if (!(await claimAndSend(db, row.gift.id, now, origin, { resend: true }))) {
    const again = await giftRowByToken(db, token);
    if (again?.gift.redeemedAt) throw new HttpError(409, GIFT_REDEEMED_MESSAGE);
    throw new HttpError(429, "The gift was sent a few minutes ago. Give it a little time to arrive, then try again.");
  }
}

/** The admin's order page: whether the order is a gift, to whom, for when, and where it stands. */
export async function giftOfOrder(db: Database, enrollmentId: number) {
  return (
    (await db
      .select({
        buyerEmail: gifts.buyerEmail,
        recipientEmail: gifts.recipientEmail,
        recipientName: gifts.recipientName,
        sendOn: gifts.sendOn,
        sentAt: gifts.sentAt,
        redeemedAt: gifts.redeemedAt,
      })
      .from(gifts)
      .where(eq(gifts.enrollmentId, enrollmentId))
      .get()) ?? null
  );
}
