/**
 * The admin's Orders: who bought what (an order is an enrolment: one PaymentIntent, one course), filtered by
 * course, status and date; one order's payment, progress and e-mails; refunds through Stripe; new access links.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type Stripe from "stripe";
import {
  certificates,
  courseModules,
  courses,
  enrollments,
  gifts,
  lessonProgress,
  lessons,
  mailLog,
  unmatchedPayments,
} from "../../../db/schema";
import { REFUND_WINDOW_DAYS, type OrderFilters } from "~/lib/admin-schemas";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";
import { RECEIPT_LINK_TTL_MINUTES, accessUrl, grantsAccess, issueAccessToken } from "../learning/learner.server";
import { mailStatusReason, renderLoggedMail, sendEmail } from "../mail/mail.server";
import { giftOfOrder } from "../payments/gifts.server";
import { markEnrollmentRefunded, retryAutomaticRefund } from "../payments/payments.server";

const ORDER_LIST_LIMIT = 500;

/** The day after `day` (YYYY-MM-DD), for an inclusive "to" filter over ISO timestamps. */
function nextDay(day: string) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Lessons of the order's course, and those its buyer completed: correlated subqueries over the outer enrolment. */
export function progressColumns() {
  const totalLessons = sql<number>`(select count(*) from ${lessons} inner join ${courseModules} on ${courseModules.id} = ${lessons.moduleId}
    where ${courseModules.courseId} = ${enrollments.courseId})`;
  const completedLessons = sql<number>`(select count(${lessonProgress.completedAt}) from ${lessonProgress}
    where ${lessonProgress.email} = ${enrollments.email} and ${lessonProgress.courseId} = ${enrollments.courseId})`;
  return { totalLessons, completedLessons };
}

/** What the list and the order's page both show of an order (over enrolments joined to their course). */
function orderColumns() {
  return {
    id: enrollments.id,
    email: enrollments.email,
    name: enrollments.name,
    courseId: enrollments.courseId,
    course: courses.title,
    amountCents: enrollments.amountCents,
    currency: enrollments.currency,
    couponCode: enrollments.couponCode,
    discountCents: enrollments.discountCents,
    /** A gift (docs/payments.md, "Gifts"): the order's address is then the recipient's, not the buyer's. */
    isGift: sql<number>`exists (select 1 from ${gifts} where ${gifts.enrollmentId} = ${enrollments.id})`,
    status: enrollments.status,
    keepAccess: enrollments.keepAccess,
    refundReason: enrollments.refundReason,
    createdAt: enrollments.createdAt,
    ...progressColumns(),
  };
}

/** Newest first (at most 500), each with its buyer's progress, filtered as the URL says (one query). */
export async function listOrders(db: Database, filters: OrderFilters = {}) {
  const where: SQL[] = [];
  if (filters.course) where.push(eq(enrollments.courseId, filters.course));
  if (filters.status) where.push(eq(enrollments.status, filters.status));
  if (filters.from) where.push(gte(enrollments.createdAt, filters.from));
  if (filters.to) where.push(lt(enrollments.createdAt, nextDay(filters.to)));
  return db
    .select(orderColumns())
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(...where))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
    .limit(ORDER_LIST_LIMIT);
}

/**
 * Succeeded payments for a course that no longer exists: refunded at once and kept apart (no order can reference a
 * deleted course), newest first, for the Orders page.
 */
export function listUnmatchedPayments(db: Database) {
  return db.select().from(unmatchedPayments).orderBy(desc(unmatchedPayments.createdAt)).limit(ORDER_LIST_LIMIT);
}

/** The courses, for the list's course filter. */
export function orderCourseChoices(db: Database) {
  return db.select({ id: courses.id, title: courses.title }).from(courses).orderBy(courses.title);
}

