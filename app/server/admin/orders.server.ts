/**
 * The admin's Orders: who bought what (an order is an enrolment: one PaymentIntent, one course), filtered by
 * course, status and date; one order's payment, progress and e-mails; refunds through Stripe; new access links.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type Stripe from "stripe";
import {
  bundles,
  certificates,
  courseModules,
  courses,
  enrollments,
  gifts,
  lessonProgress,
  lessons,
  mailLog,
  orderRefunds,
  paymentRefunds,
  unmatchedPayments,
} from "../../../db/schema";
import { formatMoney, orderReference } from "~/lib/format";
import { markContentChanged } from "../core/cache.server";
import { REFUND_WINDOW_DAYS, type OrderFilters } from "~/lib/admin-schemas";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";
import { RECEIPT_LINK_TTL_MINUTES, accessUrl, grantsAccess, issueAccessToken } from "../learning/learner.server";
import { mailStatusReason, renderLoggedMail, sendEmail } from "../mail/mail.server";
import { toCsv } from "../core/csv.server";
import { giftOfOrder } from "../payments/gifts.server";
import { markEnrollmentRefunded, retryAutomaticRefund, sendPartialRefundMail } from "../payments/payments.server";

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
    refundedCents: enrollments.refundedCents,
    /** A gift (docs/payments.md, "Gifts"): the order's address is then the recipient's, not the buyer's. */
    isGift: sql<number>`exists (select 1 from ${gifts} where ${gifts.enrollmentId} = ${enrollments.id})`,
    /** A bundle's order (docs/payments.md, "Bundles"): its title, and what was refunded at once for courses already owned. */
    bundleId: enrollments.bundleId,
    bundle: bundles.title,
    creditCents: enrollments.creditCents,
    status: enrollments.status,
    keepAccess: enrollments.keepAccess,
    refundReason: enrollments.refundReason,
    createdAt: enrollments.createdAt,
    ...progressColumns(),
  };
}

/** The Orders page's filters (course, status, date range) as a WHERE clause, shared by the list and its CSV. */
function orderFilter(filters: OrderFilters) {
  // One row per order: the courses a bundle opened besides its first are rows of their own, shown on the order's page.
  const where: SQL[] = [isNull(enrollments.orderId)];
  if (filters.course) {
    const course = filters.course;
    where.push(
      sql`(${enrollments.courseId} = ${course} or exists (select 1 from ${enrollments} opened where opened.order_id = ${enrollments.id} and opened.course_id = ${course}))`,
    );
  }
  if (filters.status) where.push(eq(enrollments.status, filters.status));
  if (filters.from) where.push(gte(enrollments.createdAt, filters.from));
  if (filters.to) where.push(lt(enrollments.createdAt, nextDay(filters.to)));
  return and(...where);
}

