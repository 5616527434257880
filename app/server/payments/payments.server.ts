/**
 * Course payments. The amount always comes from the database; an enrolment is recorded only after
 * Stripe itself says the PaymentIntent succeeded, and exactly once per PaymentIntent (unique in D1),
 * whether the return page or the webhook gets there first.
 */
import { type SQL, and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type Stripe from "stripe";
import { bundleCourses, courses, enrollments, orderRefunds, paymentRefunds, unmatchedPayments } from "../../../db/schema";
import { getPublicBundle } from "./bundles.server";
import { parseMoneyCents } from "~/lib/money";
import { REPEAT_REFUND_DAYS, offerRepeatRefund } from "./repeat-refund-links.server";
import { formatMoney, orderReference } from "~/lib/format";
import { markContentChanged } from "../core/cache.server";
import { getCoursePriceCents } from "../learning/courses.server";
import type { Database } from "../core/db.server";
import { HttpError, readTextBody, WebhookSignatureError } from "../core/http.server";
import {
  RECEIPT_LINK_TTL_MINUTES,
  accessUrl,
  issueAccessToken,
  normaliseEmail,
  ownsCourse,
  sendAccessLinkIfOwned,
} from "../learning/learner.server";
import {
  attachPaymentIntent,
  quoteCoupon,
  redeemReservation,
  releaseReservation,
  reservationForPaymentIntent,
  reserveCoupon,
} from "./coupons.server";
import {
  type GiftDetails,
  checkSendOn,
  giftBuyerEmail,
  giftMetadata,
  giftOfPaymentIntent,
  recordGift,
  sendGiftIfDue,
  sendGiftReceipt,
} from "./gifts.server";
import { sendEmail } from "../mail/mail.server";
import { sameText } from "../admin/password.server";
import { getSiteSettings, siteSettings } from "../site/site.server";
import { notifySale } from "../site/owner-notices.server";
import { webCrypto } from "./stripe.server";
import { logEvent, shortError } from "../core/log.server";
import type { VisitSource } from "~/lib/analytics";
import { normaliseTag } from "~/lib/analytics-sources";

/** `origin` is where the site is served, for the links in the receipt (see siteUrl in seo.server.ts). */
export type PaymentDeps = { db: Database; stripe: Stripe; origin?: string };

/**
 * Why the app refunds a payment by itself (`enrollments.refund_reason`, `unmatched_payments.reason`). "duplicate" is now
 * only a bundle whose every course the address had, and "coupon-limit" only orders recorded before issue #37 (a repeat
 * purchase is honoured and a code has no per-address limit: ADR 0008); both are still settled if Stripe had not refunded them.
 */
export type AutomaticRefundReason = "duplicate" | "price-mismatch" | "unknown-course" | "coupon-limit";

export const IDEMPOTENCY_CONFLICT_MESSAGE =
  "This payment was already started with other details (another e-mail address, name or price). Reload the page and try again.";

/**
 * The PaymentIntent for one enrol-page attempt. The answer is the same whether or not the address already owns the
 * course (no question is asked about it here): a second purchase is refunded once it is paid (ADR 0008), so this
 * endpoint tells nobody what an address has bought. The price is recorded on the intent (`metadata.priceCents`),
 * so a price changed while the buyer pays does not turn their payment into a mismatch. Where the buyer's visit came
 * from (`source`, from the tab's landing: docs/analytics.md) goes into the metadata too, and from there onto the order.
 */
export async function createPaymentIntentForCourse(deps: PaymentDeps, input: PurchaseInput) {
  // For callers that always pay (tests, tools): a 100% coupon is the enrol page's case, through startCoursePurchase.
  const started = await startCoursePurchase(deps, input);
  if ("free" in started) throw new HttpError(500, "A free enrolment where a PaymentIntent was expected.");
  return started;
}

type PurchaseInput = {
  courseId: number;
  amount: number;
  email: string;
  name?: string;
  attemptId?: string;
  source?: VisitSource;
  couponCode?: string;
  /** "Give this course": the order goes to the recipient (docs/payments.md, "Gifts"). */
  gift?: GiftDetails;
};

/**
 * The enrol page's checkout: a PaymentIntent at the price in D1, less the coupon's discount if a code is given (its use
 * reserved first, see coupons.server.ts); or, when the coupon takes the whole price, the enrolment itself (`free`).
 */
export async function startCoursePurchase(
  deps: PaymentDeps,
  input: PurchaseInput,
): Promise<{ clientSecret: string; paymentIntentId: string } | { free: true; couponCode?: string }> {
  const { db, stripe } = deps;
  const priceCents = await getCoursePriceCents(db, input.courseId);
  if (priceCents === undefined) throw new HttpError(404, "Course not found.");
  const code = input.couponCode?.trim() ?? "";
  if (input.gift) {
    // Coupons are not for gifts: the order is the recipient's, the code the buyer's (docs/payments.md, "Gifts").
    if (code !== "") throw new HttpError(400, "Codes cannot be used for gifts.");
    if (priceCents === 0) throw new HttpError(400, "This course is free: there is nothing to give. Send its link instead.");
    checkSendOn(input.gift.sendOn);
  }
  const quote = code === "" ? null : await quoteCoupon(db, { code, courseId: input.courseId, priceCents });
  if (quote && !quote.ok) throw new HttpError(400, quote.message);
  const chargeCents = quote ? quote.amountCents : priceCents;
  if (parseMoneyCents(input.amount) !== chargeCents) {
    throw new HttpError(
      400,
      `The amount does not match the course price (${formatMoney(chargeCents, "usd", { code: true })}). Reload the page and try again.`,
    );
  }
  const email = normaliseEmail(input.email);
  const attempt = input.attemptId ?? crypto.randomUUID();
  const idempotencyKey = `course-${input.courseId}-attempt-${attempt}`;
  // The coupon's use is reserved before Stripe is asked, in one statement that counts the uses left (the race on the last one).
  const reservation = quote ? await reserveCoupon(db, quote, { attemptKey: idempotencyKey, courseId: input.courseId, email }) : null;
  if (reservation && reservation.amountCents === 0) {
    await enrolWithoutPayment(deps, {
      reservationId: reservation.id,
      paymentId: `coupon-${reservation.id}`,
      courseId: input.courseId,
      email,
      name: input.name ?? "",
      ...reservation,
      source: input.source,
    });
    return { free: true, couponCode: reservation.couponCode };
  }
  // A $0 course: nothing to pay (Stripe takes no PaymentIntent of 0), so it is enrolled at once like a 100% coupon,
  // once per enrol-page attempt (docs/payments.md, "Free courses").
  if (chargeCents === 0) {
    await enrolWithoutPayment(deps, {
      reservationId: null,
      paymentId: `free-${idempotencyKey}`,
      courseId: input.courseId,
      email,
      name: input.name ?? "",
      couponCode: null,
      discountCents: 0,
      source: input.source,
    });
    return { free: true };
  }
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: chargeCents,
        currency: "usd",
        automatic_payment_methods: { enabled: true },
        receipt_email: email,
        metadata: {
          courseId: String(input.courseId),
          email,
          name: input.name ?? "",
          priceCents: String(priceCents),
          ...(reservation ? { couponCode: reservation.couponCode, discountCents: String(reservation.discountCents) } : {}),
          ...sourceMetadata(input.source),
          ...(input.gift ? giftMetadata(input.gift) : {}),
        },
        description: input.gift ? `Course gift #${input.courseId}` : `Course enrolment #${input.courseId}`,
      },
      // The same enrol-page attempt never creates two PaymentIntents, even if the request is retried.
      { idempotencyKey },
    );
  } catch (error) {
    // No intent, no use: the reservation goes back (a retry of the same attempt reserves again).
    if (reservation) await releaseReservation(db, { id: reservation.id });
    // The same attempt id with other parameters (another address, a new price): Stripe refuses to reuse the key.
    if (isIdempotencyError(error)) throw new HttpError(409, IDEMPOTENCY_CONFLICT_MESSAGE);
    throw error;
  }
  if (reservation) await attachPaymentIntent(db, reservation.id, intent.id);
  if (!intent.client_secret) throw new HttpError(502, "No client secret returned from the payment provider.");
  return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
}

