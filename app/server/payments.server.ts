/**
 * Course payments. The amount always comes from the database; an enrolment is recorded only after
 * Stripe itself says the PaymentIntent succeeded, and exactly once per PaymentIntent (unique in D1),
 * whether the return page or the webhook gets there first.
 */
import { and, eq, isNull, lte } from "drizzle-orm";
import type Stripe from "stripe";
import { courses, enrollments } from "../../db/schema";
import { orderReference } from "~/lib/format";
import { markContentChanged } from "./cache.server";
import { getCoursePriceCents } from "./courses.server";
import type { Database } from "./db.server";
import { receiptEmail, refundEmail } from "./emails.server";
import { HttpError, readTextBody } from "./http.server";
import { RECEIPT_LINK_TTL_MINUTES, accessUrl, issueAccessToken, normaliseEmail, ownsCourse } from "./learner.server";
import { sendEmail } from "./mail.server";
import { sameText } from "./password.server";
import { getSiteSettings, siteSettings } from "./site.server";
import { webCrypto } from "./stripe.server";

/** `origin` is where the site is served, for the links in the receipt (see siteUrl in seo.server.ts). */
export type PaymentDeps = { db: Database; stripe: Stripe; origin?: string };

export const ALREADY_OWNED_MESSAGE =
  "This email address already has this course, so there is nothing to pay. We can email you a link to continue learning.";

export async function createPaymentIntentForCourse(
  { db, stripe }: PaymentDeps,
  input: { courseId: number; amount: number; email: string; name?: string; attemptId?: string },
) {
  const priceCents = await getCoursePriceCents(db, input.courseId);
  if (priceCents === undefined) throw new HttpError(404, "Course not found.");
  if (Math.round(input.amount * 100) !== priceCents) {
    throw new HttpError(
      400,
      `The amount does not match the course price (${(priceCents / 100).toFixed(2)} USD). Reload the page and try again.`,
    );
  }
  const email = normaliseEmail(input.email);
  // Refused before anything is charged: the same person never pays twice for one course.
  if (await ownsCourse(db, email, input.courseId)) throw new HttpError(409, ALREADY_OWNED_MESSAGE);
  const attempt = input.attemptId ?? crypto.randomUUID();
  const intent = await stripe.paymentIntents.create(
    {
      amount: priceCents,
      currency: "usd",
      automatic_payment_methods: { enabled: true },
      receipt_email: email,
      metadata: { courseId: String(input.courseId), email, name: input.name ?? "" },
      description: `Course enrolment #${input.courseId}`,
    },
    // The same enrol-page attempt never creates two PaymentIntents, even if the request is retried.
    { idempotencyKey: `course-${input.courseId}-attempt-${attempt}` },
  );
  if (!intent.client_secret) throw new HttpError(502, "No client secret returned from the payment provider.");
  return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
}

/**
 * Records the enrolment for a succeeded PaymentIntent, once, with the buyer from its metadata. Checks
 * amount and currency against D1. The first recording sends the receipt with an access link.
 */
export async function recordEnrollmentForPaymentIntent(db: Database, intent: Stripe.PaymentIntent, origin = defaultOrigin()) {
  if (intent.status !== "succeeded") throw new HttpError(402, "This payment has not succeeded.");
  const courseId = Number(intent.metadata?.courseId);
  const priceCents = Number.isInteger(courseId) ? await getCoursePriceCents(db, courseId, { published: "any" }) : undefined;
  if (priceCents === undefined) throw new HttpError(400, "This payment is not for a known course.");
  if (intent.currency !== "usd" || (intent.amount_received || intent.amount) !== priceCents) {
    throw new HttpError(400, "This payment's amount does not match the course price.");
  }
  const email = normaliseEmail(intent.metadata?.email || intent.receipt_email || "");
  const amountCents = intent.amount_received || intent.amount;
  const inserted = await db
    .insert(enrollments)
    .values({
      courseId,
      paymentIntentId: intent.id,
      amountCents,
      currency: intent.currency,
      email,
      name: (intent.metadata?.name ?? "").trim(),
    })
    .onConflictDoNothing({ target: enrollments.paymentIntentId })
    .returning({ id: enrollments.id, createdAt: enrollments.createdAt });
  if (inserted.length > 0) {
    // Course pages show the enrolment count: a new enrolment makes the cached ones stale.
    await markContentChanged(db);
    if (email)
      await sendReceipt(db, {
        enrollmentId: inserted[0].id,
        paidAt: inserted[0].createdAt,
        courseId,
        email,
        amountCents,
        currency: intent.currency,
        origin,
      });
  }
  const row = await db
    .select({
      id: enrollments.id,
      courseId: enrollments.courseId,
      email: enrollments.email,
      status: enrollments.status,
      createdAt: enrollments.createdAt,
    })
    .from(enrollments)
    .where(eq(enrollments.paymentIntentId, intent.id))
    .get();
  if (!row) throw new Error(`The enrolment of payment ${intent.id} is missing right after it was stored`);
  return row;
}

function defaultOrigin() {
  return getSiteSettings().url.replace(/\/+$/, "") || "http://localhost";
}

