import Stripe from "stripe";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStripeEmulator, signWebhookPayload, type StripeEmulatorOptions } from "./emulator";
import worker from "./index";

const SECRET = "whsec_test_secret";
const crypto = Stripe.createSubtleCryptoProvider();

function setup(options: Partial<StripeEmulatorOptions> = {}) {
  const webhooks: { payload: string; signature: string; url: string; webhookUrl: string | null }[] = [];
  const emulator = createStripeEmulator({
    webhookSecret: SECRET,
    deliverWebhook: async (request, delivery) => {
      webhooks.push({
        payload: await request.text(),
        signature: request.headers.get("Stripe-Signature") ?? "",
        url: request.url,
        webhookUrl: delivery.webhookUrl,
      });
      return new Response("ok");
    },
    ...options,
  });
  const stripe = new Stripe("sk_test_emulator", {
    httpClient: Stripe.createFetchHttpClient((url, init) => emulator.fetch(new Request(url, init))),
    maxNetworkRetries: 0,
  });
  return { emulator, stripe, webhooks };
}

/** What the stand-in Stripe.js sends: form-encoded, publishable key and client secret in the parameters. */
function browserRequest(emulator: { fetch(r: Request): Promise<Response> }, method: "GET" | "POST", path: string, params: Record<string, string>) {
  const body = new URLSearchParams(params).toString();
  const url = `https://shop.example/__stripe${path}${method === "GET" ? `?${body}` : ""}`;
  return emulator.fetch(
    new Request(url, method === "GET" ? {} : { method, body, headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
  );
}

const card = (number: string, extra: Partial<Record<"exp_month" | "exp_year" | "cvc", string>> = {}) => ({
  payment_method_data: { type: "card" as const, card: { number, exp_month: 12, exp_year: 2040, cvc: "123", ...extra } as never },
});

async function caught(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error("expected the call to throw");
}

describe("PaymentIntents through the stripe SDK", () => {
  it("creates a PaymentIntent with Stripe's shape and a client secret", async () => {
    const { stripe } = setup();
    const intent = await stripe.paymentIntents.create({
      amount: 4900,
      currency: "USD",
      metadata: { courseId: "7", email: "ada@example.com" },
      automatic_payment_methods: { enabled: true },
      description: "Course 7",
    });
    expect(intent.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(intent.object).toBe("payment_intent");
    expect(intent.amount).toBe(4900);
    expect(intent.amount_received).toBe(0);
    expect(intent.currency).toBe("usd");
    expect(intent.status).toBe("requires_payment_method");
    expect(intent.metadata).toEqual({ courseId: "7", email: "ada@example.com" });
    expect(intent.automatic_payment_methods).toEqual({ allow_redirects: "always", enabled: true });
    expect(intent.description).toBe("Course 7");
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]{25}$`));
    expect(intent.livemode).toBe(false);
    expect(intent.last_payment_error).toBeNull();
    expect(intent.latest_charge).toBeNull();
    expect(intent.payment_method).toBeNull();
  });

  it("validates amount and currency like Stripe", async () => {
    const { stripe } = setup();
    const missing = await caught(stripe.paymentIntents.create({ currency: "usd" } as never));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing.code).toBe("parameter_missing");
    expect(missing.param).toBe("amount");
    const zero = await caught(stripe.paymentIntents.create({ amount: 0, currency: "usd" }));
    expect(zero.statusCode).toBe(400);
    expect(zero.param).toBe("amount");
    const noCurrency = await caught(stripe.paymentIntents.create({ amount: 100 } as never));
    expect(noCurrency.param).toBe("currency");
    const unknown = await caught(stripe.paymentIntents.create({ amount: 100, currency: "usd", colour: "red" } as never));
    expect(unknown.code).toBe("parameter_unknown");
  });

  it("honours Idempotency-Key: same params replay, different params are an idempotency_error", async () => {
    const { stripe } = setup();
    const first = await stripe.paymentIntents.create({ amount: 1000, currency: "usd" }, { idempotencyKey: "enrol-1" });
    const again = await stripe.paymentIntents.create({ amount: 1000, currency: "usd" }, { idempotencyKey: "enrol-1" });
    expect(again.id).toBe(first.id);
    expect(again.client_secret).toBe(first.client_secret);
    const other = await stripe.paymentIntents.create({ amount: 1000, currency: "usd" }, { idempotencyKey: "enrol-2" });
    expect(other.id).not.toBe(first.id);
    const conflict = await caught(stripe.paymentIntents.create({ amount: 2000, currency: "usd" }, { idempotencyKey: "enrol-1" }));
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(conflict.statusCode).toBe(400);
    expect(conflict.rawType).toBe("idempotency_error");
    const list = await stripe.paymentIntents.list();
    expect(list.data.map((pi) => pi.id).sort()).toEqual([first.id, other.id].sort());
  });

  it("retrieves a PaymentIntent and answers 404 resource_missing for an unknown id", async () => {
    const { stripe } = setup();
    const created = await stripe.paymentIntents.create({ amount: 2500, currency: "eur", metadata: { a: "b" } });
    const retrieved = await stripe.paymentIntents.retrieve(created.id);
    expect(retrieved).toEqual(created);
    const error = await caught(stripe.paymentIntents.retrieve("pi_doesnotexist"));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.code).toBe("resource_missing");
    expect(error.statusCode).toBe(404);
    expect(error.message).toBe("No such payment_intent: 'pi_doesnotexist'");
  });

  it("confirms with 4242 4242 4242 4242 and delivers a signed payment_intent.succeeded webhook", async () => {
    const { stripe, webhooks } = setup();
    const created = await stripe.paymentIntents.create({ amount: 4900, currency: "usd", metadata: { courseId: "3" } });
    expect(webhooks).toHaveLength(0);
    const confirmed = await stripe.paymentIntents.confirm(created.id, card("4242 4242 4242 4242"));
    expect(confirmed.status).toBe("succeeded");
    expect(confirmed.amount_received).toBe(4900);
    expect(confirmed.payment_method).toMatch(/^pm_/);
    expect(confirmed.latest_charge).toMatch(/^ch_/);
    expect((await stripe.paymentIntents.retrieve(created.id)).status).toBe("succeeded");

    expect(webhooks).toHaveLength(1);
    const [hook] = webhooks;
    expect(hook.url).toBe("http://app.invalid/api/stripe/webhook");
    expect(hook.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = await stripe.webhooks.constructEventAsync(hook.payload, hook.signature, SECRET, undefined, crypto);
    expect(event.type).toBe("payment_intent.succeeded");
    expect(event.id).toMatch(/^evt_/);
    expect(event.object).toBe("event");
    expect(event.livemode).toBe(false);
    const object = event.data.object as Stripe.PaymentIntent;
    expect(object.id).toBe(created.id);
    expect(object.status).toBe("succeeded");
    expect(object.metadata).toEqual({ courseId: "3" });

    // The signature really binds payload and secret.
    await expect(stripe.webhooks.constructEventAsync(hook.payload.replace("4900", "4901"), hook.signature, SECRET, undefined, crypto)).rejects.toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    await expect(stripe.webhooks.constructEventAsync(hook.payload, hook.signature, "whsec_other", undefined, crypto)).rejects.toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    // Events are listed too.
    const events = await stripe.events.list({ type: "payment_intent.succeeded" });
    expect(events.data.map((e) => e.id)).toEqual([event.id]);
  });

  it("accepts Stripe's test PaymentMethods (pm_card_visa …)", async () => {
    const { stripe } = setup();
    const intent = await stripe.paymentIntents.create({ amount: 900, currency: "usd" });
    const ok = await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    expect(ok.status).toBe("succeeded");
    const declined = await stripe.paymentIntents.create({ amount: 900, currency: "usd" });
    const error = await caught(stripe.paymentIntents.confirm(declined.id, { payment_method: "pm_card_chargeDeclinedInsufficientFunds" }));
    expect(error.decline_code).toBe("insufficient_funds");
  });

  it("declines 4000 0000 0000 0002 with a card_error and delivers payment_intent.payment_failed", async () => {
    const { stripe, webhooks } = setup();
    const created = await stripe.paymentIntents.create({ amount: 4900, currency: "usd" });
    const error = await caught(stripe.paymentIntents.confirm(created.id, card("4000000000000002")));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error.statusCode).toBe(402);
    expect(error.code).toBe("card_declined");
    expect(error.decline_code).toBe("generic_decline");
    expect(error.message).toBe("Your card was declined.");
    const errorIntent = error.payment_intent as Stripe.PaymentIntent;
    expect(errorIntent.id).toBe(created.id);
    expect(errorIntent.status).toBe("requires_payment_method");
    expect(errorIntent.last_payment_error?.code).toBe("card_declined");

    const after = await stripe.paymentIntents.retrieve(created.id);
    expect(after.status).toBe("requires_payment_method");
    expect(after.amount_received).toBe(0);
    expect(after.last_payment_error?.decline_code).toBe("generic_decline");
    expect(after.last_payment_error?.type).toBe("card_error");

    expect(webhooks).toHaveLength(1);
    const event = await stripe.webhooks.constructEventAsync(webhooks[0].payload, webhooks[0].signature, SECRET, undefined, crypto);
    expect(event.type).toBe("payment_intent.payment_failed");
    const failed = event.data.object as Stripe.PaymentIntent;
    expect(failed.id).toBe(created.id);
    expect(failed.last_payment_error?.message).toBe("Your card was declined.");
  });

  it("declines 4000 0000 0000 9995 for insufficient funds, and a later good card still succeeds", async () => {
    const { stripe, webhooks } = setup();
    const created = await stripe.paymentIntents.create({ amount: 1500, currency: "gbp" });
    const error = await caught(stripe.paymentIntents.confirm(created.id, card("4000000000009995")));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error.code).toBe("card_declined");
    expect(error.decline_code).toBe("insufficient_funds");
    expect(error.message).toBe("Your card has insufficient funds.");
    const retried = await stripe.paymentIntents.confirm(created.id, card("4242424242424242"));
    expect(retried.status).toBe("succeeded");
    expect(retried.last_payment_error).toBeNull();
    expect(webhooks.map((w) => JSON.parse(w.payload).type)).toEqual(["payment_intent.payment_failed", "payment_intent.succeeded"]);
  });

  it("refuses a bad number, an expired date and a bad CVC with Stripe's codes", async () => {
    const { stripe } = setup();
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: "usd" });
    const badNumber = await caught(stripe.paymentIntents.confirm(intent.id, card("4242424242424241")));
    expect([badNumber.code, badNumber.message]).toEqual(["incorrect_number", "Your card number is incorrect."]);
    const expired = await caught(stripe.paymentIntents.confirm(intent.id, card("4242424242424242", { exp_month: "1", exp_year: "2020" })));
    expect([expired.code, expired.message]).toEqual(["expired_card", "Your card has expired."]);
    const badCvc = await caught(stripe.paymentIntents.confirm(intent.id, card("4242424242424242", { cvc: "1" })));
    expect([badCvc.code, badCvc.message]).toEqual(["incorrect_cvc", "Your card's security code is incorrect."]);
    const otherCard = await stripe.paymentIntents.confirm(intent.id, card("5555555555554444"));
    expect(otherCard.status).toBe("succeeded");
  });

  it("refuses to confirm a PaymentIntent that already succeeded", async () => {
    const { stripe, webhooks } = setup();
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: "usd" });
    await stripe.paymentIntents.confirm(intent.id, card("4242424242424242"));
    const error = await caught(stripe.paymentIntents.confirm(intent.id, card("4242424242424242")));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.code).toBe("payment_intent_unexpected_state");
    expect(webhooks).toHaveLength(1);
  });

  it("cancels and updates PaymentIntents", async () => {
    const { stripe } = setup();
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: "usd", metadata: { a: "1" } });
    const updated = await stripe.paymentIntents.update(intent.id, { amount: 1700, metadata: { b: "2" } });
    expect(updated.amount).toBe(1700);
    expect(updated.metadata).toEqual({ a: "1", b: "2" });
    const canceled = await stripe.paymentIntents.cancel(intent.id);
    expect(canceled.status).toBe("canceled");
    const error = await caught(stripe.paymentIntents.confirm(intent.id, card("4242424242424242")));
    expect(error.code).toBe("payment_intent_unexpected_state");
  });

  it("keeps each emulator's account separate and uses the injected clock", async () => {
    const fixed = Date.UTC(2030, 0, 2, 3, 4, 5);
    const a = setup({ now: () => fixed });
    const b = setup();
    const intent = await a.stripe.paymentIntents.create({ amount: 100, currency: "usd" });
    expect(intent.created).toBe(fixed / 1000);
    const error = await caught(b.stripe.paymentIntents.retrieve(intent.id));
    expect(error.code).toBe("resource_missing");
  });
});

describe("authentication and the browser side", () => {
  it("answers 401 in Stripe's error shape without a secret key", async () => {
    const { emulator } = setup();
    const response = await emulator.fetch(new Request("https://api.stripe.com/v1/payment_intents", { method: "POST", body: "amount=100&currency=usd" }));
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe("invalid_request_error");
    expect(body.error.message).toMatch(/^You did not provide an API key/);

    const live = new Stripe("sk_live_1234567890abcdef", {
      httpClient: Stripe.createFetchHttpClient((url, init) => emulator.fetch(new Request(url, init))),
      maxNetworkRetries: 0,
    });
    const error = await caught(live.paymentIntents.create({ amount: 100, currency: "usd" }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
  });

  it("lets a publishable key read and confirm a PaymentIntent only with its client secret", async () => {
    const { emulator, stripe, webhooks } = setup();
    const intent = await stripe.paymentIntents.create({ amount: 4900, currency: "usd", metadata: { secret: "server-only" } });
    const secret = intent.client_secret!;

    const read = await browserRequest(emulator, "GET", `/v1/payment_intents/${intent.id}`, { key: "pk_test_x", client_secret: secret });
    expect(read.status).toBe(200);
    const readBody = (await read.json()) as Record<string, unknown>;
    expect(readBody.id).toBe(intent.id);
    expect(readBody.status).toBe("requires_payment_method");
    expect(readBody.client_secret).toBe(secret);
    expect(readBody).not.toHaveProperty("metadata");

    const wrong = `${intent.id}_secret_wrongwrongwrongwrongwrong1`;
    const wrongRead = await browserRequest(emulator, "GET", `/v1/payment_intents/${intent.id}`, { key: "pk_test_x", client_secret: wrong });
    expect(wrongRead.status).toBe(400);
    expect(((await wrongRead.json()) as { error: { param: string } }).error.param).toBe("client_secret");
    const noSecret = await browserRequest(emulator, "GET", `/v1/payment_intents/${intent.id}`, { key: "pk_test_x" });
    expect(noSecret.status).toBe(400);
    const unknown = await browserRequest(emulator, "GET", `/v1/payment_intents/pi_nope`, { key: "pk_test_x", client_secret: "pi_nope_secret_x" });
    expect(unknown.status).toBe(404);
    const createWithPk = await browserRequest(emulator, "POST", "/v1/payment_intents", { key: "pk_test_x", amount: "100", currency: "usd" });
    expect(createWithPk.status).toBe(401);

    const cardParams = {
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": "4242424242424242",
      "payment_method_data[card][exp_month]": "12",
      "payment_method_data[card][exp_year]": "2040",
      "payment_method_data[card][cvc]": "123",
      return_url: "https://shop.example/courses/payment-success",
    };
    const refused = await browserRequest(emulator, "POST", `/v1/payment_intents/${intent.id}/confirm`, { key: "pk_test_x", client_secret: wrong, ...cardParams });
    expect(refused.status).toBe(400);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method");
    expect(webhooks).toHaveLength(0);

    const declined = await browserRequest(emulator, "POST", `/v1/payment_intents/${intent.id}/confirm`, {
      key: "pk_test_x",
      client_secret: secret,
      ...cardParams,
      "payment_method_data[card][number]": "4000000000000002",
    });
    expect(declined.status).toBe(402);
    const declinedBody = (await declined.json()) as { error: { type: string; code: string; decline_code: string; payment_intent: Record<string, unknown> } };
    expect(declinedBody.error).toMatchObject({ type: "card_error", code: "card_declined", decline_code: "generic_decline" });
    expect(declinedBody.error.payment_intent.status).toBe("requires_payment_method");
    expect(declinedBody.error.payment_intent).not.toHaveProperty("metadata");

    const confirmed = await browserRequest(emulator, "POST", `/v1/payment_intents/${intent.id}/confirm`, { key: "pk_test_x", client_secret: secret, ...cardParams });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { status: string }).status).toBe("succeeded");
    expect((await stripe.paymentIntents.retrieve(intent.id)).amount_received).toBe(4900);
    expect(webhooks.map((w) => JSON.parse(w.payload).type)).toEqual(["payment_intent.payment_failed", "payment_intent.succeeded"]);
  });

  it("serves the Stripe.js stand-in and a health answer", async () => {
    const { emulator } = setup();
    for (const path of ["/v3/stripe.js", "/__stripe/v3/stripe.js"]) {
      const response = await emulator.fetch(new Request(`http://localhost:5173${path}`));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const script = await response.text();
      expect(script).toContain("window.Stripe = Stripe");
      expect(script).toContain("confirmPayment");
      expect(script).not.toMatch(/\beval\(|new Function/);
    }
    const health = await emulator.fetch(new Request("http://emulator.local/"));
    expect(await health.json()).toEqual({ emulator: "stripe", ok: true });
  });

  it("signs payloads exactly like Stripe (the SDK's own test header matches)", async () => {
    const payload = JSON.stringify({ id: "evt_1", object: "event" });
    const header = await signWebhookPayload(payload, SECRET, 1700000000);
    const expected = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: SECRET, timestamp: 1700000000, cryptoProvider: crypto });
    expect(header).toBe(expected);
  });
});

