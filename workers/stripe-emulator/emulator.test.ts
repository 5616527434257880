import Stripe from "stripe";
import { afterEach, assert, describe, expect, it, vi } from "vitest";
import { MISSING_SECRETS_MESSAGE, createStripeEmulator, signWebhookPayload, type StripeEmulatorOptions } from "./emulator";
import worker from "./index";
import { ENDPOINT_PARAMS } from "./params";

const SECRET = "whsec_test_secret";
const SECRET_KEY = "sk_test_emulator_unit";
const crypto = Stripe.createSubtleCryptoProvider();

function setup(options: Partial<StripeEmulatorOptions> = {}) {
  const webhooks: { payload: string; signature: string; url: string; webhookUrl: string | null }[] = [];
  const emulator = createStripeEmulator({
    secretKey: SECRET_KEY,
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
  const stripe = new Stripe(SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient((url, init) => emulator.fetch(new Request(url, init))),
    maxNetworkRetries: 0,
  });
  return { emulator, stripe, webhooks };
}

/** What the stand-in Stripe.js sends: form-encoded, publishable key and client secret in the parameters. */
function browserRequest(
  emulator: { fetch(r: Request): Promise<Response> },
  method: "GET" | "POST",
  path: string,
  params: Record<string, string>,
) {
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
    assert(hook, "the webhook");
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
    await expect(
      stripe.webhooks.constructEventAsync(hook.payload.replace("4900", "4901"), hook.signature, SECRET, undefined, crypto),
    ).rejects.toThrow(Stripe.errors.StripeSignatureVerificationError);
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
    const ok = await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa", expand: ["payment_method"] });
    expect(ok.status).toBe("succeeded");
    // Like Stripe, the test id makes a new PaymentMethod of its own.
    const method = ok.payment_method as Stripe.PaymentMethod;
    expect(method.id).toMatch(/^pm_[A-Za-z0-9]{24}$/);
    expect(method.card).toMatchObject({ brand: "visa", last4: "4242" });
    const again = await stripe.paymentIntents.create({ amount: 900, currency: "usd", payment_method: "pm_card_visa", confirm: true });
    expect(again.payment_method).toMatch(/^pm_[A-Za-z0-9]{24}$/);
    expect(again.payment_method).not.toBe(method.id);
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
    const [hook] = webhooks;
    assert(hook, "the webhook");
    const event = await stripe.webhooks.constructEventAsync(hook.payload, hook.signature, SECRET, undefined, crypto);
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

  it("delivers a signed payment_intent.canceled webhook when a PaymentIntent is cancelled", async () => {
    const { stripe, webhooks } = setup();
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: "usd", metadata: { couponCode: "ONCE" } });
    await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: "abandoned" });
    expect(webhooks).toHaveLength(1);
    const [delivery] = webhooks;
    assert(delivery, "the delivery");
    const event = await stripe.webhooks.constructEventAsync(delivery.payload, delivery.signature, SECRET, 300, crypto);
    assert(event.type === "payment_intent.canceled", event.type);
    expect(event.data.object).toMatchObject({ id: intent.id, status: "canceled", cancellation_reason: "abandoned" });
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
    const response = await emulator.fetch(
      new Request("https://api.stripe.com/v1/payment_intents", { method: "POST", body: "amount=100&currency=usd" }),
    );
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
    const unknown = await browserRequest(emulator, "GET", `/v1/payment_intents/pi_nope`, {
      key: "pk_test_x",
      client_secret: "pi_nope_secret_x",
    });
    expect(unknown.status).toBe(404);
    const createWithPk = await browserRequest(emulator, "POST", "/v1/payment_intents", {
      key: "pk_test_x",
      amount: "100",
      currency: "usd",
    });
    expect(createWithPk.status).toBe(401);

    const cardParams = {
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": "4242424242424242",
      "payment_method_data[card][exp_month]": "12",
      "payment_method_data[card][exp_year]": "2040",
      "payment_method_data[card][cvc]": "123",
      return_url: "https://shop.example/courses/payment-success",
    };
    const refused = await browserRequest(emulator, "POST", `/v1/payment_intents/${intent.id}/confirm`, {
      key: "pk_test_x",
      client_secret: wrong,
      ...cardParams,
    });
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
    const declinedBody = (await declined.json()) as {
      error: { type: string; code: string; decline_code: string; payment_intent: Record<string, unknown> };
    };
    expect(declinedBody.error).toMatchObject({ type: "card_error", code: "card_declined", decline_code: "generic_decline" });
    expect(declinedBody.error.payment_intent.status).toBe("requires_payment_method");
    expect(declinedBody.error.payment_intent).not.toHaveProperty("metadata");

    const confirmed = await browserRequest(emulator, "POST", `/v1/payment_intents/${intent.id}/confirm`, {
      key: "pk_test_x",
      client_secret: secret,
      ...cardParams,
    });
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
    const expected = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: SECRET,
      timestamp: 1700000000,
      cryptoProvider: crypto,
    });
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
    const ctx = {
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
      passThroughOnException() {},
    } as unknown as ExecutionContext;
    const env = { STRIPE_EMULATOR_SECRET_KEY: "sk_test_worker_key", STRIPE_EMULATOR_WEBHOOK_SECRET: "whsec_worker_test" };
    const stripeVia = (webhookUrl?: string) =>
      new Stripe("sk_test_worker_key", {
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
    const [delivery] = delivered;
    assert(delivery, "the delivery");
    expect(delivery.url).toBe("http://localhost:5173/api/stripe/webhook");
    expect(delivery.method).toBe("POST");
    const event = await withHook.webhooks.constructEventAsync(
      await delivery.text(),
      delivery.headers.get("Stripe-Signature")!,
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

describe("secrets and exposure", () => {
  it("accepts only its own secret key: any other sk_test_ key is 401, as at Stripe", async () => {
    const { emulator, stripe } = setup();
    await stripe.paymentIntents.create({ amount: 100, currency: "usd" });
    for (const key of ["sk_test_emulator", "sk_test_guessed_0123456789"]) {
      const response = await emulator.fetch(
        new Request("https://api.stripe.com/v1/payment_intents?limit=100", { headers: { Authorization: `Bearer ${key}` } }),
      );
      expect(response.status).toBe(401);
      const body = await response.text();
      expect(body).toContain("Invalid API Key provided");
      expect(body).not.toContain("_secret_");
    }
  });

  it("sends no CORS headers, and has no preflight answer (the browser uses the app's own origin)", async () => {
    const { emulator } = setup();
    const responses = [
      await emulator.fetch(new Request("http://localhost/__stripe/v3/stripe.js", { headers: { Origin: "https://evil.example" } })),
      await emulator.fetch(
        new Request("http://localhost/__stripe/v1/payment_intents", { method: "OPTIONS", headers: { Origin: "https://evil.example" } }),
      ),
      await browserRequest(emulator, "GET", "/v1/payment_intents/pi_x", { key: "pk_test_x", client_secret: "pi_x_secret_y" }),
      await emulator.fetch(new Request("http://localhost/")),
    ];
    for (const response of responses) {
      expect([...response.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
    }
    expect(responses[1]?.status).not.toBe(204);
  });

  it("has no default secrets: it refuses to start without a secret key and a webhook secret", async () => {
    const deliverWebhook = async () => null;
    expect(() => createStripeEmulator({ webhookSecret: SECRET } as StripeEmulatorOptions)).toThrow(/secretKey/);
    expect(() => createStripeEmulator({ secretKey: SECRET_KEY, webhookSecret: "" })).toThrow(/webhookSecret/);
    expect(() => createStripeEmulator({ secretKey: SECRET_KEY, deliverWebhook } as unknown as StripeEmulatorOptions)).toThrow(
      /webhookSecret/,
    );
    const ctx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await worker.fetch(new Request("http://localhost/v1/payment_intents"), {}, ctx);
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(MISSING_SECRETS_MESSAGE);
      expect(error).toHaveBeenCalledWith(MISSING_SECRETS_MESSAGE);
    } finally {
      error.mockRestore();
    }
  });
});

describe("conformance with stripe SDK 23", () => {
  type ErrorBody = { error: { type: string; code: string; param: string; message: string } };
  const apiCall = async (emulator: { fetch(r: Request): Promise<Response> }, method: "GET" | "POST", path: string, params: string) => {
    const url = `https://api.stripe.com${path}${method === "GET" ? `?${params}` : ""}`;
    const init = method === "GET" ? {} : { method, body: params, headers: { "Content-Type": "application/x-www-form-urlencoded" } };
    const response = await emulator.fetch(
      new Request(url, { ...init, headers: { ...init.headers, Authorization: `Bearer ${SECRET_KEY}` } }),
    );
    return { status: response.status, body: (await response.json()) as ErrorBody & Record<string, unknown> };
  };

  it("fills every field the SDK marks as required on a PaymentIntent, with Stripe's nulls", async () => {
    const { stripe } = setup();
    const intent = await stripe.paymentIntents.create({ amount: 4900, currency: "usd", automatic_payment_methods: { enabled: true } });
    for (const field of [
      "allowed_payment_method_types",
      "excluded_payment_method_types",
      "customer_account",
      "managed_payments",
      "payment_record",
    ]) {
      expect(intent).toHaveProperty(field, null);
    }
    expect(intent.payment_method_types).toEqual(["card"]);
    const confirmed = await stripe.paymentIntents.confirm(intent.id, {
      ...card("4242424242424242"),
      expand: ["latest_charge", "payment_method"],
    });
    const charge = confirmed.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({
      object: "charge",
      disputed: false,
      balance_transaction: null,
      status: "succeeded",
      payment_intent: intent.id,
    });
    expect((confirmed.payment_method as Stripe.PaymentMethod).customer_account).toBeNull();
    const [event] = (await stripe.events.list({ types: ["payment_intent.succeeded"] })).data;
    expect(event).toMatchObject({ object: "event", type: "payment_intent.succeeded", api_version: expect.any(String) });
  });

  it("takes allowed_payment_method_types and refuses payment_method_types, which SDK 23 removed", async () => {
    const { stripe } = setup();
    const intent = await stripe.paymentIntents.create({ amount: 100, currency: "usd", allowed_payment_method_types: ["card"] });
    expect(intent.allowed_payment_method_types).toEqual(["card"]);
    expect(intent.automatic_payment_methods).toBeNull();
    const removed = await caught(stripe.paymentIntents.create({ amount: 100, currency: "usd", payment_method_types: ["card"] } as never));
    expect([removed.code, removed.param]).toEqual(["parameter_unknown", "payment_method_types"]);
    const notCard = await caught(stripe.paymentIntents.create({ amount: 100, currency: "usd", allowed_payment_method_types: ["ideal"] }));
    expect([removed.statusCode, notCard.param]).toEqual([400, "allowed_payment_method_types[0]"]);
  });

  it("refuses unknown parameters at every level and on every endpoint, naming the parameter", async () => {
    const { emulator, stripe } = setup();
    const intent = await stripe.paymentIntents.create({ amount: 100, currency: "usd" });
    const nested = await caught(
      stripe.paymentIntents.create({ amount: 100, currency: "usd", automatic_payment_methods: { enabled: true, bogus: "1" } as never }),
    );
    expect(nested).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([nested.code, nested.param, nested.message]).toEqual([
      "parameter_unknown",
      "automatic_payment_methods[bogus]",
      "Received unknown parameter: automatic_payment_methods[bogus]",
    ]);
    const deep = await caught(
      stripe.paymentIntents.confirm(intent.id, {
        payment_method_data: { type: "card", card: { number: "4242424242424242", exp_month: 1, exp_year: 2040, colour: "x" } } as never,
      }),
    );
    expect([deep.code, deep.param]).toEqual(["parameter_unknown", "payment_method_data[card][colour]"]);
    const calls: Array<[string, "GET" | "POST", string]> = [
      ["createPaymentIntent", "POST", "/v1/payment_intents"],
      ["listPaymentIntents", "GET", "/v1/payment_intents"],
      ["retrievePaymentIntent", "GET", `/v1/payment_intents/${intent.id}`],
      ["updatePaymentIntent", "POST", `/v1/payment_intents/${intent.id}`],
      ["confirmPaymentIntent", "POST", `/v1/payment_intents/${intent.id}/confirm`],
      ["cancelPaymentIntent", "POST", `/v1/payment_intents/${intent.id}/cancel`],
      ["listEvents", "GET", "/v1/events"],
      ["retrieveEvent", "GET", "/v1/events/evt_x"],
      ["createRefund", "POST", "/v1/refunds"],
      ["listRefunds", "GET", "/v1/refunds"],
      ["retrieveRefund", "GET", "/v1/refunds/re_x"],
    ];
    expect(calls.map(([name]) => name).sort()).toEqual(Object.keys(ENDPOINT_PARAMS).sort());
    for (const [, method, path] of calls) {
      const { status, body } = await apiCall(emulator, method, path, "bogus=1");
      expect(status, path).toBe(400);
      expect(body.error, path).toMatchObject({ type: "invalid_request_error", code: "parameter_unknown", param: "bogus" });
    }
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method");
  });

  it("checks types, emptiness and presence of parameters with Stripe's codes", async () => {
    const { emulator, stripe } = setup();
    const intent = await stripe.paymentIntents.create({ amount: 100, currency: "usd" });
    const cases: Array<[string, string, string, string]> = [
      ["/v1/payment_intents", "amount=ten&currency=usd", "parameter_invalid_integer", "amount"],
      ["/v1/payment_intents", "amount=100&currency=usd&confirm=yes", "parameter_invalid_boolean", "confirm"],
      ["/v1/payment_intents", "amount=100&currency=usd&description=", "parameter_invalid_empty", "description"],
      [
        "/v1/payment_intents",
        "amount=100&currency=usd&automatic_payment_methods[allow_redirects]=never",
        "parameter_missing",
        "automatic_payment_methods[enabled]",
      ],
      ["/v1/payment_intents", "amount=100&currency=usd&capture_method=manual", "parameter_invalid_string", "capture_method"],
      ["/v1/payment_intents", "amount=100&currency=usd&metadata=x", "parameter_invalid_object", "metadata"],
      ["/v1/payment_intents", "amount=100&currency=usd&shipping[name]=x", "parameter_unknown", "shipping"],
      [
        `/v1/payment_intents/${intent.id}/confirm`,
        "payment_method_data[card][number]=4242424242424242&payment_method_data[card][exp_month]=1&payment_method_data[card][exp_year]=40",
        "parameter_missing",
        "payment_method_data[type]",
      ],
      [`/v1/payment_intents/${intent.id}/confirm`, "return_url=javascript:alert(1)", "url_invalid", "return_url"],
      [`/v1/payment_intents/${intent.id}/cancel`, "cancellation_reason=bored", "parameter_invalid_string", "cancellation_reason"],
    ];
    for (const [path, params, code, param] of cases) {
      const { status, body } = await apiCall(emulator, "POST", path, params);
      expect([status, body.error.code, body.error.param], params).toEqual([400, code, param]);
    }
    const limit = await apiCall(emulator, "GET", "/v1/payment_intents", "limit=0");
    expect([limit.status, limit.body.error.param]).toEqual([400, "limit"]);
  });

  it("refuses an unsupported currency instead of storing it", async () => {
    const { stripe } = setup();
    const error = await caught(stripe.paymentIntents.create({ amount: 100, currency: "xyz" }));
    expect([error.statusCode, error.param]).toEqual([400, "currency"]);
    expect(error.message).toMatch(/^Invalid currency: xyz\./);
    expect((await stripe.paymentIntents.list()).data).toEqual([]);
    const intent = await stripe.paymentIntents.create({ amount: 100, currency: "usd" });
    const update = await caught(stripe.paymentIntents.update(intent.id, { currency: "abc" }));
    expect(update.param).toBe("currency");
    expect((await stripe.paymentIntents.retrieve(intent.id)).currency).toBe("usd");
  });

  it("expands only what the object can expand", async () => {
    const { stripe } = setup();
    const intent = await stripe.paymentIntents.create({ amount: 100, currency: "usd", payment_method: "pm_card_visa" });
    const nonsense = await caught(stripe.paymentIntents.retrieve(intent.id, { expand: ["nonsense"] }));
    expect([nonsense.statusCode, nonsense.param, nonsense.message]).toEqual([
      400,
      "expand[0]",
      "This property cannot be expanded (nonsense).",
    ]);
    const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ["payment_method"] });
    expect((expanded.payment_method as Stripe.PaymentMethod).object).toBe("payment_method");
    const listed = await stripe.paymentIntents.list({ expand: ["data.payment_method"] });
    expect((listed.data[0]?.payment_method as Stripe.PaymentMethod | undefined)?.object).toBe("payment_method");
    const wrongLevel = await caught(stripe.paymentIntents.list({ expand: ["payment_method"] }));
    expect(wrongLevel.param).toBe("expand[0]");
  });

  it("accepts, through the SDK, exactly what the app sends when it creates a PaymentIntent", async () => {
    const { stripe } = setup();
    // The parameters of createPaymentIntentForCourse (app/server/payments/payments.server.ts), typed by the SDK.
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 4900,
      currency: "usd",
      automatic_payment_methods: { enabled: true },
      receipt_email: "ada@example.com",
      metadata: { courseId: "1", email: "ada@example.com", name: "" },
      description: "Course enrolment #1",
    };
    const intent = await stripe.paymentIntents.create(params, { idempotencyKey: "course-1-attempt-x" });
    expect(intent).toMatchObject({
      amount: 4900,
      currency: "usd",
      receipt_email: "ada@example.com",
      metadata: { courseId: "1", email: "ada@example.com" },
    });
  });
});

describe("refunds through the stripe SDK", () => {
  async function paid(stripe: Stripe, amount = 4900) {
    const created = await stripe.paymentIntents.create({ amount, currency: "usd", metadata: { courseId: "1" } });
    return stripe.paymentIntents.confirm(created.id, card("4242 4242 4242 4242"));
  }

  it("refunds a PaymentIntent in full, marks its charge refunded and delivers charge.refunded and refund.created", async () => {
    const { stripe, webhooks } = setup();
    const intent = await paid(stripe);
    webhooks.length = 0;
    const refund: Stripe.Refund = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 4900,
      reason: "requested_by_customer",
      metadata: { enrollmentId: "7" },
    });
    expect(refund).toMatchObject({
      object: "refund",
      amount: 4900,
      currency: "usd",
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: "succeeded",
      reason: "requested_by_customer",
      metadata: { enrollmentId: "7" },
    });
    expect(refund.id).toMatch(/^re_/);
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);

    const charge = (await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge"] })).latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 4900 });

    const events = await Promise.all(
      webhooks.map((hook) => stripe.webhooks.constructEventAsync(hook.payload, hook.signature, SECRET, undefined, crypto)),
    );
    expect(events.map((e) => e.type).sort()).toEqual(["charge.refunded", "refund.created"]);
    const chargeEvent = events.find((e) => e.type === "charge.refunded") as Stripe.ChargeRefundedEvent;
    expect(chargeEvent.data.object).toMatchObject({ id: charge.id, payment_intent: intent.id, refunded: true, amount_refunded: 4900 });
    const refundEvent = events.find((e) => e.type === "refund.created") as Stripe.RefundCreatedEvent;
    expect(refundEvent.data.object).toMatchObject({ id: refund.id, payment_intent: intent.id, metadata: { enrollmentId: "7" } });
    expect((await stripe.events.list({ types: ["charge.refunded", "refund.created"] })).data).toHaveLength(2);
  });

  it("defaults to the whole unrefunded amount, takes a charge id, and lists refunds newest first, filtered", async () => {
    const { stripe } = setup();
    const first = await paid(stripe, 3000);
    const second = await paid(stripe, 5000);
    const partial = await stripe.refunds.create({ charge: first.latest_charge as string, amount: 1000 });
    const rest = await stripe.refunds.create({ payment_intent: first.id });
    expect(rest.amount).toBe(2000);
    const other = await stripe.refunds.create({ payment_intent: second.id });
    expect((await stripe.refunds.list()).data.map((r) => r.id)).toEqual([other.id, rest.id, partial.id]);
    expect((await stripe.refunds.list({ payment_intent: first.id, limit: 1 })).data.map((r) => r.id)).toEqual([rest.id]);
    expect((await stripe.refunds.list({ charge: second.latest_charge as string })).data.map((r) => r.id)).toEqual([other.id]);
  });

  it("partial refunds by payment_intent: charge.refunded carries the running amount_refunded, refunded once all is back", async () => {
    const { stripe, webhooks } = setup();
    const intent = await paid(stripe);
    webhooks.length = 0;
    await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    await stripe.refunds.create({ payment_intent: intent.id, amount: 1500 });
    let charge = (await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge"] })).latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ refunded: false, amount_refunded: 2500 });
    await stripe.refunds.create({ payment_intent: intent.id, amount: 2400 });
    charge = (await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge"] })).latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 4900 });
    const events = await Promise.all(
      webhooks.map((hook) => stripe.webhooks.constructEventAsync(hook.payload, hook.signature, SECRET, undefined, crypto)),
    );
    const charges = events.filter((e): e is Stripe.ChargeRefundedEvent => e.type === "charge.refunded").map((e) => e.data.object);
    expect(charges.map((c) => [c.amount_refunded, c.refunded])).toEqual([
      [1000, false],
      [2500, false],
      [4900, true],
    ]);
  });

  it("refuses a second refund, too much, an unpaid PaymentIntent and unknown or missing targets, like Stripe", async () => {
    const { stripe } = setup();
    const intent = await paid(stripe);
    const tooMuch = await caught(stripe.refunds.create({ payment_intent: intent.id, amount: 4901 }));
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([tooMuch.code, tooMuch.param]).toEqual(["amount_too_large", "amount"]);
    await stripe.refunds.create({ payment_intent: intent.id });
    const again = await caught(stripe.refunds.create({ payment_intent: intent.id }));
    expect(again.code).toBe("charge_already_refunded");
    const unpaid = await stripe.paymentIntents.create({ amount: 100, currency: "usd" });
    expect((await caught(stripe.refunds.create({ payment_intent: unpaid.id }))).message).toMatch(/does not have a successful charge/);
    expect((await caught(stripe.refunds.create({ payment_intent: "pi_nope" }))).statusCode).toBe(404);
    expect((await caught(stripe.refunds.retrieve("re_nope"))).code).toBe("resource_missing");
    const neither = await caught(stripe.refunds.create({}));
    expect([neither.code, neither.statusCode]).toEqual(["parameter_missing", 400]);
  });

  it("validates refund parameters through the table, and an idempotency key never refunds twice", async () => {
    const { stripe, webhooks } = setup();
    const intent = await paid(stripe);
    const badReason = await caught(stripe.refunds.create({ payment_intent: intent.id, reason: "bored" as never }));
    expect([badReason.code, badReason.param]).toEqual(["parameter_invalid_string", "reason"]);
    const zero = await caught(stripe.refunds.create({ payment_intent: intent.id, amount: 0 }));
    expect([zero.code, zero.param]).toEqual(["parameter_invalid_integer", "amount"]);
    const unsupported = await caught(stripe.refunds.create({ payment_intent: intent.id, reverse_transfer: true }));
    expect([unsupported.code, unsupported.param]).toEqual(["parameter_unknown", "reverse_transfer"]);
    webhooks.length = 0;
    const params = { payment_intent: intent.id, amount: 4900 };
    const [a, b] = await Promise.all([
      stripe.refunds.create(params, { idempotencyKey: "refund-enrollment-1" }),
      stripe.refunds.create(params, { idempotencyKey: "refund-enrollment-1" }),
    ]);
    expect(b.id).toBe(a.id);
    expect((await stripe.refunds.list()).data).toHaveLength(1);
    expect(webhooks).toHaveLength(2);
  });
});