/** Newest first (at most 500), each with its buyer's progress, filtered as the URL says (one query). */
export async function listOrders(db: Database, filters: OrderFilters = {}) {
  return db
    .select(orderColumns())
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .leftJoin(bundles, eq(bundles.id, enrollments.bundleId))
    .where(orderFilter(filters))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
    .limit(ORDER_LIST_LIMIT);
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The Orders CSV for the accountant: every order the filters select (no 500 cap), oldest first, one row each with
 * list price, coupon, discount, paid, refunded and net (paid less refunded) in the currency's units, and the file name.
 * Cells go through `toCsv`, which neutralises formulas (a buyer's name or a coupon code starting with =, +, -, @).
 */
export async function ordersCsv(db: Database, filters: OrderFilters = {}) {
  const rows = await db
    .select({
      id: enrollments.id,
      createdAt: enrollments.createdAt,
      email: enrollments.email,
      // "course or bundle": a bundle's order is one row, named by the bundle.
      course: sql<string>`coalesce(${bundles.title}, ${courses.title})`,
      amountCents: enrollments.amountCents,
      discountCents: enrollments.discountCents,
      refundedCents: enrollments.refundedCents,
      couponCode: enrollments.couponCode,
      currency: enrollments.currency,
      status: enrollments.status,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .leftJoin(bundles, eq(bundles.id, enrollments.bundleId))
    .where(orderFilter(filters))
    .orderBy(asc(enrollments.createdAt), asc(enrollments.id));
  const header = [
    "date",
    "reference",
    "email",
    "course",
    "list price",
    "coupon",
    "discount",
    "paid",
    "refunded",
    "net",
    "currency",
    "status",
  ];
  const body = rows.map((row) => [
    row.createdAt.slice(0, 10),
    orderReference(row.id),
    row.email,
    row.course,
    dollars(row.amountCents + row.discountCents),
    row.couponCode ?? "",
    dollars(row.discountCents),
    dollars(row.amountCents),
    dollars(row.refundedCents),
    dollars(row.amountCents - row.refundedCents),
    row.currency.toUpperCase(),
    row.status,
  ]);
  const range = [filters.from ?? "all", filters.to ?? new Date().toISOString().slice(0, 10)].join("-to-");
  return { fileName: `orders-${range}.csv`, body: toCsv([header, ...body]) };
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
      creditRefundId: enrollments.creditRefundId,
      hasAccess: sql<number>`(${grantsAccess()})`,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .leftJoin(bundles, eq(bundles.id, enrollments.bundleId))
    .where(eq(enrollments.id, id))
    .get();
  if (!order) return null;
  // A bundle's order: every course it opened (its own row's and its other rows'), and whether each still opens.
  const bundleCourses =
    order.bundleId === null
      ? []
      : await db
          .select({ id: courses.id, title: courses.title, hasAccess: sql<number>`(${grantsAccess()})` })
          .from(enrollments)
          .innerJoin(courses, eq(courses.id, enrollments.courseId))
          .where(or(eq(enrollments.id, order.id), eq(enrollments.orderId, order.id)))
          .orderBy(enrollments.id);
  const [certificate, emails, refunds] = await db.batch([
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
    db
      .select({
        id: orderRefunds.id,
        amountCents: orderRefunds.amountCents,
        reason: orderRefunds.reason,
        removeAccess: orderRefunds.removeAccess,
        status: orderRefunds.status,
        stripeRefundId: orderRefunds.stripeRefundId,
        createdBy: orderRefunds.createdBy,
        createdAt: orderRefunds.createdAt,
      })
      .from(orderRefunds)
      .where(eq(orderRefunds.enrollmentId, id))
      .orderBy(asc(orderRefunds.id)),
  ]);
  return {
    ...order,
    gift: order.isGift ? await giftOfOrder(db, order.id) : null,
    hasAccess: Boolean(order.hasAccess),
    bundleCourses: bundleCourses.map((course) => ({ ...course, hasAccess: Boolean(course.hasAccess) })),
    certificate: certificate[0] ?? null,
    refunds,
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
  input: { enrollmentId: number; keepAccess: boolean; reason?: string; by?: string },
): Promise<{ refundId: string; email: string; transitioned: boolean; automatic: boolean }> {
  const { db, stripe } = deps;
  const order = await db
    .select({
      id: enrollments.id,
      email: enrollments.email,
      status: enrollments.status,
      paymentIntentId: enrollments.paymentIntentId,
      amountCents: enrollments.amountCents,
      refundedCents: enrollments.refundedCents,
      orderId: enrollments.orderId,
      refundedAt: enrollments.refundedAt,
    })
    .from(enrollments)
    .where(eq(enrollments.id, input.enrollmentId))
    .get();
  if (!order) throw new HttpError(404, "Order not found.");
  // A course opened by a bundle is refunded with its bundle, never alone (docs/payments.md, "Bundles").
  if (order.orderId !== null)
    throw new HttpError(409, `This course was bought in a bundle: refund its order ${orderReference(order.orderId)}.`);
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
  // The rest of the payment (all of it, unless part was refunded already), reserved by one conditional UPDATE so that
  // a double submit or a partial refund racing this one cannot refund more than was paid. The access choice is stored
  // with it, so that a webhook arriving before Stripe's answer applies it.
  const rest = order.amountCents - order.refundedCents;
  const [reserved] = await db
    .update(enrollments)
    .set({ refundedCents: sql`${enrollments.amountCents}`, keepAccess: input.keepAccess })
    .where(and(eq(enrollments.id, order.id), eq(enrollments.status, "paid"), eq(enrollments.refundedCents, order.refundedCents)))
    .returning({ id: enrollments.id });
  if (!reserved) throw new HttpError(409, "Another refund of this order is being made or was just made: reload the page to see it.");
  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      {
        payment_intent: order.paymentIntentId,
        amount: rest,
        reason: "requested_by_customer",
        metadata: { enrollmentId: String(order.id) },
      },
      {
        idempotencyKey:
          order.refundedCents === 0 ? `refund-enrollment-${order.id}` : `refund-enrollment-${order.id}-rest-${order.refundedCents}`,
      },
    );
  } catch (error) {
    // Nothing was refunded: the reservation is released and the choice goes back to the default, so a later refund
    // made in Stripe removes access.
    await releaseReservation(db, order.id, rest, { keepAccess: false });
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
  await db
    .insert(orderRefunds)
    .values({
      enrollmentId: order.id,
      amountCents: refund.amount,
      reason: input.reason ?? "Full refund",
      removeAccess: !input.keepAccess,
      status: "succeeded",
      stripeRefundId: refund.id,
      createdBy: input.by ?? "admin",
    })
    .onConflictDoNothing();
  const row = await markEnrollmentRefunded(db, {
    paymentIntentId: order.paymentIntentId,
    refundId: refund.id,
    refundedCents: order.amountCents,
    origin: deps.origin,
  });
  return { refundId: refund.id, email: order.email, transitioned: row !== null, automatic: false };
}

/**
 * Gives back a reservation of `refunded_cents` that Stripe did not refund, never below what Stripe says it refunded
 * (`payment_refunds`, from `charge.amount_refunded`): that part is gone whoever asked for it.
 */
async function releaseReservation(db: Database, enrollmentId: number, cents: number, set: { keepAccess?: boolean } = {}) {
  await db
    .update(enrollments)
    .set({
      ...set,
      refundedCents: sql`max(${enrollments.refundedCents} - ${cents}, coalesce((select ${paymentRefunds.refundedCents} from ${paymentRefunds}
        where ${paymentRefunds.paymentIntentId} = ${enrollments.paymentIntentId}), 0), 0)`,
    })
    .where(eq(enrollments.id, enrollmentId));
}

/**
 * "Refund part": `amountCents` (at most what remains: paid less refunded) back through Stripe, with a reason. The amount
 * is reserved first by one conditional UPDATE (`refunded_cents + amount <= amount_cents`): D1 has no interactive
 * transactions, but each statement is atomic, so refunds racing each other never add up to more than was paid; the
 * reservation is released when Stripe refuses. Access stays unless `removeAccess`. The buyer gets a partial-refund
 * e-mail; a refund that brings the total to the amount paid makes the order refunded, as a full refund does.
 */
export async function refundPart(
  deps: { db: Database; stripe: Stripe; origin?: string },
  input: { enrollmentId: number; amountCents: number; reason: string; removeAccess: boolean; by: string },
): Promise<{ refundId: string; email: string; currency: string; refundedCents: number; remainingCents: number; accessRemoved: boolean }> {
  const { db, stripe } = deps;
  const order = await db
    .select({
      id: enrollments.id,
      email: enrollments.email,
      courseId: enrollments.courseId,
      status: enrollments.status,
      paymentIntentId: enrollments.paymentIntentId,
      amountCents: enrollments.amountCents,
      refundedCents: enrollments.refundedCents,
      currency: enrollments.currency,
      keepAccess: enrollments.keepAccess,
      orderId: enrollments.orderId,
    })
    .from(enrollments)
    .where(eq(enrollments.id, input.enrollmentId))
    .get();
  if (!order) throw new HttpError(404, "Order not found.");
  if (order.orderId !== null)
    throw new HttpError(409, `This course was bought in a bundle: refund its order ${orderReference(order.orderId)}.`);
  if (order.status === "refund-due") {
    throw new HttpError(409, "This payment is being refunded in full automatically: retry that refund instead.");
  }
  const tooMuch = (refunded: number) => {
    const left = order.amountCents - refunded;
    return left <= 0
      ? new HttpError(409, "This order is already refunded in full: nothing more was refunded.")
      : new HttpError(
          400,
          `At most ${formatMoney(left, order.currency)} remains to be refunded on this order (${formatMoney(refunded, order.currency)} of ${formatMoney(order.amountCents, order.currency)} already refunded): nothing was refunded.`,
        );
  };
  if (order.refundedCents + input.amountCents > order.amountCents) throw tooMuch(order.refundedCents);
  // The history's row first (its id is Stripe's idempotency key), then the reservation.
  const [record] = await db
    .insert(orderRefunds)
    .values({
      enrollmentId: order.id,
      amountCents: input.amountCents,
      reason: input.reason,
      removeAccess: input.removeAccess,
      createdBy: input.by,
    })
    .returning({ id: orderRefunds.id });
  if (!record) throw new Error("The refund could not be recorded.");
  const [reserved] = await db
    .update(enrollments)
    .set({ refundedCents: sql`${enrollments.refundedCents} + ${input.amountCents}` })
    .where(
      and(
        eq(enrollments.id, order.id),
        inArray(enrollments.status, ["paid", "refunded"]),
        sql`${enrollments.refundedCents} + ${input.amountCents} <= ${enrollments.amountCents}`,
      ),
    )
    .returning({ refundedCents: enrollments.refundedCents, status: enrollments.status });
  if (!reserved) {
    // Another refund took what remained meanwhile.
    await db.delete(orderRefunds).where(eq(orderRefunds.id, record.id));
    const now = await db.select({ refundedCents: enrollments.refundedCents }).from(enrollments).where(eq(enrollments.id, order.id)).get();
    throw tooMuch(now?.refundedCents ?? order.amountCents);
  }
  const completes = reserved.refundedCents >= order.amountCents;
  // A refund that completes a paid order ends in the refunded transition: the access choice goes first (as for a full
  // refund), so that a webhook arriving before Stripe's answer applies it.
  if (completes && reserved.status === "paid") {
    await db
      .update(enrollments)
      .set({ keepAccess: !input.removeAccess })
      .where(and(eq(enrollments.id, order.id), eq(enrollments.status, "paid")));
  }
  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      {
        payment_intent: order.paymentIntentId,
        amount: input.amountCents,
        reason: "requested_by_customer",
        metadata: { enrollmentId: String(order.id), orderRefundId: String(record.id) },
      },
      { idempotencyKey: `order-refund-${record.id}` },
    );
    if (refund.status === "failed" || refund.status === "canceled") {
      throw new HttpError(502, `Stripe could not make this refund (refund ${refund.id} is ${refund.status}).`);
    }
  } catch (error) {
    await releaseReservation(
      db,
      order.id,
      input.amountCents,
      completes && reserved.status === "paid" ? { keepAccess: order.keepAccess } : {},
    );
    await db.update(orderRefunds).set({ status: "failed" }).where(eq(orderRefunds.id, record.id));
    if (error instanceof HttpError) throw error;
    const stripeError = error as { type?: string; message?: string };
    if (typeof stripeError.type === "string" && stripeError.type.startsWith("Stripe")) {
      throw new HttpError(502, `Stripe refused the refund: ${stripeError.message ?? "no reason given"}`);
    }
    throw error;
  }
  await db.update(orderRefunds).set({ status: "succeeded", stripeRefundId: refund.id }).where(eq(orderRefunds.id, record.id));
  const remainingCents = Math.max(0, order.amountCents - reserved.refundedCents);
  if (completes && reserved.status === "paid") {
    // The whole payment is back: the one transition to refunded, and its refund notice.
    await markEnrollmentRefunded(db, {
      paymentIntentId: order.paymentIntentId,
      refundId: refund.id,
      refundedCents: order.amountCents,
      origin: deps.origin,
    });
    return {
      refundId: refund.id,
      email: order.email,
      currency: order.currency,
      refundedCents: refund.amount,
      remainingCents,
      accessRemoved: input.removeAccess,
    };
  }
  let accessRemoved = reserved.status === "refunded" && !order.keepAccess;
  if (input.removeAccess) {
    // Access ends now: the order stops granting it (status refunded, nothing kept), though part of it stays paid.
    const [ended] = await db
      .update(enrollments)
      .set({ status: "refunded", keepAccess: false, refundId: refund.id, refundedAt: new Date().toISOString() })
      .where(and(eq(enrollments.id, order.id), inArray(enrollments.status, ["paid", "refunded"])))
      .returning({ id: enrollments.id });
    if (ended) {
      accessRemoved = true;
      await markContentChanged(db);
    }
  }
  await sendPartialRefundMail(db, order, { refundedCents: refund.amount, remainingCents, keepAccess: !accessRemoved, origin: deps.origin });
  return { refundId: refund.id, email: order.email, currency: order.currency, refundedCents: refund.amount, remainingCents, accessRemoved };
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
