/**
 * Payment tampering through the public routes, end to end with the Stripe emulator in-process behind
 * the app's binding. Complements app/server/payments/payments.server.test.ts (which covers amount tampering,
 * unknown courses, someone else's client secret, intents created outside the app, webhook duplicates
 * and forged signatures at the function level) with what an attacker can do over HTTP.
 */
import { env } from "cloudflare:test";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { signWebhookPayload } from "../../../workers/stripe-emulator/emulator";
import { routeArgs, seedTestDb, buyerEmail } from "../../../tests/support/db";
import { emulatorSecrets, forgedSucceededEvent, payInBrowser, bindStripeEmulatorPerTest } from "../../../tests/support/stripe";
import { createStripeClient } from "~/server/payments/stripe.server";
import * as paymentSuccessPage from "~/routes/payment-success";
import * as createPaymentIntent from "./create-payment-intent";
import * as paymentSuccess from "./payment-success";
import * as webhook from "./stripe.webhook";

const stripe = bindStripeEmulatorPerTest();
beforeEach(async () => {
  await seedTestDb();
});

let address = 0;
/** Each call from its own address: these tests are about payments, not the abuse limits. */
const post = (module: { action: (args: never) => Promise<Response> }, path: string, body: unknown) =>
  module.action(
    routeArgs(
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": `192.0.2.${++address % 250}` },
        body: JSON.stringify(body),
      }),
    ),
  );

const enrollments = async () =>
  (await env.DB.prepare("SELECT course_id, payment_intent_id, amount_cents FROM enrollments ORDER BY id").all()).results;

/** The app's own flow: create the PaymentIntent through the route, pay it with a card in the "browser". */
async function paidIntent(courseId: number, amount: number, card = "4242424242424242") {
  const response = await post(createPaymentIntent, "/api/create-payment-intent", { email: buyerEmail(), courseId, amount });
  expect(response.status).toBe(200);
  const { clientSecret, paymentIntentId } = (await response.json()) as { clientSecret: string; paymentIntentId: string };
  await payInBrowser(stripe.emulator, clientSecret, card);
  return { clientSecret, paymentIntentId };
}

/** A Stripe client with the emulator's secret key, as an attacker holding a leaked key would use it. */
const attackerStripe = () =>
  createStripeClient(emulatorSecrets().secretKey, (input, init) => stripe.emulator.fetch(new Request(input, init)));