/**
 * A 100% coupon or a $0 course: nothing to pay, so no PaymentIntent. The order is recorded at once as a paid order of
 * 0 (its "payment" is `coupon-<reservation id>`, or `free-<attempt>`) and the receipt sent, unless the address already
 * has the course: then no order (nothing was paid, so there is nothing to honour), a coupon's use goes back, and the
 * address is e-mailed an access link. The answer is the same either way ("check your inbox", and no session), so it
 * tells nobody what the address owns (ADR 0008). A code has no limit per address (ADR 0008), only its total.
 */
async function enrolWithoutPayment(
  deps: PaymentDeps,
  input: {
    reservationId: number | null;
    paymentId: string;
    courseId: number;
    email: string;
    name: string;
    couponCode: string | null;
    discountCents: number;
    source?: VisitSource;
  },
) {
  const { db } = deps;
  const origin = deps.origin ?? defaultOrigin();
  const paymentIntentId = input.paymentId;
  const { source = null, medium = null, campaign = null } = input.source ?? {};
  const [inserted] = await db.all<{ id: number; created_at: string }>(sql`
    insert into ${enrollments} (course_id, payment_intent_id, amount_cents, currency, email, name, source, medium, campaign, status, coupon_code, discount_cents)
    select ${input.courseId}, ${paymentIntentId}, 0, 'usd', ${input.email}, ${input.name.trim()}, ${source}, ${medium}, ${campaign}, 'paid', ${input.couponCode}, ${input.discountCents}
    where not exists (
        select 1 from ${enrollments} granted
        where granted.email = ${input.email} and granted.course_id = ${input.courseId} and (granted.status = 'paid' or granted.keep_access = 1))
      and not exists (select 1 from ${enrollments} recorded where recorded.payment_intent_id = ${paymentIntentId})
    on conflict (payment_intent_id) do nothing
    returning id, created_at`);
  if (input.reservationId !== null) await attachPaymentIntent(db, input.reservationId, paymentIntentId);
  if (!inserted) {
    const already = await db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.paymentIntentId, paymentIntentId)).get();
    if (already) return;
    if (input.reservationId !== null) await releaseReservation(db, { id: input.reservationId });
    // Why nothing was made is told to the inbox only: the address owns the course, so it gets a fresh link.
    if (await ownsCourse(db, input.email, input.courseId)) await sendAccessLinkIfOwned(db, { email: input.email, origin });
    return;
  }
  if (input.reservationId !== null) await redeemReservation(db, paymentIntentId);
  await markContentChanged(db);
  await sendReceipt(db, {
    enrollmentId: inserted.id,
    paidAt: inserted.created_at,
    courseId: input.courseId,
    email: input.email,
    amountCents: 0,
    currency: "usd",
    origin,
    couponCode: input.couponCode,
    discountCents: input.discountCents,
  });
}

/** A visit's source as PaymentIntent metadata: only the fields it has (a direct visit adds none). */
function sourceMetadata(source: VisitSource | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(source ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/** The source an order keeps, from its PaymentIntent's metadata (written by `createPaymentIntentForCourse`), normalised again. */
export function sourceOfPaymentIntent(intent: Pick<Stripe.PaymentIntent, "metadata">): VisitSource {
  return {
    source: normaliseTag(intent.metadata?.source),
    medium: normaliseTag(intent.metadata?.medium),
    campaign: normaliseTag(intent.metadata?.campaign),
  };
}

function isIdempotencyError(error: unknown) {
  const stripeError = error as { type?: string; rawType?: string };
  return stripeError?.type === "StripeIdempotencyError" || stripeError?.rawType === "idempotency_error";
}

/**
 * A succeeded payment the app could not turn into access, and has refunded (or is refunding) in full: its amount or
 * currency matched neither the price recorded on the PaymentIntent nor the course's price, or its course is unknown.
 * Neither depends on what the address bought before (ADR 0008). `refundPending` is true when Stripe could not be asked
 * yet: the webhook then answers 5xx so that Stripe retries.
 */
export class PaymentRefundedError extends HttpError {
  constructor(
    readonly reason: "price-mismatch" | "unknown-course",
    readonly refundPending: boolean,
    readonly enrollmentId: number | null,
  ) {
    super(
      409,
      refundPending
        ? "This payment could not be matched to the course at its price, so it will be refunded in full. We have e-mailed you."
        : "This payment could not be matched to the course at its price, so it was refunded in full. We have e-mailed you.",
    );
  }
}

/**
 * What the return page needs of a recorded payment. It says nothing of what the address had before: a repeat purchase of
 * a course is an order like the first (ADR 0008). `duplicate`: a bundle all of whose courses the address had, refunded.
 */
export type RecordedEnrollment = {
  id: number;
  courseId: number;
  email: string;
  status: string;
  createdAt: string;
  refundReason: string | null;
  duplicate: boolean;
  /** An automatic refund Stripe has not confirmed yet (it is retried by the next webhook delivery or return-page load). */
  refundPending: boolean;
  /** A gift: `email` is the recipient's, and the return page starts no session (the buyer gets no access). */
  gift: { recipientName: string; sendOn: string } | null;
  /** A bundle's order: the return page names the bundle and starts no session (docs/payments.md, "Bundles"). */
  bundleTitle: string | null;
};

/** The gift row of the order of `paymentIntentId`, made once: the manage token when this call made it, else null. */
async function recordGiftOfPayment(db: Database, paymentIntentId: string, gift: GiftDetails & { buyerEmail: string }) {
  const order = await db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.paymentIntentId, paymentIntentId)).get();
  return order ? recordGift(db, { ...gift, enrollmentId: order.id }) : null;
}

type InsertedEnrollment = { id: number; status: string; created_at: string; refund_reason: string | null };

