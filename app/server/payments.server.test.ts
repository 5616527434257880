import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createStripeEmulator, signWebhookPayload } from "../../workers/stripe-emulator/emulator";
import { seedTestDb } from "../../tests/support/db";
import { payInBrowser as payWithCard } from "../../tests/support/stripe";
import type { Database } from "./db.server";
import { HttpError } from "./http.server";
import { confirmEnrollmentAfterPayment, createPaymentIntentForCourse, handleStripeWebhook } from "./payments.server";
import { createStripeClient } from "./stripe.server";

const WEBHOOK_SECRET = "whsec_test_payments";
const SECRET_KEY = "sk_test_payments_server";

let db: Database;
let stripe: ReturnType<typeof createStripeClient>;
let emulator: ReturnType<typeof createStripeEmulator>;
/** Webhooks the emulator sent, held back so tests choose when (and in which order) they arrive. */
let webhooks: Request[];

beforeEach(async () => {
  db = await seedTestDb();
  webhooks = [];
  emulator = createStripeEmulator({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    deliverWebhook: async (request) => {
      webhooks.push(request);
      return new Response("queued");
    },
  });
  stripe = createStripeClient(SECRET_KEY, (input, init) => emulator.fetch(new Request(input, init)));
});

const deps = () => ({ db, stripe });
const enrollmentRows = async () =>
  (await env.DB.prepare("SELECT course_id, payment_intent_id, amount_cents FROM enrollments ORDER BY id").all()).results;

/** Confirms a PaymentIntent the way the browser's Stripe.js does, with the client secret and a card. */
const payInBrowser = (clientSecret: string, cardNumber: string) => payWithCard(emulator, clientSecret, cardNumber);

async function expectHttpError(promise: Promise<unknown>, status: number, message?: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).status).toBe(status);
  if (message) expect((error as HttpError).message).toMatch(message);
}

const webhookDeps = () => ({ db, stripe, webhookSecret: WEBHOOK_SECRET });

describe("creating a PaymentIntent", () => {
  it("charges the course price from D1 in cents, in USD, with the course id in metadata", async () => {
    const { clientSecret, paymentIntentId } = await createPaymentIntentForCourse(deps(), {
      email: `buyer-${crypto.randomUUID()}@example.com`,
      courseId: 1,
      amount: 49,
    });
    expect(clientSecret).toMatch(/^pi_.+_secret_.+/);
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
    expect(intent).toMatchObject({ amount: 4900, currency: "usd", metadata: { courseId: "1" }, status: "requires_payment_method" });
  });

  it("refuses an amount that disagrees with the price (tampering) with 400", async () => {
    await expectHttpError(
      createPaymentIntentForCourse(deps(), { email: `buyer-${crypto.randomUUID()}@example.com`, courseId: 1, amount: 0.5 }),
      400,
      /does not match the course price/,
    );
    await expectHttpError(
      createPaymentIntentForCourse(deps(), { email: `buyer-${crypto.randomUUID()}@example.com`, courseId: 1, amount: 129 }),
      400,
    );
  });

  it("answers 404 for an unknown course", async () => {
    await expectHttpError(
      createPaymentIntentForCourse(deps(), { email: `buyer-${crypto.randomUUID()}@example.com`, courseId: 999, amount: 49 }),
      404,
      /Course not found/,
    );
  });

  it("is idempotent per enrol-page attempt", async () => {
    const attemptId = crypto.randomUUID();
    const email = `buyer-${crypto.randomUUID()}@example.com`;
    const first = await createPaymentIntentForCourse(deps(), { email, courseId: 2, amount: 79, attemptId });
    const again = await createPaymentIntentForCourse(deps(), { email, courseId: 2, amount: 79, attemptId });
    expect(again.paymentIntentId).toBe(first.paymentIntentId);
    const other = await createPaymentIntentForCourse(deps(), {
      email: `buyer-${crypto.randomUUID()}@example.com`,
      courseId: 2,
      amount: 79,
      attemptId: crypto.randomUUID(),
    });
    expect(other.paymentIntentId).not.toBe(first.paymentIntentId);
  });
});