/** The receipt: course, amount, date, order reference, an access link and the refund terms. */
async function sendReceipt(
  db: Database,
  input: { enrollmentId: number; paidAt: string; courseId: number; email: string; amountCents: number; currency: string; origin: string },
) {
  const course = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, input.courseId)).get();
  const token = await issueAccessToken(db, { email: input.email, courseId: input.courseId, ttlMinutes: RECEIPT_LINK_TTL_MINUTES });
  const site = await siteSettings(db);
  const message = receiptEmail({
    siteName: site.name,
    courseTitle: course?.title ?? "your course",
    amountCents: input.amountCents,
    currency: input.currency,
    paidAt: new Date(input.paidAt),
    orderReference: orderReference(input.enrollmentId),
    accessUrl: accessUrl(input.origin, token),
    learnUrl: `${input.origin}/learn`,
    contactEmail: site.email,
  });
  await sendEmail({ to: input.email, kind: "receipt", ...message });
}

/**
 * The one transition to "refunded", from the admin's refund or from Stripe's `charge.refunded` / `refund.*` webhook,
 * whichever comes first: a single conditional UPDATE (only a paid enrolment, only when the refund covers what was
 * paid), so exactly one caller gets the row back, and that caller alone queues the refund e-mail. Access follows
 * `keep_access`, which the admin's choice set before Stripe was asked (a refund made in Stripe's dashboard removes it).
 * Resolves to the enrolment when this call made the transition, null when it was already refunded (or unknown, or partial).
 */
export async function markEnrollmentRefunded(
  db: Database,
  input: { paymentIntentId: string; refundId: string | null; refundedCents: number; origin?: string },
  now = new Date(),
) {
  const [row] = await db
    .update(enrollments)
    .set({ status: "refunded", refundId: input.refundId, refundedAt: now.toISOString() })
    .where(
      and(
        eq(enrollments.paymentIntentId, input.paymentIntentId),
        eq(enrollments.status, "paid"),
        lte(enrollments.amountCents, input.refundedCents),
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
  if (row.email) {
    const course = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, row.courseId)).get();
    const site = await siteSettings(db);
    const origin = input.origin ?? defaultOrigin();
    const message = refundEmail({
      siteName: site.name,
      courseTitle: course?.title ?? "your course",
      amountCents: row.amountCents,
      currency: row.currency,
      refundedAt: now,
      orderReference: orderReference(row.id),
      keepAccess: row.keepAccess,
      learnUrl: `${origin}/learn`,
      contactEmail: site.email,
    });
    await sendEmail({ to: row.email, kind: "refund", ...message });
  }
  return row;
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
  return recordEnrollmentForPaymentIntent(db, intent, origin);
}

/**
 * Stripe objects are bounded (50 metadata keys of 500 characters, lists in events cut to 10 items), so
 * events are a few KB, tens at most; 256 KiB leaves ample room and refuses a huge body unread.
 */
export const MAX_WEBHOOK_BODY_BYTES = 256 * 1024;
/** Stripe's own tolerance. The SDK checks only a signature's age; one from the future is refused here. */
const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

const ALREADY_REFUNDED = "No paid enrolment for this payment that the refund covers (already refunded, partial, or unknown).";

type WebhookAnswer = { received: true; type: string; enrollmentId?: number; ignored?: string };

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
  if (!signature || !webhookSecret) throw new HttpError(400, "Missing Stripe signature.");
  const payload = await readTextBody(request, MAX_WEBHOOK_BODY_BYTES);
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(payload, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS, webCrypto);
  } catch (error) {
    // The SDK verifies the signature first, then parses the JSON.
    if (error instanceof SyntaxError) throw new HttpError(400, "The event is not valid JSON.");
    throw new HttpError(400, "Invalid Stripe signature.");
  }
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (signedAt > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS) {
    throw new HttpError(400, "Invalid Stripe signature: its timestamp is more than 5 minutes ahead.");
  }
  switch (event.type) {
    case "payment_intent.succeeded": {
      try {
        const enrollment = await recordEnrollmentForPaymentIntent(db, event.data.object, origin);
        return { received: true, type: event.type, enrollmentId: enrollment.id };
      } catch (error) {
        // Not for a known course, or not the course's price: retrying cannot change that. A failing database can (503).
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        console.warn("Stripe webhook ignored", event.id, event.type, event.data.object.id, error.message);
        return { received: true, type: event.type, ignored: error.message };
      }
    }
    // Stripe sends both for one refund, in no promised order; either may also follow the admin's own update.
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
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
      const row = await markEnrollmentRefunded(db, { paymentIntentId, refundId: refund.id, refundedCents: refund.amount, origin });
      return row
        ? { received: true, type: event.type, enrollmentId: row.id }
        : { received: true, type: event.type, ignored: ALREADY_REFUNDED };
    }
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      console.warn("Payment failed", intent.id, intent.last_payment_error?.code ?? "unknown");
      return { received: true, type: event.type };
    }
    default:
      console.log("Stripe webhook ignored", event.id, event.type, "not handled");
      return { received: true, type: event.type, ignored: "Events of this type are not handled." };
  }
}
