/**
 * Course payments. The amount always comes from the database; an enrolment is recorded only after
 * Stripe itself says the PaymentIntent succeeded, and exactly once per PaymentIntent (unique in D1),
 * whether the return page or the webhook gets there first.
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { enrollments } from "../../db/schema";
import { markContentChanged } from "./cache.server";
import { getCoursePriceCents } from "./courses.server";
import type { Database } from "./db.server";
import { HttpError } from "./http.server";
import { webCrypto } from "./stripe.server";

export type PaymentDeps = { db: Database; stripe: Stripe };

export async function createPaymentIntentForCourse(
  { db, stripe }: PaymentDeps,
  input: { courseId: number; amount: number; attemptId?: string },
) {
  const priceCents = await getCoursePriceCents(db, input.courseId);
  if (priceCents === undefined) throw new HttpError(404, "Course not found.");
  if (Math.round(input.amount * 100) !== priceCents) {
    throw new HttpError(400, `The amount does not match the course price (${(priceCents / 100).toFixed(2)} USD). Reload the page and try again.`);
  }
  const attempt = input.attemptId ?? crypto.randomUUID();
  const intent = await stripe.paymentIntents.create(
    {
      amount: priceCents,
      currency: "usd",
      automatic_payment_methods: { enabled: true },
      metadata: { courseId: String(input.courseId) },
      description: `Course enrolment #${input.courseId}`,
    },
    // The same enrol-page attempt never creates two PaymentIntents, even if the request is retried.
    { idempotencyKey: `course-${input.courseId}-attempt-${attempt}` },
  );
  if (!intent.client_secret) throw new HttpError(502, "No client secret returned from the payment provider.");
  return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
}

/** Records the enrolment for a succeeded PaymentIntent, once. Checks amount and currency against D1. */
export async function recordEnrollmentForPaymentIntent(db: Database, intent: Stripe.PaymentIntent) {
  if (intent.status !== "succeeded") throw new HttpError(402, "This payment has not succeeded.");
  const courseId = Number(intent.metadata?.courseId);
  const priceCents = Number.isInteger(courseId) ? await getCoursePriceCents(db, courseId) : undefined;
  if (priceCents === undefined) throw new HttpError(400, "This payment is not for a known course.");
  if (intent.currency !== "usd" || (intent.amount_received || intent.amount) !== priceCents) {
    throw new HttpError(400, "This payment's amount does not match the course price.");
  }
  const inserted = await db
    .insert(enrollments)
    .values({ courseId, paymentIntentId: intent.id, amountCents: intent.amount_received || intent.amount })
    .onConflictDoNothing({ target: enrollments.paymentIntentId })
    .returning({ id: enrollments.id });
  // Course pages show the enrolment count: a new enrolment makes the cached ones stale.
  if (inserted.length > 0) await markContentChanged(db);
  const row = await db
    .select({ id: enrollments.id, courseId: enrollments.courseId })
    .from(enrollments)
    .where(eq(enrollments.paymentIntentId, intent.id))
    .get();
  return row!;
}

/** The return page: ask Stripe about the PaymentIntent, check the client secret belongs to it, enrol once. */
export async function confirmEnrollmentAfterPayment(
  { db, stripe }: PaymentDeps,
  input: { paymentIntentId: string; paymentIntentClientSecret: string },
) {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(input.paymentIntentId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw new HttpError(404, "Payment not found.");
    throw error;
  }
  if (!intent.client_secret || !timingSafeEqual(intent.client_secret, input.paymentIntentClientSecret)) {
    throw new HttpError(403, "The payment details do not match.");
  }
  return recordEnrollmentForPaymentIntent(db, intent);
}

/** Stripe webhooks: verified signature, then the same idempotent enrolment. */
export async function handleStripeWebhook(
  { db, stripe, webhookSecret }: PaymentDeps & { webhookSecret: string },
  request: Pick<Request, "headers" | "text">,
) {
  const signature = request.headers.get("stripe-signature");
  if (!signature || !webhookSecret) throw new HttpError(400, "Missing Stripe signature.");
  const payload = await request.text();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(payload, signature, webhookSecret, undefined, webCrypto);
  } catch {
    throw new HttpError(400, "Invalid Stripe signature.");
  }
  switch (event.type) {
    case "payment_intent.succeeded": {
      const enrollment = await recordEnrollmentForPaymentIntent(db, event.data.object);
      return { received: true, type: event.type, enrollmentId: enrollment.id };
    }
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      console.warn("Payment failed", intent.id, intent.last_payment_error?.code ?? "unknown");
      return { received: true, type: event.type };
    }
    default:
      return { received: true, type: event.type, ignored: true };
  }
}

function timingSafeEqual(a: string, b: string) {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  if (left.length !== right.length) return false;
  let diff = 0;
  for (let i = 0; i < left.length; i++) diff |= left[i] ^ right[i];
  return diff === 0;
}