/**
 * Records the order of a succeeded PaymentIntent, once, with the buyer from its metadata. The amount must be the
 * price recorded on the intent when it was created (`metadata.priceCents`), or, for an intent without one, the
 * course's price now; in USD. One INSERT decides everything that depends on other rows, atomically (D1 has no
 * interactive transactions, but each statement is atomic):
 * - a refund Stripe already reported (`payment_refunds`, an event that came before `payment_intent.succeeded`) makes
 *   the order `refunded` at once;
 * - an amount that matches no price makes it `refund-due` with reason "price-mismatch";
 * - otherwise it is `paid`, whatever the address bought before: a repeat purchase is honoured (ADR 0008), and its
 *   receipt, to the inbox only, says so and carries a link that refunds it (`repeat-purchases.server.ts`).
 * `WHERE NOT EXISTS` means a second recording of the same payment inserts nothing and reserves no id, so order
 * references stay consecutive. A `refund-due` order is refunded through Stripe here (`settleAutomaticRefund`), on
 * every call until Stripe has it. The first recording of a paid order sends the receipt with an access link.
 * A price mismatch or an unknown course ends in `PaymentRefundedError`; a payment without a course id is not this
 * app's (400).
 */
export async function recordEnrollmentForPaymentIntent(deps: PaymentDeps, intent: Stripe.PaymentIntent): Promise<RecordedEnrollment> {
  const { db } = deps;
  const origin = deps.origin ?? defaultOrigin();
  if (intent.status !== "succeeded") throw new HttpError(402, "This payment has not succeeded.");
  if (intent.metadata?.bundleId) return recordBundleOrder(deps, intent);
  const courseIdText = intent.metadata?.courseId ?? "";
  if (courseIdText === "") throw new HttpError(400, "This payment is not for a known course.");
  const courseId = Number(courseIdText);
  const currentPrice = Number.isSafeInteger(courseId) ? await getCoursePriceCents(db, courseId, { published: "any" }) : undefined;
  const buyerEmail = normaliseEmail(intent.metadata?.email || intent.receipt_email || "");
  // A gift's order is the recipient's: their address opens the course, never the buyer's.
  const gift = giftOfPaymentIntent(intent);
  const email = gift ? gift.recipientEmail : buyerEmail;
  const amountCents = intent.amount_received || intent.amount;
  if (currentPrice === undefined) {
    await refundUnmatchedPayment(deps, intent, { courseId: Number.isSafeInteger(courseId) ? courseId : null, email, amountCents });
  }
  const recorded = Number(intent.metadata?.priceCents);
  // With a coupon, the amount to expect is the one D1 reserved when the intent was made (the coupon's terms then);
  // an intent whose metadata names a coupon that D1 has no reservation for matches nothing.
  const reservation = await reservationForPaymentIntent(db, intent.id);
  const withCoupon = reservation !== undefined || Boolean(intent.metadata?.couponCode);
  const expected = withCoupon
    ? reservation?.amountCents
    : intent.metadata?.priceCents && Number.isSafeInteger(recorded)
      ? recorded
      : currentPrice;
  const mismatch = intent.currency !== "usd" || amountCents !== expected;
  const couponCode = reservation?.couponCode ?? null;
  const discountCents = reservation && !mismatch ? reservation.discountCents : 0;
  const name = gift ? gift.recipientName : (intent.metadata?.name ?? "").trim();
  const { source, medium, campaign } = sourceOfPaymentIntent(intent);
  const [inserted] = await db.all<InsertedEnrollment>(sql`
    insert into ${enrollments} (course_id, payment_intent_id, amount_cents, currency, email, name, source, medium, campaign, coupon_code, discount_cents, status, refund_reason, refund_id, refunded_at)
    select ${courseId}, ${intent.id}, ${amountCents}, ${intent.currency}, ${email}, ${name}, ${source}, ${medium}, ${campaign}, ${couponCode}, ${discountCents},
      case when early.payment_intent_id is not null then 'refunded'
           when ${mismatch ? 1 : 0} = 1 then 'refund-due'
           else 'paid' end,
      case when early.payment_intent_id is not null then null
           when ${mismatch ? 1 : 0} = 1 then 'price-mismatch' end,
      early.refund_id,
      case when early.payment_intent_id is not null then strftime('%Y-%m-%dT%H:%M:%fZ','now') end
    from (select 1) one
    left join ${paymentRefunds} early on early.payment_intent_id = ${intent.id} and early.refunded_cents >= ${amountCents}
    where not exists (select 1 from ${enrollments} recorded where recorded.payment_intent_id = ${intent.id})
    on conflict (payment_intent_id) do nothing
    returning id, status, created_at, refund_reason`);
  // The gift's row, made once whichever recording gets here (also after a recording that stopped right after its INSERT).
  const giftToken = gift ? await recordGiftOfPayment(db, intent.id, { ...gift, buyerEmail }) : null;
  if (inserted && reservation) {
    // A paid order consumes the use for good; any other outcome (refunded at once) gives it back.
    if (inserted.status === "paid") await redeemReservation(db, intent.id);
    else await releaseReservation(db, { paymentIntentId: intent.id });
  }
  if (inserted?.status === "paid") {
    // Course pages show the enrolment count: a new enrolment makes the cached ones stale.
    await markContentChanged(db);
    if (!gift && email)
      await sendReceipt(db, {
        enrollmentId: inserted.id,
        paidAt: inserted.created_at,
        courseId,
        email,
        amountCents,
        currency: intent.currency,
        origin,
        couponCode,
        discountCents,
        // The address had the course already: honoured, and the inbox alone is told, with a link that refunds it.
        repeatRefundUrl: await offerRepeatRefund(db, { enrollmentId: inserted.id, email, courseId, origin }),
      });
  }
  if (gift && giftToken) {
    // The buyer's receipt carries the manage link, written nowhere else; a gift for today goes out at once.
    const order = await db.select().from(enrollments).where(eq(enrollments.paymentIntentId, intent.id)).get();
    if (order?.status === "paid") {
      await sendGiftReceipt(db, {
        enrollmentId: order.id,
        paidAt: order.createdAt,
        courseId,
        amountCents,
        currency: intent.currency,
        token: giftToken,
        origin,
      });
      await sendGiftIfDue(db, order.id, new Date(), origin);
    }
  }
  if (inserted?.status === "refunded") {
    // Refunded before this payment was recorded (the refund's event came first): the refund notice, not a receipt.
    const row = await db.select().from(enrollments).where(eq(enrollments.id, inserted.id)).get();
    if (row) await sendRefundMail(db, row, origin, new Date());
  }
  const row = await db
    .select({
      id: enrollments.id,
      courseId: enrollments.courseId,
      email: enrollments.email,
      status: enrollments.status,
      createdAt: enrollments.createdAt,
      refundReason: enrollments.refundReason,
      amountCents: enrollments.amountCents,
    })
    .from(enrollments)
    .where(eq(enrollments.paymentIntentId, intent.id))
    .get();
  if (!row) throw new Error(`The enrolment of payment ${intent.id} is missing right after it was stored`);
  let refundPending = false;
  if (row.status === "refund-due") {
    refundPending = !(await settleAutomaticRefund(deps, { ...row, paymentIntentId: intent.id }));
  }
  if (row.refundReason === "price-mismatch") throw new PaymentRefundedError(row.refundReason, refundPending, row.id);
  const { amountCents: _amount, ...shown } = row;
  return {
    ...shown,
    gift: gift ? { recipientName: gift.recipientName, sendOn: gift.sendOn } : null,
    bundleTitle: null,
    // A refund-due order that Stripe has just refunded is refunded now.
    status: row.status === "refund-due" && !refundPending ? "refunded" : row.status,
    duplicate: row.refundReason === "duplicate",
    refundPending,
  };
}