/** Whether `paidAt` is within the legal page's refund window at `now`, and the day it ends. */
export function refundWindow(paidAt: string, now = new Date()) {
  const endsAt = new Date(Date.parse(paidAt) + REFUND_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  return { within: now.getTime() <= endsAt.getTime(), endsAt: endsAt.toISOString() };
}

/** One order with its payment, its buyer's progress and certificate, and the e-mails sent to the buyer (newest first). */
export async function getOrder(db: Database, id: number, now = new Date()) {
  const order = await db
    .select({
      ...orderColumns(),
      paymentIntentId: enrollments.paymentIntentId,
      refundId: enrollments.refundId,
      refundedAt: enrollments.refundedAt,
      hasAccess: sql<number>`(${grantsAccess()})`,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, id))
    .get();
  if (!order) return null;
  const [certificate, emails] = await db.batch([
    db
      .select({ id: certificates.id, issuedAt: certificates.issuedAt })
      .from(certificates)
      .where(and(eq(certificates.email, order.email), eq(certificates.courseId, order.courseId))),
    db
      .select({
        id: mailLog.id,
        subject: mailLog.subject,
        kind: mailLog.kind,
        data: mailLog.data,
        status: mailLog.status,
        lastError: mailLog.lastError,
        deferredUntil: mailLog.deferredUntil,
        createdAt: mailLog.createdAt,
        sentAt: mailLog.sentAt,
      })
      .from(mailLog)
      .where(eq(mailLog.to, order.email))
      .orderBy(desc(mailLog.createdAt), desc(mailLog.id))
      .limit(50),
  ]);
  return {
    ...order,
    gift: order.isGift ? await giftOfOrder(db, order.id) : null,
    hasAccess: Boolean(order.hasAccess),
    certificate: certificate[0] ?? null,
    emails: order.email ? await Promise.all(emails.map((mail) => orderMail(db, mail))) : [],
    refundWindow: refundWindow(order.createdAt, now),
  };
}

/**
 * A mail to the buyer as the order page shows it: its status, why it was not delivered (in words, for a failed,
 * bounced, complained or suppressed one: "a suppressed recipient is shown on the order page"), and its text rendered
 * again from its data (bodies are not stored; null when it cannot be).
 */
async function orderMail<T extends { kind: string; data: unknown; status: string; lastError: string | null }>(db: Database, row: T) {
  const { data, lastError, ...mail } = row;
  const rendered = await renderLoggedMail(db, { kind: mail.kind, data });
  return { ...mail, reason: mailStatusReason(mail.status, lastError), text: rendered?.text ?? null };
}

/**
 * "Refund": the full amount paid (from D1, never from the form) back through Stripe, once. The admin's access choice is
 * stored first, so that a webhook arriving before Stripe's answer applies it; the idempotency key is the enrolment's
 * own, so a double submit gets Stripe's first refund back rather than a second one. The e-mail goes out from
 * `markEnrollmentRefunded`, by whichever of this call and the webhook makes the transition.
 */
export async function refundOrder(
  deps: { db: Database; stripe: Stripe; origin?: string },
  input: { enrollmentId: number; keepAccess: boolean },
): Promise<{ refundId: string; email: string; transitioned: boolean; automatic: boolean }> {
  const { db, stripe } = deps;
  const order = await db
    .select({
      id: enrollments.id,
      email: enrollments.email,
      status: enrollments.status,
      paymentIntentId: enrollments.paymentIntentId,
      amountCents: enrollments.amountCents,
      refundedAt: enrollments.refundedAt,
    })
    .from(enrollments)
    .where(eq(enrollments.id, input.enrollmentId))
    .get();
  if (!order) throw new HttpError(404, "Order not found.");
  if (order.status === "refunded") throw new HttpError(409, alreadyRefundedMessage(order.refundedAt));
  if (order.status === "refund-due") {
    // An automatic refund Stripe could not make yet: the admin retries that very refund (same idempotency key).
    const retried = await retryAutomaticRefund(deps, order.paymentIntentId);
    if (!retried.refunded)
      throw new HttpError(
        502,
        "Stripe could not make the automatic refund yet; it is retried with each delivery of the payment's webhook.",
      );
    return { refundId: retried.refundId ?? "", email: order.email, transitioned: true, automatic: true };
  }
  await db
    .update(enrollments)
    .set({ keepAccess: input.keepAccess })
    .where(and(eq(enrollments.id, order.id), eq(enrollments.status, "paid")));
  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      {
        payment_intent: order.paymentIntentId,
        amount: order.amountCents,
        reason: "requested_by_customer",
        metadata: { enrollmentId: String(order.id) },
      },
      { idempotencyKey: `refund-enrollment-${order.id}` },
    );
  } catch (error) {
    // Nothing was refunded: the choice goes back to the default, so a later refund made in Stripe removes access.
    await db
      .update(enrollments)
      .set({ keepAccess: false })
      .where(and(eq(enrollments.id, order.id), eq(enrollments.status, "paid")));
    const stripeError = error as { type?: string; code?: string; message?: string };
    if (stripeError.code === "charge_already_refunded") {
      throw new HttpError(409, "Stripe says this payment was already refunded; its webhook will mark the order refunded.");
    }
    if (typeof stripeError.type === "string" && stripeError.type.startsWith("Stripe")) {
      throw new HttpError(502, `Stripe refused the refund: ${stripeError.message ?? "no reason given"}`);
    }
    throw error;
  }
  if (refund.status === "failed" || refund.status === "canceled") {
    throw new HttpError(502, `Stripe could not refund this payment (refund ${refund.id} is ${refund.status}).`);
  }
  const row = await markEnrollmentRefunded(db, {
    paymentIntentId: order.paymentIntentId,
    refundId: refund.id,
    refundedCents: refund.amount,
    origin: deps.origin,
  });
  return { refundId: refund.id, email: order.email, transitioned: row !== null, automatic: false };
}

function alreadyRefundedMessage(refundedAt: string | null) {
  return refundedAt
    ? `This order was already refunded on ${refundedAt.slice(0, 10)}: nothing more was refunded.`
    : "This order was already refunded: nothing more was refunded.";
}

/** "Resend access link": a fresh single-use link (valid as long as a receipt's) to the order's buyer. */
export async function resendAccessLink(db: Database, enrollmentId: number, origin: string) {
  const row = await db
    .select({
      email: enrollments.email,
      courseId: enrollments.courseId,
      course: courses.title,
      hasAccess: sql<number>`(${grantsAccess()})`,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, enrollmentId))
    .get();
  if (!row) throw new HttpError(404, "Order not found.");
  if (!row.email) throw new HttpError(400, "This order has no email address (it was made before buyers were asked for one).");
  if (!row.hasAccess) throw new HttpError(400, "This order was refunded and its access removed, so a link would open nothing.");
  const token = await issueAccessToken(db, { email: row.email, courseId: row.courseId, ttlMinutes: RECEIPT_LINK_TTL_MINUTES });
  const data = { accessUrl: accessUrl(origin, token), courses: [row.course], expiresInMinutes: RECEIPT_LINK_TTL_MINUTES };
  await sendEmail({ to: row.email, kind: "access-link", data });
  return { email: row.email };
}