describe("confirming after payment (the return page)", () => {
  it("a successful card enrols exactly once, however often the page is reopened", async () => {
    const { clientSecret, paymentIntentId } = await createPaymentIntentForCourse(deps(), {
      email: `buyer-${crypto.randomUUID()}@example.com`,
      courseId: 1,
      amount: 49,
    });
    expect((await payInBrowser(clientSecret, "4242424242424242")).status).toBe(200);
    const first = await confirmEnrollmentAfterPayment(deps(), { paymentIntentId, paymentIntentClientSecret: clientSecret });
    const replay = await confirmEnrollmentAfterPayment(deps(), { paymentIntentId, paymentIntentClientSecret: clientSecret });
    expect(first).toMatchObject({ id: expect.any(Number), courseId: 1, status: "paid" });
    expect(replay).toEqual(first);
    expect(await enrollmentRows()).toEqual([{ course_id: 1, payment_intent_id: paymentIntentId, amount_cents: 4900 }]);
  });

  it("a declined card or an unpaid intent enrols nobody", async () => {
    const { clientSecret, paymentIntentId } = await createPaymentIntentForCourse(deps(), {
      email: `buyer-${crypto.randomUUID()}@example.com`,
      courseId: 1,
      amount: 49,
    });
    const declined = await payInBrowser(clientSecret, "4000000000000002");
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ error: { type: "card_error", code: "card_declined" } });
    await expectHttpError(confirmEnrollmentAfterPayment(deps(), { paymentIntentId, paymentIntentClientSecret: clientSecret }), 402);

    const insufficient = await payInBrowser(clientSecret, "4000000000009995");
    expect(await insufficient.json()).toMatchObject({ error: { decline_code: "insufficient_funds" } });
    expect(await enrollmentRows()).toEqual([]);
  });

  it("someone else's client secret, or an unknown intent, is refused", async () => {
    const mine = await createPaymentIntentForCourse(deps(), { email: `buyer-${crypto.randomUUID()}@example.com`, courseId: 1, amount: 49 });
    const theirs = await createPaymentIntentForCourse(deps(), {
      email: `buyer-${crypto.randomUUID()}@example.com`,
      courseId: 3,
      amount: 129,
    });
    await payInBrowser(theirs.clientSecret, "4242424242424242");
    await expectHttpError(
      confirmEnrollmentAfterPayment(deps(), { paymentIntentId: theirs.paymentIntentId, paymentIntentClientSecret: mine.clientSecret }),
      403,
    );
    await expectHttpError(
      confirmEnrollmentAfterPayment(deps(), { paymentIntentId: "pi_doesnotexist", paymentIntentClientSecret: "x" }),
      404,
    );
    expect(await enrollmentRows()).toEqual([]);
  });

  it("a PaymentIntent created outside the app for a lower amount does not enrol", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 100, currency: "usd", metadata: { courseId: "3" } });
    await payInBrowser(intent.client_secret!, "4242424242424242");
    await expectHttpError(
      confirmEnrollmentAfterPayment(deps(), { paymentIntentId: intent.id, paymentIntentClientSecret: intent.client_secret! }),
      400,
      /amount/,
    );
    expect(await enrollmentRows()).toEqual([]);
  });
});

describe("webhooks", () => {
  it("payment_intent.succeeded enrols once; duplicates and the return page in any order add nothing", async () => {
    const { clientSecret, paymentIntentId } = await createPaymentIntentForCourse(deps(), {
      email: `buyer-${crypto.randomUUID()}@example.com`,
      courseId: 2,
      amount: 79,
    });
    await payInBrowser(clientSecret, "4242424242424242");
    expect(webhooks).toHaveLength(1);
    const delivery = webhooks[0];
    const body = await delivery.clone().text();
    expect(JSON.parse(body)).toMatchObject({ type: "payment_intent.succeeded" });

    const first = await handleStripeWebhook(webhookDeps(), delivery.clone());
    expect(first).toMatchObject({ received: true, type: "payment_intent.succeeded" });
    await handleStripeWebhook(webhookDeps(), delivery.clone()); // duplicate delivery
    const fromReturnPage = await confirmEnrollmentAfterPayment(deps(), { paymentIntentId, paymentIntentClientSecret: clientSecret });
    expect(fromReturnPage.id).toBe((first as { enrollmentId: number }).enrollmentId);
    expect(await enrollmentRows()).toHaveLength(1);
  });

  it("out of order: the return page first, then the webhook", async () => {
    const { clientSecret, paymentIntentId } = await createPaymentIntentForCourse(deps(), {
      email: `buyer-${crypto.randomUUID()}@example.com`,
      courseId: 3,
      amount: 129,
    });
    await payInBrowser(clientSecret, "4242424242424242");
    await confirmEnrollmentAfterPayment(deps(), { paymentIntentId, paymentIntentClientSecret: clientSecret });
    await handleStripeWebhook(webhookDeps(), webhooks[0]);
    expect(await enrollmentRows()).toEqual([{ course_id: 3, payment_intent_id: paymentIntentId, amount_cents: 12900 }]);
  });

  it("payment_intent.payment_failed is acknowledged and enrols nobody", async () => {
    const { clientSecret } = await createPaymentIntentForCourse(deps(), {
      email: `buyer-${crypto.randomUUID()}@example.com`,
      courseId: 1,
      amount: 49,
    });
    await payInBrowser(clientSecret, "4000000000000002");
    expect(webhooks).toHaveLength(1);
    expect(await handleStripeWebhook(webhookDeps(), webhooks[0])).toMatchObject({ type: "payment_intent.payment_failed" });
    expect(await enrollmentRows()).toEqual([]);
  });

  it("a bad or missing signature is refused with 400 and changes nothing", async () => {
    const { clientSecret } = await createPaymentIntentForCourse(deps(), {
      email: `buyer-${crypto.randomUUID()}@example.com`,
      courseId: 1,
      amount: 49,
    });
    await payInBrowser(clientSecret, "4242424242424242");
    const body = await webhooks[0].clone().text();
    const forged = new Request("http://localhost/api/stripe/webhook", {
      method: "POST",
      headers: { "Stripe-Signature": await signWebhookPayload(body, "whsec_wrong_secret", Math.floor(Date.now() / 1000)) },
      body,
    });
    await expectHttpError(handleStripeWebhook(webhookDeps(), forged), 400, /signature/i);
    const unsigned = new Request("http://localhost/api/stripe/webhook", { method: "POST", body });
    await expectHttpError(handleStripeWebhook(webhookDeps(), unsigned), 400);
    const event = JSON.parse(body);
    event.data.object.amount = 1;
    const tamperedBody = JSON.stringify(event);
    expect(tamperedBody).not.toBe(body);
    const tampered = new Request("http://localhost/api/stripe/webhook", {
      method: "POST",
      headers: { "Stripe-Signature": webhooks[0].headers.get("Stripe-Signature")! },
      body: tamperedBody,
    });
    await expectHttpError(handleStripeWebhook(webhookDeps(), tampered), 400);
    expect(await enrollmentRows()).toEqual([]);
  });
});