/** The idempotency key of an automatic refund: one refund per payment, however often it is retried. */
function automaticRefundKey(reason: string, paymentIntentId: string) {
  const prefix = { duplicate: "duplicate", "price-mismatch": "mismatch", "coupon-limit": "coupon-limit" }[reason] ?? "unmatched";
  return `${prefix}-${paymentIntentId}`;
}

/**
 * Asks Stripe to refund a `refund-due` order in full, then makes the transition to `refunded` (which sends the
 * e-mails). Resolves to false when Stripe could not be asked or refused: the order stays `refund-due` (the admin's
 * Orders page shows it as "Refund due") and the next webhook delivery or return-page load tries again.
 */
async function settleAutomaticRefund(
  { db, stripe, origin }: PaymentDeps,
  order: { id: number; paymentIntentId: string; amountCents: number; refundReason: string | null },
) {
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: order.paymentIntentId,
        amount: order.amountCents,
        reason: order.refundReason === "duplicate" ? "duplicate" : "requested_by_customer",
        metadata: { enrollmentId: String(order.id), automatic: order.refundReason ?? "" },
      },
      { idempotencyKey: automaticRefundKey(order.refundReason ?? "", order.paymentIntentId) },
    );
    if (refund.status === "failed" || refund.status === "canceled") {
      logEvent("error", "payment.refund_failed", {
        paymentIntent: order.paymentIntentId,
        refund: refund.id,
        status: refund.status,
        reason: order.refundReason,
      });
      return false;
    }
    await markEnrollmentRefunded(db, { paymentIntentId: order.paymentIntentId, refundId: refund.id, refundedCents: refund.amount, origin });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "charge_already_refunded") {
      // Refunded meanwhile (in Stripe's dashboard): the money is back, so the order is refunded.
      await markEnrollmentRefunded(db, {
        paymentIntentId: order.paymentIntentId,
        refundId: null,
        refundedCents: order.amountCents,
        origin,
      });
      return true;
    }
    logEvent("error", "payment.refund_deferred", {
      paymentIntent: order.paymentIntentId,
      reason: order.refundReason,
      error: shortError(error),
    });
    return false;
  }
}

/** The admin's "Refund" on a `refund-due` order: the same automatic refund again. */
export async function retryAutomaticRefund(deps: PaymentDeps, paymentIntentId: string) {
  const order = await deps.db
    .select({
      id: enrollments.id,
      amountCents: enrollments.amountCents,
      refundReason: enrollments.refundReason,
      status: enrollments.status,
    })
    .from(enrollments)
    .where(eq(enrollments.paymentIntentId, paymentIntentId))
    .get();
  if (order?.status === "refund-due") await settleAutomaticRefund(deps, { ...order, paymentIntentId });
  const after = await deps.db
    .select({ status: enrollments.status, refundId: enrollments.refundId })
    .from(enrollments)
    .where(eq(enrollments.paymentIntentId, paymentIntentId))
    .get();
  return { refunded: after?.status === "refunded", refundId: after?.refundId ?? null };
}

/**
 * A succeeded payment whose course is unknown (deleted, or never this site's): no order can reference it, so it is
 * kept in `unmatched_payments`, refunded at once and both the buyer and the owner are told. Always throws
 * `PaymentRefundedError` (with `refundPending` when Stripe could not be asked: retried on the next delivery).
 */
async function refundUnmatchedPayment(
  { db, stripe, origin }: PaymentDeps,
  intent: Stripe.PaymentIntent,
  input: { courseId: number | null; email: string; amountCents: number },
): Promise<never> {
  await db
    .insert(unmatchedPayments)
    .values({
      paymentIntentId: intent.id,
      courseId: input.courseId,
      amountCents: input.amountCents,
      currency: intent.currency,
      email: input.email,
      reason: "unknown-course",
    })
    .onConflictDoNothing();
  const row = await db.select().from(unmatchedPayments).where(eq(unmatchedPayments.paymentIntentId, intent.id)).get();
  if (row?.status !== "refund-due") throw new PaymentRefundedError("unknown-course", false, null);
  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      { payment_intent: intent.id, amount: input.amountCents, reason: "requested_by_customer", metadata: { automatic: "unknown-course" } },
      { idempotencyKey: automaticRefundKey("unknown-course", intent.id) },
    );
  } catch (error) {
    logEvent("error", "payment.refund_deferred", { paymentIntent: intent.id, reason: "unknown-course", error: shortError(error) });
    throw new PaymentRefundedError("unknown-course", true, null);
  }
  const now = new Date();
  const [transitioned] = await db
    .update(unmatchedPayments)
    .set({ status: "refunded", refundId: refund.id, refundedAt: now.toISOString() })
    .where(and(eq(unmatchedPayments.paymentIntentId, intent.id), eq(unmatchedPayments.status, "refund-due")))
    .returning();
  if (transitioned) {
    logEvent("warn", "payment.refunded", { paymentIntent: intent.id, reason: "unknown-course", courseId: input.courseId, automatic: true });
    await sendAutomaticRefundMails(db, {
      reason: "unknown-course",
      email: input.email,
      courseTitle: null,
      amountCents: input.amountCents,
      currency: intent.currency,
      paymentIntentId: intent.id,
      orderReference: null,
      refundedAt: now,
      origin: origin ?? defaultOrigin(),
    });
  }
  throw new PaymentRefundedError("unknown-course", false, null);
}

function defaultOrigin() {
  return getSiteSettings().url.replace(/\/+$/, "") || "http://localhost";
}

/** What a buyer's receipt and refund notice both say: the site and its contact address, the course, the amount. */
async function buyerEmailFields(db: Database, courseTitle: string | undefined, order: { amountCents: number; currency: string }) {
  const site = await siteSettings(db);
  return {
    contactEmail: site.email,
    courseTitle: courseTitle ?? "your course",
    amountCents: order.amountCents,
    currency: order.currency,
  };
}

/** The receipt: course, amount, date, order reference, an access link and the refund terms. */
async function sendReceipt(
  db: Database,
  input: {
    enrollmentId: number;
    paidAt: string;
    courseId: number;
    email: string;
    amountCents: number;
    currency: string;
    origin: string;
    couponCode: string | null;
    discountCents: number;
    bundle?: { title: string; opened: string[]; owned: string[]; creditCents: number };
    /** A repeat purchase's refund link (ADR 0008), or null. */
    repeatRefundUrl?: string | null;
  },
) {
  const course = input.bundle
    ? { title: input.bundle.title }
    : await db.select({ title: courses.title }).from(courses).where(eq(courses.id, input.courseId)).get();
  const token = await issueAccessToken(db, { email: input.email, courseId: input.courseId, ttlMinutes: RECEIPT_LINK_TTL_MINUTES });
  const data = {
    ...(await buyerEmailFields(db, course?.title, input)),
    paidAt: new Date(input.paidAt).toISOString(),
    orderReference: orderReference(input.enrollmentId),
    accessUrl: accessUrl(input.origin, token),
    learnUrl: `${input.origin}/learn`,
    ...(input.couponCode ? { coupon: { code: input.couponCode, discountCents: input.discountCents } } : {}),
    ...(input.bundle ? { bundle: { opened: input.bundle.opened, owned: input.bundle.owned, creditCents: input.bundle.creditCents } } : {}),
    ...(input.repeatRefundUrl ? { repeatRefundUrl: input.repeatRefundUrl, repeatRefundDays: REPEAT_REFUND_DAYS } : {}),
  };
  await sendEmail({ to: input.email, kind: "receipt", data });
  await notifySale(db, { ...input, title: data.courseTitle });
}