describe("creating a PaymentIntent with tampered input", () => {
  it("another course's price, a fraction of the price, or a negative amount → 400; nothing is created at Stripe", async () => {
    for (const body of [
      { email: buyerEmail(), courseId: 3, amount: 49 },
      { email: buyerEmail(), courseId: 1, amount: 0.49 },
      { email: buyerEmail(), courseId: 1, amount: 48.99 },
      { email: buyerEmail(), courseId: 1, amount: -49 },
      { email: buyerEmail(), courseId: 1, amount: 4900 },
    ]) {
      const response = await post(createPaymentIntent, "/api/create-payment-intent", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(stripe.calls).toEqual([]);
  });

  it("whatever the client sends besides courseId and amount (a price, metadata, currency) is ignored", async () => {
    const response = await post(createPaymentIntent, "/api/create-payment-intent", {
      email: buyerEmail(),
      courseId: 3,
      amount: 129,
      price: 1,
      currency: "jpy",
      metadata: { courseId: "1" },
    });
    const { paymentIntentId } = (await response.json()) as { paymentIntentId: string };
    expect(await attackerStripe().paymentIntents.retrieve(paymentIntentId)).toMatchObject({
      amount: 12900,
      currency: "usd",
      metadata: { courseId: "3" },
    });
  });
});

describe("confirming a payment with tampered input", () => {
  it("a replayed success request (sequential and concurrent) enrols once", async () => {
    const { clientSecret, paymentIntentId } = await paidIntent(2, 79);
    const body = { paymentIntentId, paymentIntentClientSecret: clientSecret };
    const first = await post(paymentSuccess, "/api/payment-success", body);
    expect(first.status).toBe(200);
    const { enrollment } = (await first.json()) as { enrollment: { id: number } };
    const replays = await Promise.all(Array.from({ length: 10 }, () => post(paymentSuccess, "/api/payment-success", body)));
    for (const replay of replays) expect(await replay.json()).toEqual({ enrollment: { id: enrollment.id, courseId: 2 } });
    expect(await enrollments()).toEqual([{ course_id: 2, payment_intent_id: paymentIntentId, amount_cents: 7900 }]);
  });

  it("someone else's paid PaymentIntent: with my secret 403; with theirs (leaked) no second enrolment", async () => {
    const theirs = await paidIntent(3, 129);
    await post(paymentSuccess, "/api/payment-success", {
      paymentIntentId: theirs.paymentIntentId,
      paymentIntentClientSecret: theirs.clientSecret,
    });
    const mine = await paidIntent(1, 49, "4000000000000002"); // declined: I paid nothing
    const withMySecret = await post(paymentSuccess, "/api/payment-success", {
      paymentIntentId: theirs.paymentIntentId,
      paymentIntentClientSecret: mine.clientSecret,
    });
    expect(withMySecret.status).toBe(403);
    const withTheirSecret = await post(paymentSuccess, "/api/payment-success", {
      paymentIntentId: theirs.paymentIntentId,
      paymentIntentClientSecret: theirs.clientSecret,
    });
    expect(withTheirSecret.status).toBe(200);
    const myOwn = await post(paymentSuccess, "/api/payment-success", {
      paymentIntentId: mine.paymentIntentId,
      paymentIntentClientSecret: mine.clientSecret,
    });
    expect(myOwn.status).toBe(402);
    expect(await enrollments()).toEqual([{ course_id: 3, payment_intent_id: theirs.paymentIntentId, amount_cents: 12900 }]);
  });

  it("the return page's loader with a tampered query (another intent's secret, redirect_status=succeeded) enrols nobody", async () => {
    const unpaid = (await (
      await post(createPaymentIntent, "/api/create-payment-intent", { email: buyerEmail(), courseId: 1, amount: 49 })
    ).json()) as { clientSecret: string; paymentIntentId: string };
    const other = await paidIntent(2, 79);
    for (const query of [
      `payment_intent=${unpaid.paymentIntentId}&payment_intent_client_secret=${unpaid.clientSecret}&redirect_status=succeeded`,
      `payment_intent=${other.paymentIntentId}&payment_intent_client_secret=${unpaid.clientSecret}&redirect_status=succeeded`,
      `payment_intent=pi_forged&payment_intent_client_secret=pi_forged_secret_x&redirect_status=succeeded`,
    ]) {
      expect(await paymentSuccessPage.loader(routeArgs(`/courses/payment-success?${query}`) as never), query).toEqual({ status: "error" });
    }
    expect(await enrollments()).toEqual([]);
  });

  it("a PaymentIntent paid in another currency, or for a course that does not exist, opens nothing: refunded at once (409)", async () => {
    const api = attackerStripe();
    const intents: { amount: number; currency: string; metadata: Record<string, string>; status: number }[] = [
      { amount: 4900, currency: "eur", metadata: { courseId: "1" }, status: 409 },
      { amount: 4900, currency: "usd", metadata: { courseId: "999" }, status: 409 },
      // No course at all: not a payment of this site, left alone.
      { amount: 4900, currency: "usd", metadata: {}, status: 400 },
    ];
    for (const { status, ...params } of intents) {
      const intent = await api.paymentIntents.create(params);
      await payInBrowser(stripe.emulator, intent.client_secret!);
      const response = await post(paymentSuccess, "/api/payment-success", {
        paymentIntentId: intent.id,
        paymentIntentClientSecret: intent.client_secret,
      });
      expect(response.status, JSON.stringify(params)).toBe(status);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
    const rows = (await env.DB.prepare("SELECT status, refund_reason FROM enrollments").all()).results;
    expect(rows).toEqual([{ status: "refunded", refund_reason: "price-mismatch" }]);
    expect((await attackerStripe().refunds.list()).data).toHaveLength(2);
  });
});

describe("webhooks with tampered input", () => {
  const deliver = (body: string, signature: string | null) =>
    webhook.action(
      routeArgs(
        new Request("http://localhost/api/stripe/webhook", {
          method: "POST",
          headers: signature ? { "Stripe-Signature": signature } : {},
          body,
        }),
      ),
    );

  it("a genuine delivery enrols once; replaying it later adds nothing", async () => {
    await paidIntent(1, 49);
    const [delivery] = stripe.webhooks;
    assert(delivery, "the webhook");
    const body = await delivery.clone().text();
    const signature = delivery.headers.get("Stripe-Signature")!;
    expect((await deliver(body, signature)).status).toBe(200);
    expect((await deliver(body, signature)).status).toBe(200);
    expect(await enrollments()).toHaveLength(1);
  });

  it("a forged event (signed with another secret, or an old signature replayed onto a new body) → 400, nobody enrols", async () => {
    const forgedEvent = forgedSucceededEvent({ eventId: "evt_forged", amount: 12900, courseId: "3" });
    const now = Math.floor(Date.now() / 1000);
    const wrongSecret = await deliver(forgedEvent, await signWebhookPayload(forgedEvent, "whsec_guessed", now));
    expect(wrongSecret.status).toBe(400);

    await paidIntent(1, 49);
    const [genuine] = stripe.webhooks;
    assert(genuine, "the genuine webhook");
    const genuineSignature = genuine.headers.get("Stripe-Signature")!;
    expect((await deliver(forgedEvent, genuineSignature)).status).toBe(400);
    expect(await enrollments()).toEqual([]);
  });

  it("a correctly signed event whose timestamp is outside Stripe's 5-minute tolerance (a captured, replayed delivery) → 400", async () => {
    const { paymentIntentId } = (await (
      await post(createPaymentIntent, "/api/create-payment-intent", { email: buyerEmail(), courseId: 1, amount: 49 })
    ).json()) as { paymentIntentId: string };
    const intent = await attackerStripe().paymentIntents.retrieve(paymentIntentId);
    const event = JSON.stringify({
      id: "evt_old",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { ...intent, status: "succeeded", amount_received: 4900 } },
    });
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    const response = await deliver(event, await signWebhookPayload(event, emulatorSecrets().webhookSecret, anHourAgo));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Invalid Stripe signature." });
    expect(await enrollments()).toEqual([]);
  });
});
