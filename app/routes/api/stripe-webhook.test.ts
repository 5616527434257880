/**
 * What /api/stripe/webhook accepts: a body within its size limit (refused unread past it), a signature
 * whose timestamp is within 5 minutes of now either way, and every correctly signed event (2xx, also
 * for those it ignores, so that Stripe does not retry them for days). Forged and stale deliveries are
 * in payment-tampering.test.ts.
 */
import { loggedEvents } from "../../../tests/support/logs";
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signWebhookPayload } from "../../../workers/stripe-emulator/emulator";
import { routeArgs, seedTestDb } from "../../../tests/support/db";
import { bindStripeEmulatorPerTest, emulatorSecrets, payInBrowser } from "../../../tests/support/stripe";
import { MAX_WEBHOOK_BODY_BYTES } from "~/server/payments/payments.server";
import { createStripeClient, getPaymentsSettings } from "~/server/payments/stripe.server";
import * as webhook from "./stripe.webhook";

const emulated = bindStripeEmulatorPerTest();
beforeEach(async () => {
  await seedTestDb();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const now = () => Math.floor(Date.now() / 1000);
const sign = (payload: string, timestamp = now()) => signWebhookPayload(payload, getPaymentsSettings().webhookSecret, timestamp);

const deliver = (body: BodyInit, headers: Record<string, string>) =>
  webhook.action(
    routeArgs(
      new Request("http://localhost/api/stripe/webhook", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body,
      }),
    ),
  );

const enrollments = async () => (await env.DB.prepare("SELECT count(*) n FROM enrollments").first())?.n;

/** A succeeded PaymentIntent event as Stripe sends it; `metadata` decides what it is for. */
function succeededEvent(metadata: Record<string, string>, id = "evt_test") {
  return JSON.stringify({
    id,
    object: "event",
    type: "payment_intent.succeeded",
    data: {
      object: {
        id: `pi_${id}`,
        object: "payment_intent",
        status: "succeeded",
        amount: 4900,
        amount_received: 4900,
        currency: "usd",
        metadata,
      },
    },
  });
}

describe("webhook body size", () => {
  it(`refuses a body over ${MAX_WEBHOOK_BODY_BYTES / 1024} KiB with 413, reading no more than the limit`, async () => {
    const size = 50 * 1024 * 1024;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= size) return controller.close();
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    const response = await deliver(body, { "Stripe-Signature": await sign("{}") });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "The request body is too large." });
    expect(pulled).toBeLessThanOrEqual(MAX_WEBHOOK_BODY_BYTES + 2 * 64 * 1024);
  });

  it("refuses a declared length over the limit with 413 before reading", async () => {
    const response = await deliver("{}", { "Stripe-Signature": await sign("{}"), "Content-Length": String(MAX_WEBHOOK_BODY_BYTES + 1) });
    expect(response.status).toBe(413);
  });

  it("accepts a signed event just under the limit", async () => {
    const padding = "x".repeat(MAX_WEBHOOK_BODY_BYTES - 400);
    const customer = { id: "cus_1", object: "customer", description: padding };
    const event = JSON.stringify({ id: "evt_big", object: "event", type: "customer.updated", data: { object: customer } });
    expect(event.length).toBeLessThan(MAX_WEBHOOK_BODY_BYTES);
    vi.spyOn(console, "log").mockImplementation(() => {});
    expect((await deliver(event, { "Stripe-Signature": await sign(event) })).status).toBe(200);
  });
});

describe("webhook timestamps", () => {
  it("refuses a signature made 10 minutes in the future (400), and enrols nobody", async () => {
    const event = succeededEvent({ courseId: "1", email: "future@example.com" }, "evt_future");
    const response = await deliver(event, { "Stripe-Signature": await sign(event, now() + 600) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/timestamp/i);
    expect(await enrollments()).toBe(0);
  });

  it("accepts a clock a minute ahead or behind (within the 5-minute tolerance)", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    for (const skew of [60, -60]) {
      const event = JSON.stringify({
        id: `evt_skew${skew}`,
        object: "event",
        type: "charge.updated",
        data: { object: { id: "ch_1", object: "charge" } },
      });
      expect((await deliver(event, { "Stripe-Signature": await sign(event, now() + skew) })).status, `skew ${skew}`).toBe(200);
    }
  });
});