/** The e-mails of an automatic refund: the buyer's, and for a payment that matched nothing, the owner's. */
async function sendAutomaticRefundMails(
  db: Database,
  input: {
    reason: AutomaticRefundReason;
    couponCode?: string | null;
    email: string;
    courseId?: number;
    courseTitle: string | null;
    amountCents: number;
    currency: string;
    paymentIntentId: string;
    orderReference: string | null;
    refundedAt: Date;
    origin: string;
  },
) {
  const site = await siteSettings(db);
  const courseTitle = input.courseTitle ?? "a course that is no longer on sale";
  if (input.email) {
    if (input.reason === "duplicate" && input.courseId !== undefined) {
      const token = await issueAccessToken(db, { email: input.email, courseId: input.courseId, ttlMinutes: RECEIPT_LINK_TTL_MINUTES });
      const data = {
        courseTitle,
        amountCents: input.amountCents,
        currency: input.currency,
        refundedAt: input.refundedAt.toISOString(),
        orderReference: input.orderReference ?? "",
        accessUrl: accessUrl(input.origin, token),
        expiresInMinutes: RECEIPT_LINK_TTL_MINUTES,
        learnUrl: `${input.origin}/learn`,
        contactEmail: site.email,
      };
      await sendEmail({ to: input.email, kind: "duplicate-refund", data });
    } else {
      const data = {
        courseTitle,
        amountCents: input.amountCents,
        currency: input.currency,
        refundedAt: input.refundedAt.toISOString(),
        orderReference: input.orderReference,
        contactEmail: site.email,
        // Why, told to the inbox only: the address had used the code as often as it allows.
        ...(input.reason === "coupon-limit" ? { spentCouponCode: input.couponCode ?? "" } : {}),
      };
      await sendEmail({ to: input.email, kind: "automatic-refund", data });
    }
  }
  // The owner hears of payments that matched nothing; a duplicate or a spent code is the buyer's business.
  if ((input.reason === "price-mismatch" || input.reason === "unknown-course") && site.email) {
    const data = {
      reason: input.reason,
      courseTitle,
      buyerEmail: input.email,
      amountCents: input.amountCents,
      currency: input.currency,
      paymentIntentId: input.paymentIntentId,
      orderReference: input.orderReference,
      ordersUrl: `${input.origin}/admin/orders`,
    };
    await sendEmail({ to: site.email, kind: "owner-alert", data });
  }
}

type EnrollmentRow = typeof enrollments.$inferSelect;

/** The e-mail for an order that has just become refunded: the admin's refund notice, or an automatic refund's. */
async function sendRefundMail(db: Database, order: EnrollmentRow, origin: string, now: Date) {
  // A gift's money is the buyer's: refund notices go to them, not to the recipient the order names.
  const buyer = await giftBuyerEmail(db, order.id);
  const row = buyer ? { ...order, email: buyer } : order;
  if (!row.email && !row.refundReason) return;
  const course = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, row.courseId)).get();
  if (row.refundReason === "duplicate" || row.refundReason === "price-mismatch" || row.refundReason === "coupon-limit") {
    await sendAutomaticRefundMails(db, {
      reason: row.refundReason,
      couponCode: row.couponCode,
      email: row.email,
      courseId: row.courseId,
      courseTitle: course?.title ?? null,
      amountCents: row.amountCents,
      currency: row.currency,
      paymentIntentId: row.paymentIntentId,
      orderReference: orderReference(row.id),
      refundedAt: now,
      origin,
    });
    return;
  }
  const data = {
    ...(await buyerEmailFields(db, course?.title, row)),
    refundedAt: now.toISOString(),
    orderReference: orderReference(row.id),
    keepAccess: row.keepAccess,
    learnUrl: `${origin}/learn`,
  };
  await sendEmail({ to: row.email, kind: "refund", data });
}

/**
 * The one transition to "refunded", from the admin's refund, an automatic refund, or Stripe's `charge.refunded` /
 * `refund.*` webhook, whichever comes first. The refund is first remembered in `payment_refunds` (so that an order
 * recorded later, when the refund's event came before `payment_intent.succeeded`, is inserted refunded), then a
 * single conditional UPDATE (only a paid or refund-due order, only when the refund covers what was paid) makes the
 * transition, so exactly one caller gets the row back, and that caller alone queues the e-mail: the refund notice,
 * or for an automatic refund the duplicate's / mismatch's e-mails. Access follows `keep_access`, which the admin's
 * choice set before Stripe was asked (a refund made in Stripe's dashboard removes it). Resolves to the enrolment when
 * this call made the transition, null when it was already refunded (or unknown, or partial).
 */
export async function markEnrollmentRefunded(
  db: Database,
  input: { paymentIntentId: string; refundId: string | null; refundedCents: number; origin?: string },
  now = new Date(),
) {
  await db
    .insert(paymentRefunds)
    .values({ paymentIntentId: input.paymentIntentId, refundId: input.refundId, refundedCents: input.refundedCents })
    .onConflictDoUpdate({
      target: paymentRefunds.paymentIntentId,
      set: {
        refundedCents: sql`max(${paymentRefunds.refundedCents}, excluded.refunded_cents)`,
        refundId: sql`coalesce(${paymentRefunds.refundId}, excluded.refund_id)`,
      },
    });
  const [row] = await db
    .update(enrollments)
    .set({ status: "refunded", refundId: input.refundId, refundedAt: now.toISOString(), refundedCents: sql`${enrollments.amountCents}` })
    .where(
      and(
        eq(enrollments.paymentIntentId, input.paymentIntentId),
        inArray(enrollments.status, ["paid", "refund-due"]),
        // What was paid, less a bundle's credit already refunded at once for courses the address owned.
        sql`${enrollments.amountCents} - ${enrollments.creditCents} <= ${input.refundedCents}`,
      ),
    )
    .returning();
  if (!row) {
    // The other path won, perhaps without the refund's id (a `charge.refunded` event need not list it): fill it in.
    if (input.refundId) {
      await db
        .update(enrollments)
        .set({ refundId: input.refundId })
        .where(
          and(eq(enrollments.paymentIntentId, input.paymentIntentId), eq(enrollments.status, "refunded"), isNull(enrollments.refundId)),
        );
    }
    return null;
  }
  logEvent("info", "payment.refunded", {
    paymentIntent: input.paymentIntentId,
    enrollmentId: row.id,
    refund: input.refundId,
    cents: input.refundedCents,
  });
  // A paid order that no longer counts: the course page's enrolled figure changes.
  await markContentChanged(db);
  await sendRefundMail(db, row, input.origin ?? defaultOrigin(), now);
  return row;
}

