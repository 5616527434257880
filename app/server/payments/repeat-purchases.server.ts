/**
 * A repeat purchase: a payment for a course the address already had (ADR 0008). It is honoured as a paid order like any
 * other (so the return page and its session are the same for every address), and only the inbox is told: its receipt
 * says the address had the course and carries a link that refunds this order. The token is the credential (only that
 * inbox has it; its SHA-256 is `enrollments.refund_link_hash`); the link works while the order is paid, for
 * `REPEAT_REFUND_DAYS` after the payment. A refund from it is a full refund without access, so the session started on
 * the return page (which holds only this order's grants) closes, like any refund's.
 */
import { and, eq, sql } from "drizzle-orm";
import { courses, enrollments, orderRefunds } from "../../../db/schema";
import { formatMoney, orderReference } from "~/lib/format";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";
import { logEvent, shortError } from "../core/log.server";
import { hashToken, isWellFormedToken } from "../core/session-tokens.server";
import { type PaymentDeps, markEnrollmentRefunded } from "./payments.server";
import { REPEAT_REFUND_DAYS } from "./repeat-refund-links.server";

/** `refund_reason` of an order refunded from its receipt's link. */
export const REPEAT_REFUND_REASON = "repeat-purchase";

const DAY_MS = 24 * 60 * 60 * 1000;

export type RepeatPurchase = {
  orderReference: string;
  courseTitle: string;
  amount: string;
  paidAt: string;
  /** "open": it can be refunded; "refunded": it was; "closed": past the window, or refunded in part by the site. */
  state: "open" | "refunded" | "closed";
};

async function orderOfToken(db: Database, token: string | undefined) {
  if (!token || !isWellFormedToken(token)) return undefined;
  return db
    .select({ order: enrollments, courseTitle: courses.title })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.refundLinkHash, await hashToken(token)))
    .get();
}

function stateOf(order: typeof enrollments.$inferSelect, now: Date): RepeatPurchase["state"] {
  if (order.status === "refunded") return "refunded";
  const open =
    order.status === "paid" && order.refundedCents === 0 && now.getTime() - Date.parse(order.createdAt) < REPEAT_REFUND_DAYS * DAY_MS;
  return open ? "open" : "closed";
}

/** The order a refund link names, for its page; null for an unknown token. */
export async function repeatPurchaseByToken(db: Database, token: string | undefined, now = new Date()): Promise<RepeatPurchase | null> {
  const row = await orderOfToken(db, token);
  if (!row) return null;
  return {
    orderReference: orderReference(row.order.id),
    courseTitle: row.courseTitle,
    amount: formatMoney(row.order.amountCents, row.order.currency),
    paidAt: row.order.createdAt,
    state: stateOf(row.order, now),
  };
}

/**
 * "Refund it": a full refund of the repeat order through Stripe (idempotency key `repeat-<payment intent>`, so a double
 * click refunds once), then the shared transition to `refunded` (`markEnrollmentRefunded`, which sends the refund
 * e-mail), access removed. 404 for an unknown link, 409 once refunded or past its window, 502 when Stripe refuses.
 */
export async function refundRepeatPurchase({ db, stripe, origin }: PaymentDeps, token: string | undefined, now = new Date()) {
  const row = await orderOfToken(db, token);
  if (!row) throw new HttpError(404, "This refund link doesn't work. It may have been mistyped.");
  const { order } = row;
  const state = stateOf(order, now);
  if (state === "refunded") throw new HttpError(409, "This payment has already been refunded.");
  if (state === "closed") {
    throw new HttpError(
      409,
      `This link works for ${REPEAT_REFUND_DAYS} days after the payment. To ask for a refund now, reply to your receipt.`,
    );
  }
  let refundId: string;
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: order.paymentIntentId,
        amount: order.amountCents,
        reason: "duplicate",
        metadata: { enrollmentId: String(order.id), automatic: REPEAT_REFUND_REASON },
      },
      { idempotencyKey: `repeat-${order.paymentIntentId}` },
    );
    if (refund.status === "failed" || refund.status === "canceled") throw new Error(`refund ${refund.id} ${refund.status}`);
    refundId = refund.id;
  } catch (error) {
    logEvent("error", "payment.refund_failed", {
      paymentIntent: order.paymentIntentId,
      reason: REPEAT_REFUND_REASON,
      error: shortError(error),
    });
    throw new HttpError(502, "The refund could not be made just now. Please try again in a few minutes.");
  }
  await db
    .insert(orderRefunds)
    .values({
      enrollmentId: order.id,
      amountCents: order.amountCents,
      reason: "Bought again by mistake: refunded from the receipt's link",
      removeAccess: true,
      status: "succeeded",
      stripeRefundId: refundId,
      createdBy: "buyer",
    })
    .onConflictDoNothing();
  await markEnrollmentRefunded(db, { paymentIntentId: order.paymentIntentId, refundId, refundedCents: order.amountCents, origin }, now);
  // Whoever made the transition (this call, or Stripe's refund event first), the Orders page says why.
  await db
    .update(enrollments)
    .set({ refundReason: REPEAT_REFUND_REASON })
    .where(and(eq(enrollments.id, order.id), eq(enrollments.status, "refunded"), sql`${enrollments.refundReason} is null`));
  logEvent("info", "payment.repeat_refunded", { enrollmentId: order.id, paymentIntent: order.paymentIntentId });
}