describe("the buyer, and one purchase per address and course", () => {
  const paymentIntentCount = async () =>
    (
      (await (
        await emulator.fetch(
          new Request("http://localhost/v1/payment_intents?limit=100", { headers: { Authorization: `Bearer ${SECRET_KEY}` } }),
        )
      ).json()) as { data: unknown[] }
    ).data.length;

  it("records the buyer from the PaymentIntent (trimmed, lower-cased), and sends one receipt with an access link", async () => {
    const { clientSecret, paymentIntentId } = await createPaymentIntentForCourse(deps(), {
      email: "  Reader@Example.COM ",
      name: " Ada ",
      courseId: 2,
      amount: 79,
    });
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
    expect(intent.receipt_email).toBe("reader@example.com");
    expect(intent.metadata).toMatchObject({ courseId: "2", email: "reader@example.com" });
    await payInBrowser(clientSecret, "4242424242424242");
    await confirmEnrollmentAfterPayment(
      { ...deps(), origin: "http://localhost:9000" },
      { paymentIntentId, paymentIntentClientSecret: clientSecret },
    );
    await confirmEnrollmentAfterPayment(deps(), { paymentIntentId, paymentIntentClientSecret: clientSecret });
    const row = await env.DB.prepare("SELECT email, name, amount_cents, currency, status FROM enrollments").first();
    expect(row).toEqual({ email: "reader@example.com", name: "Ada", amount_cents: 7900, currency: "usd", status: "paid" });
    const mails = (await env.DB.prepare('SELECT "to", kind, text FROM mail_log').all<{ to: string; kind: string; text: string }>()).results;
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "reader@example.com", kind: "receipt" });
    // Links use the origin the site is served on.
    expect(mails[0].text).toMatch(/http:\/\/localhost:9000\/learn\/access\/[A-Za-z0-9_-]{43}/);
  });

  it("refuses a second purchase of a course by the same address with 409, before any charge", async () => {
    const { clientSecret, paymentIntentId } = await createPaymentIntentForCourse(deps(), {
      email: "twice@example.com",
      courseId: 1,
      amount: 49,
    });
    await payInBrowser(clientSecret, "4242424242424242");
    await confirmEnrollmentAfterPayment(deps(), { paymentIntentId, paymentIntentClientSecret: clientSecret });
    const before = await paymentIntentCount();
    await expectHttpError(
      createPaymentIntentForCourse(deps(), { email: "TWICE@example.com ", courseId: 1, amount: 49 }),
      409,
      /already has this course/,
    );
    expect(await paymentIntentCount()).toBe(before);
    // Another course, or another address, is fine.
    await createPaymentIntentForCourse(deps(), { email: "twice@example.com", courseId: 2, amount: 79 });
    await createPaymentIntentForCourse(deps(), { email: "someone-else@example.com", courseId: 1, amount: 49 });
    expect(await paymentIntentCount()).toBe(before + 2);
  });

  it("a refunded enrolment does not block buying the course again", async () => {
    await env.DB.prepare(
      "INSERT INTO enrollments (course_id, payment_intent_id, amount_cents, email, status) VALUES (1, 'pi_old', 4900, 'back@example.com', 'refunded')",
    ).run();
    await createPaymentIntentForCourse(deps(), { email: "back@example.com", courseId: 1, amount: 49 });
  });
});