/**
 * Stripe's total refunded for a payment (`charge.amount_refunded`: every refund, the admin's and the dashboard's): the
 * order's `refunded_cents` becomes at least that (never more than was paid), and `payment_refunds` remembers it. A
 * larger `refunded_cents` is kept: it holds refunds the admin reserved that Stripe has not reported yet.
 */
export async function recordStripeRefundedTotal(db: Database, input: { paymentIntentId: string; amountRefunded: number }) {
  if (!(input.amountRefunded > 0)) return;
  await db.batch([
    db
      .insert(paymentRefunds)
      .values({ paymentIntentId: input.paymentIntentId, refundedCents: input.amountRefunded })
      .onConflictDoUpdate({
        target: paymentRefunds.paymentIntentId,
        set: { refundedCents: sql`max(${paymentRefunds.refundedCents}, excluded.refunded_cents)` },
      }),
    db
      .update(enrollments)
      .set({ refundedCents: sql`min(${enrollments.amountCents}, max(${enrollments.refundedCents}, ${input.amountRefunded}))` })
      .where(eq(enrollments.paymentIntentId, input.paymentIntentId)),
  ]);
}

/**
 * A refund made in Stripe's dashboard, in the order's refund history (`created_by` "stripe"), once per Stripe refund.
 * The site's own refunds carry `metadata.enrollmentId` and are recorded by whoever made them.
 */
async function recordDashboardRefund(db: Database, refund: Stripe.Refund, paymentIntentId: string) {
  if (refund.metadata?.enrollmentId) return;
  await db.run(sql`
    insert into ${orderRefunds} (enrollment_id, amount_cents, reason, status, stripe_refund_id, created_by)
    select ${enrollments.id}, ${refund.amount}, ${`Made in Stripe${refund.reason ? ` (${refund.reason.replace(/_/g, " ")})` : ""}`},
      'succeeded', ${refund.id}, 'stripe'
    from ${enrollments} where ${enrollments.paymentIntentId} = ${paymentIntentId}
    on conflict (stripe_refund_id) do nothing`);
}

/** A partial refund's e-mail to the buyer: the amount refunded, what remains paid, and whether the course stays open. */
export async function sendPartialRefundMail(
  db: Database,
  order: { id: number; email: string; courseId: number; currency: string; amountCents: number },
  input: { refundedCents: number; remainingCents: number; keepAccess: boolean; origin?: string },
  now = new Date(),
) {
  if (!order.email) return;
  const course = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, order.courseId)).get();
  const data = {
    ...(await buyerEmailFields(db, course?.title, { amountCents: input.refundedCents, currency: order.currency })),
    remainingCents: input.remainingCents,
    refundedAt: now.toISOString(),
    orderReference: orderReference(order.id),
    keepAccess: input.keepAccess,
    learnUrl: `${input.origin ?? defaultOrigin()}/learn`,
  };
  await sendEmail({ to: order.email, kind: "partial-refund", data });
}

/** The return page: ask Stripe about the PaymentIntent, check the client secret belongs to it, enrol once. */
export async function confirmEnrollmentAfterPayment(
  { db, stripe, origin }: PaymentDeps,
  input: { paymentIntentId: string; paymentIntentClientSecret: string },
) {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(input.paymentIntentId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw new HttpError(404, "Payment not found.");
    throw error;
  }
  if (!intent.client_secret || !(await sameText(intent.client_secret, input.paymentIntentClientSecret))) {
    throw new HttpError(403, "The payment details do not match.");
  }
  return recordEnrollmentForPaymentIntent({ db, stripe, origin }, intent);
}

/**
 * Stripe objects are bounded (50 metadata keys of 500 characters, lists in events cut to 10 items), so
 * events are a few KB, tens at most; 256 KiB leaves ample room and refuses a huge body unread.
 */
export const MAX_WEBHOOK_BODY_BYTES = 256 * 1024;
/** Stripe's own tolerance. The SDK checks only a signature's age; one from the future is refused here. */
const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

const ALREADY_REFUNDED =
  "No paid order for this payment that the refund covers (already refunded, partial, or not recorded yet: the refund is remembered and applied when it is).";

type WebhookAnswer = { received: true; type: string; enrollmentId?: number; ignored?: string; refunded?: AutomaticRefundReason };

/**
 * Stripe webhooks: a body within the limit, a verified signature made within 5 minutes of now (either
 * way), then the same idempotent enrolment. Only a bad signature or body is refused (400): an event the
 * app does not act on is answered 2xx and logged, since Stripe retries anything else for days.
 */