describe("correctly signed events the app does not act on", () => {
  it("an event type it does not handle → 200 with the reason, logged with its id and type", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const event = JSON.stringify({
      id: "evt_charge",
      object: "event",
      type: "charge.succeeded",
      data: { object: { id: "ch_1", object: "charge" } },
    });
    const response = await deliver(event, { "Stripe-Signature": await sign(event) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, type: "charge.succeeded", ignored: expect.stringMatching(/not handled/i) });
    expect(loggedEvents(log)).toContainEqual(
      expect.objectContaining({ level: "info", event: "webhook.ignored", stripeEvent: "evt_charge", type: "charge.succeeded" }),
    );
  });

  it("a payment_intent.succeeded with no course in its metadata (not this site's) → 200 ignored, logged, nobody enrolled", async () => {
    const warn = vi.spyOn(console, "error").mockImplementation(() => {});
    const event = succeededEvent({}, "evt_nocourse");
    const response = await deliver(event, { "Stripe-Signature": await sign(event) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      received: true,
      type: "payment_intent.succeeded",
      ignored: "This payment is not for a known course.",
    });
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({ level: "warn", event: "webhook.ignored", stripeEvent: "evt_nocourse" }),
    );
    expect(await enrollments()).toBe(0);
  });

  /** A PaymentIntent really paid at the emulator (Stripe signs events of real payments only), as its succeeded event. */
  async function paidEvent(params: { amount: number; currency: string; metadata: Record<string, string> }, id: string) {
    const api = createStripeClient(emulatorSecrets().secretKey, (input, init) => emulated.emulator.fetch(new Request(input, init)));
    const created = await api.paymentIntents.create(params);
    await payInBrowser(emulated.emulator, created.client_secret!);
    const intent = await api.paymentIntents.retrieve(created.id);
    return JSON.stringify({ id, object: "event", type: "payment_intent.succeeded", data: { object: intent } });
  }

  it("a paid payment_intent.succeeded for an unknown course → 200 'refunded' (never 'ignored'), refunded at Stripe, nobody enrolled", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const event = await paidEvent({ amount: 4900, currency: "usd", metadata: { courseId: "999" } }, "evt_unknown");
    const response = await deliver(event, { "Stripe-Signature": await sign(event) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, type: "payment_intent.succeeded", refunded: "unknown-course" });
    expect(await enrollments()).toBe(0);
    expect(emulated.calls).toContain("POST /v1/refunds");
  });

  it("a paid payment whose amount does not match the course → 200 'refunded', an order refunded at once, logged", async () => {
    const warn = vi.spyOn(console, "error").mockImplementation(() => {});
    const event = await paidEvent({ amount: 100, currency: "usd", metadata: { courseId: "1" } }, "evt_cheap");
    const response = await deliver(event, { "Stripe-Signature": await sign(event) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ refunded: "price-mismatch", enrollmentId: expect.any(Number) });
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({ event: "payment.refunded_at_once", stripeEvent: "evt_cheap", reason: "price-mismatch" }),
    );
    expect(await env.DB.prepare("SELECT status, refund_reason FROM enrollments").first()).toEqual({
      status: "refunded",
      refund_reason: "price-mismatch",
    });
  });

  it("still refuses a signed body that is not JSON (400) and a missing signature (400)", async () => {
    expect((await deliver("not json", { "Stripe-Signature": await sign("not json") })).status).toBe(400);
    expect((await deliver("{}", {})).status).toBe(400);
  });
});