describe("the Worker entry", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("delivers webhooks to the x-emulator-webhook-url of the creating request, in waitUntil", async () => {
    const delivered: Request[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo, init?: RequestInit) => {
      delivered.push(new Request(input, init));
      return new Response("ok");
    });
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (promise: Promise<unknown>) => pending.push(promise), passThroughOnException() {} } as unknown as ExecutionContext;
    const env = { STRIPE_WEBHOOK_SECRET: "whsec_worker_test" };
    const stripeVia = (webhookUrl?: string) =>
      new Stripe("sk_test_worker", {
        httpClient: Stripe.createFetchHttpClient((url, init) => {
          const request = new Request(url, init);
          if (webhookUrl) request.headers.set("x-emulator-webhook-url", webhookUrl);
          return worker.fetch(request, env, ctx);
        }),
        maxNetworkRetries: 0,
      });

    const withHook = stripeVia("http://localhost:5173/api/stripe/webhook");
    const intent = await withHook.paymentIntents.create({ amount: 4900, currency: "usd" });
    await withHook.paymentIntents.confirm(intent.id, card("4242424242424242"));
    await Promise.all(pending);
    expect(delivered).toHaveLength(1);
    expect(delivered[0].url).toBe("http://localhost:5173/api/stripe/webhook");
    expect(delivered[0].method).toBe("POST");
    const event = await withHook.webhooks.constructEventAsync(
      await delivered[0].text(),
      delivered[0].headers.get("Stripe-Signature")!,
      "whsec_worker_test",
      undefined,
      crypto,
    );
    expect(event.type).toBe("payment_intent.succeeded");
    expect((event.data.object as Stripe.PaymentIntent).id).toBe(intent.id);

    // Without the header on the creating request, nothing is delivered.
    const withoutHook = stripeVia();
    const silent = await withoutHook.paymentIntents.create({ amount: 4900, currency: "usd" });
    await caught(withoutHook.paymentIntents.confirm(silent.id, card("4000000000000002")));
    await Promise.all(pending);
    expect(delivered).toHaveLength(1);
  });
});