export async function handleStripeWebhook(
  { db, stripe, webhookSecret, origin }: PaymentDeps & { webhookSecret: string },
  request: Pick<Request, "headers" | "body">,
): Promise<WebhookAnswer> {
  const signature = request.headers.get("stripe-signature");
  // Without the secret no webhook can be checked: every one is refused (and Stripe retries them for days), so it is
  // logged and alerted (the route), unlike a stray request without a signature.
  if (!webhookSecret) throw new WebhookSignatureError("stripe", "secret-not-set", "Missing Stripe signature.");
  if (!signature) throw new WebhookSignatureError("stripe", "missing-signature", "Missing Stripe signature.");
  const payload = await readTextBody(request, MAX_WEBHOOK_BODY_BYTES);
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(payload, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS, webCrypto);
  } catch (error) {
    // The SDK verifies the signature first, then parses the JSON.
    if (error instanceof SyntaxError) throw new HttpError(400, "The event is not valid JSON.");
    throw new WebhookSignatureError("stripe", "invalid-signature", "Invalid Stripe signature.");
  }
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (signedAt > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError("stripe", "future-timestamp", "Invalid Stripe signature: its timestamp is more than 5 minutes ahead.");
  }
  switch (event.type) {
    case "payment_intent.succeeded": {
      let enrollment: RecordedEnrollment;
      try {
        enrollment = await recordEnrollmentForPaymentIntent({ db, stripe, origin }, event.data.object);
      } catch (error) {
        if (error instanceof PaymentRefundedError) {
          // Stripe took the money and no course can be given for it: refunded at once, never dropped. Until Stripe has
          // the refund, a 5xx makes Stripe deliver the event again, and the refund is retried.
          if (error.refundPending) throw new HttpError(503, `The automatic refund of ${event.data.object.id} is still to be made.`);
          logEvent("warn", "payment.refunded_at_once", {
            stripeEvent: event.id,
            paymentIntent: event.data.object.id,
            reason: error.reason,
          });
          return {
            received: true,
            type: event.type,
            refunded: error.reason,
            ...(error.enrollmentId ? { enrollmentId: error.enrollmentId } : {}),
          };
        }
        // No course id in its metadata: not a payment of this site. A failing database can change (503).
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        logEvent("warn", "webhook.ignored", {
          source: "stripe",
          stripeEvent: event.id,
          type: event.type,
          paymentIntent: event.data.object.id,
          reason: error.message,
        });
        return { received: true, type: event.type, ignored: error.message };
      }
      if (enrollment.refundPending) throw new HttpError(503, `The automatic refund of ${event.data.object.id} is still to be made.`);
      logEvent("info", "payment.enrolled", {
        stripeEvent: event.id,
        paymentIntent: event.data.object.id,
        enrollmentId: enrollment.id,
        courseId: enrollment.courseId,
        duplicate: enrollment.duplicate,
      });
      return {
        received: true,
        type: event.type,
        enrollmentId: enrollment.id,
        ...(enrollment.duplicate ? { refunded: "duplicate" as const } : {}),
      };
    }
    // Stripe sends both for one refund, in no promised order; either may also follow the admin's own update.
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      // Partial or full, the order's refunded total follows Stripe's (a partial refund made in the dashboard too).
      if (paymentIntentId) await recordStripeRefundedTotal(db, { paymentIntentId, amountRefunded: charge.amount_refunded });
      if (!paymentIntentId || !charge.refunded) return { received: true, type: event.type, ignored: "Not a full refund of a payment." };
      const refundId = charge.refunds?.data[0]?.id ?? null;
      const row = await markEnrollmentRefunded(db, { paymentIntentId, refundId, refundedCents: charge.amount_refunded, origin });
      return row
        ? { received: true, type: event.type, enrollmentId: row.id }
        : { received: true, type: event.type, ignored: ALREADY_REFUNDED };
    }
    case "refund.created":
    case "refund.updated": {
      const refund = event.data.object;
      const paymentIntentId = typeof refund.payment_intent === "string" ? refund.payment_intent : refund.payment_intent?.id;
      if (!paymentIntentId || refund.status !== "succeeded") {
        return { received: true, type: event.type, ignored: "Not a succeeded refund of a payment." };
      }
      // A bundle's partial refund for courses the address already owned: the order stays paid (docs/payments.md, "Bundles").
      if (refund.metadata?.automatic === BUNDLE_CREDIT)
        return { received: true, type: event.type, ignored: "A bundle's credit for courses already owned." };
      await recordDashboardRefund(db, refund, paymentIntentId);
      const row = await markEnrollmentRefunded(db, { paymentIntentId, refundId: refund.id, refundedCents: refund.amount, origin });
      return row
        ? { received: true, type: event.type, enrollmentId: row.id }
        : { received: true, type: event.type, ignored: ALREADY_REFUNDED };
    }
    case "payment_intent.canceled": {
      // A cancelled intent can never be paid: its coupon use, if any, goes back.
      await releaseReservation(db, { paymentIntentId: event.data.object.id });
      return { received: true, type: event.type };
    }
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      logEvent("warn", "payment.failed", { paymentIntent: intent.id, code: intent.last_payment_error?.code ?? "unknown" });
      return { received: true, type: event.type };
    }
    default:
      logEvent("info", "webhook.ignored", { source: "stripe", stripeEvent: event.id, type: event.type, reason: "not handled" });
      return { received: true, type: event.type, ignored: "Events of this type are not handled." };
  }
}

const sqliteDialect = new SQLiteAsyncDialect();

/** Raw statements as one D1 batch: a transaction (drizzle's batch takes only its query builders). */
function d1Batch(db: Database, statements: SQL[]) {
  return db.$client.batch(
    statements.map((statement) => {
      const query = sqliteDialect.sqlToQuery(statement);
      return db.$client.prepare(query.sql).bind(...query.params);
    }),
  );
}

/** `metadata.automatic` of a bundle's partial refund for the courses the address already owned. */
const BUNDLE_CREDIT = "bundle-owned";

/**
 * A bundle's checkout: a PaymentIntent at the bundle's price in D1, the same for every address (what it owns is asked
 * only once the payment succeeded, as for a course: ADR 0008). No coupons on bundles.
 */
export async function startBundlePurchase(
  deps: PaymentDeps,
  input: { bundleId: number; amount: number; email: string; name?: string; attemptId?: string; source?: VisitSource },
): Promise<{ clientSecret: string; paymentIntentId: string }> {
  const { db, stripe } = deps;
  const bundle = await getPublicBundle(db, input.bundleId);
  if (!bundle) throw new HttpError(404, "Bundle not found.");
  if (parseMoneyCents(input.amount) !== bundle.priceCents) {
    throw new HttpError(
      400,
      `The amount does not match the bundle price (${formatMoney(bundle.priceCents, "usd", { code: true })}). Reload the page and try again.`,
    );
  }
  const email = normaliseEmail(input.email);
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: bundle.priceCents,
        currency: "usd",
        automatic_payment_methods: { enabled: true },
        receipt_email: email,
        metadata: {
          bundleId: String(bundle.id),
          email,
          name: input.name ?? "",
          priceCents: String(bundle.priceCents),
          ...sourceMetadata(input.source),
        },
        description: `Bundle #${bundle.id}`,
      },
      { idempotencyKey: `bundle-${bundle.id}-attempt-${input.attemptId ?? crypto.randomUUID()}` },
    );
  } catch (error) {
    if (isIdempotencyError(error)) throw new HttpError(409, IDEMPOTENCY_CONFLICT_MESSAGE);
    throw error;
  }
  if (!intent.client_secret) throw new HttpError(502, "No client secret returned from the payment provider.");
  return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
}

/** Whether `email` already has `courseExpr` (a course id expression) through an order that grants access. */
const ownedBy = (email: string, courseExpr: ReturnType<typeof sql>) =>
  sql`(${email} <> '' and exists (select 1 from ${enrollments} granted where granted.email = ${email} and granted.course_id = ${courseExpr} and (granted.status = 'paid' or granted.keep_access = 1)))`;

/**
 * Records a bundle's succeeded payment: one order row with the amount paid, plus a row per other course it opens
 * (docs/payments.md, "Bundles"). In one D1 batch (a transaction), so what the address owns is read once for both:
 * - the order row is the enrolment of the bundle's first course the address did not own, with `credit_cents` = the
 *   price shared out by list prices over the courses it owned (rounded up to the cent);
 * - each other course it did not own gets its row (`order_id` = the order), paid, amount 0;
 * - an address that owned every course: the order is `refund-due` ("duplicate") and refunded in full; an amount that
 *   matches no price: "price-mismatch", refunded in full; a refund already reported: `refunded`.
 * The credit is refunded through Stripe at once (a partial refund, key `bundle-owned-<intent>`, retried on every
 * recording until Stripe has it) and the receipt says so, to the inbox only.
 */
async function recordBundleOrder(deps: PaymentDeps, intent: Stripe.PaymentIntent): Promise<RecordedEnrollment> {
  const { db } = deps;
  const origin = deps.origin ?? defaultOrigin();
  const bundleId = Number(intent.metadata?.bundleId);
  const email = normaliseEmail(intent.metadata?.email || intent.receipt_email || "");
  const amountCents = intent.amount_received || intent.amount;
  const bundle = Number.isSafeInteger(bundleId) ? await getPublicBundle(db, bundleId, { published: "any" }) : undefined;
  if (!bundle || bundle.courses.length === 0) await refundUnmatchedPayment(deps, intent, { courseId: null, email, amountCents });
  const { id, courses: list } = bundle as NonNullable<typeof bundle>;
  // The credit's division is cast to an integer below: D1 binds a JS number as REAL.
  const recorded = Number(intent.metadata?.priceCents);
  const expected = intent.metadata?.priceCents && Number.isSafeInteger(recorded) ? recorded : bundle?.priceCents;
  const mismatch = intent.currency !== "usd" || amountCents !== expected ? 1 : 0;
  const name = (intent.metadata?.name ?? "").trim();
  const { source, medium, campaign } = sourceOfPaymentIntent(intent);
  const owned = (column: ReturnType<typeof sql>) => ownedBy(email, column);
  // The credit for courses already owned: paid × their list prices ÷ all list prices, rounded up, at most what was
  // paid. It counts as refunded from the start (partial refunds and the CSV see what remains: docs/payments.md).
  const credit = sql`case when ${mismatch} = 1 or pick.first_new is null or pick.total_list = 0 then 0
             else min(${amountCents}, cast((${amountCents} * pick.owned_list + pick.total_list - 1) / pick.total_list as integer)) end`;
  const [first] = await d1Batch(db, [
    sql`
      insert into ${enrollments} (course_id, payment_intent_id, amount_cents, currency, email, name, source, medium, campaign, bundle_id, credit_cents, refunded_cents, status, refund_reason, refund_id, refunded_at)
      select coalesce(pick.first_new, ${list[0]?.id ?? 0}), ${intent.id}, ${amountCents}, ${intent.currency}, ${email}, ${name}, ${source}, ${medium}, ${campaign}, ${id},
        ${credit}, ${credit},
        case when early.payment_intent_id is not null then 'refunded'
             when ${mismatch} = 1 or pick.first_new is null then 'refund-due'
             else 'paid' end,
        case when early.payment_intent_id is not null then null
             when ${mismatch} = 1 then 'price-mismatch'
             when pick.first_new is null then 'duplicate' end,
        early.refund_id,
        case when early.payment_intent_id is not null then strftime('%Y-%m-%dT%H:%M:%fZ','now') end
      from (select
          (select bc.course_id from ${bundleCourses} bc where bc.bundle_id = ${id} and not ${owned(sql`bc.course_id`)}
            order by bc.position, bc.course_id limit 1) as first_new,
          (select coalesce(sum(c.price_cents), 0) from ${bundleCourses} bc join ${courses} c on c.id = bc.course_id
            where bc.bundle_id = ${id} and ${owned(sql`bc.course_id`)}) as owned_list,
          (select coalesce(sum(c.price_cents), 0) from ${bundleCourses} bc join ${courses} c on c.id = bc.course_id
            where bc.bundle_id = ${id}) as total_list) pick
      left join ${paymentRefunds} early on early.payment_intent_id = ${intent.id} and early.refunded_cents >= ${amountCents}
      where not exists (select 1 from ${enrollments} recorded where recorded.payment_intent_id = ${intent.id})
      on conflict (payment_intent_id) do nothing
      returning id, status, created_at, refund_reason, credit_cents`,
    // The other courses it opens, read against the same ownership (same transaction); only at the first recording.
    sql`
      insert into ${enrollments} (course_id, payment_intent_id, amount_cents, currency, email, name, source, medium, campaign, bundle_id, order_id, status)
      select bc.course_id, o.payment_intent_id || '#course-' || bc.course_id, 0, o.currency, o.email, o.name, o.source, o.medium, o.campaign, o.bundle_id, o.id, 'paid'
      from ${enrollments} o join ${bundleCourses} bc on bc.bundle_id = o.bundle_id
      where o.payment_intent_id = ${intent.id} and o.order_id is null and o.status = 'paid' and bc.course_id <> o.course_id
        and not exists (select 1 from ${enrollments} child where child.order_id = o.id)
        and not ${owned(sql`bc.course_id`)}
      order by bc.position, bc.course_id
      on conflict (payment_intent_id) do nothing`,
  ]);
  const inserted = (first?.results ?? []) as InsertedEnrollment[];
  const order = await db.select().from(enrollments).where(eq(enrollments.paymentIntentId, intent.id)).get();
  if (!order) throw new Error(`The order of payment ${intent.id} is missing right after it was stored`);
  if (inserted[0]?.status === "paid") {
    await markContentChanged(db);
    if (email) {
      const opened = await db
        .select({ courseId: enrollments.courseId })
        .from(enrollments)
        .where(or(eq(enrollments.id, order.id), eq(enrollments.orderId, order.id)));
      const openedIds = new Set(opened.map((row) => row.courseId));
      await sendReceipt(db, {
        enrollmentId: order.id,
        paidAt: order.createdAt,
        courseId: order.courseId,
        email,
        amountCents,
        currency: intent.currency,
        origin,
        couponCode: null,
        discountCents: 0,
        bundle: {
          title: bundle?.title ?? "your bundle",
          opened: list.filter((course) => openedIds.has(course.id)).map((course) => course.title),
          owned: list.filter((course) => !openedIds.has(course.id)).map((course) => course.title),
          creditCents: order.creditCents,
        },
      });
    }
  } else if (inserted[0]?.status === "refunded") {
    await sendRefundMail(db, order, origin, new Date());
  }
  let refundPending = false;
  if (order.status === "refund-due") refundPending = !(await settleAutomaticRefund(deps, order));
  else if (order.status === "paid" && order.creditCents > 0 && order.creditRefundId === null) {
    refundPending = !(await settleBundleCredit(deps, order));
  }
  if (order.refundReason === "price-mismatch") throw new PaymentRefundedError("price-mismatch", refundPending, order.id);
  return {
    id: order.id,
    courseId: order.courseId,
    email: order.email,
    status: order.status === "refund-due" && !refundPending ? "refunded" : order.status,
    createdAt: order.createdAt,
    refundReason: order.refundReason,
    duplicate: order.refundReason === "duplicate",
    refundPending,
    // Bundles are not given (docs/payments.md, "Gifts").
    gift: null,
    bundleTitle: bundle?.title ?? "your bundle",
  };
}

/** The partial refund of a bundle's credit: once (idempotency key), its id kept on the order. False when Stripe could not. */
async function settleBundleCredit({ db, stripe }: PaymentDeps, order: EnrollmentRow) {
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: order.paymentIntentId,
        amount: order.creditCents,
        reason: "duplicate",
        metadata: { enrollmentId: String(order.id), automatic: BUNDLE_CREDIT },
      },
      { idempotencyKey: `${BUNDLE_CREDIT}-${order.paymentIntentId}` },
    );
    if (refund.status === "failed" || refund.status === "canceled") return false;
    await db
      .update(enrollments)
      .set({ creditRefundId: refund.id })
      .where(and(eq(enrollments.id, order.id), isNull(enrollments.creditRefundId)));
    logEvent("info", "payment.bundle_credit_refunded", {
      paymentIntent: order.paymentIntentId,
      enrollmentId: order.id,
      cents: order.creditCents,
    });
    return true;
  } catch (error) {
    logEvent("error", "payment.refund_deferred", { paymentIntent: order.paymentIntentId, reason: BUNDLE_CREDIT, error: shortError(error) });
    return false;
  }
}
