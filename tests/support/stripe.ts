/**
 * The Stripe emulator behind the app's STRIPE_EMULATOR binding, in-process, for tests that call the
 * payment routes end to end (vitest.config.ts binds a stub that answers 503 otherwise).
 */
import { env } from "cloudflare:test";
import { afterEach, beforeEach } from "vitest";
import { createStripeEmulator, type StripeEmulator } from "../../workers/stripe-emulator/emulator";
import { EMULATOR_PUBLISHABLE_KEY, getPaymentsSettings } from "~/server/payments/stripe.server";

/** The emulator's secret key and webhook secret of this test run (vitest.config.ts generates them). */
export function emulatorSecrets() {
  const { secretKey, webhookSecret } = getPaymentsSettings(env as never);
  return { secretKey, webhookSecret };
}

export type EmulatorHandle = {
  emulator: StripeEmulator;
  /** Webhooks the emulator signed, held back so the test chooses when (and whether) they arrive. */
  webhooks: Request[];
  /** "METHOD /path" of every call the app made through the binding. */
  calls: string[];
};

/** Registers hooks that bind a fresh emulator for each test (with the app's emulator secrets). */
export function bindStripeEmulatorPerTest(): EmulatorHandle {
  const handle = {} as EmulatorHandle;
  const bindings = env as unknown as { STRIPE_EMULATOR?: Fetcher };
  let original: Fetcher | undefined;
  beforeEach(() => {
    original = bindings.STRIPE_EMULATOR;
    handle.webhooks = [];
    handle.calls = [];
    handle.emulator = createStripeEmulator({
      ...emulatorSecrets(),
      deliverWebhook: async (request) => {
        handle.webhooks.push(request);
        return new Response("queued");
      },
    });
    bindings.STRIPE_EMULATOR = {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        handle.calls.push(`${request.method} ${new URL(request.url).pathname}`);
        return handle.emulator.fetch(request);
      },
    } as Fetcher;
  });
  afterEach(() => {
    bindings.STRIPE_EMULATOR = original;
  });
  return handle;
}

/** Confirms a PaymentIntent the way the browser's Stripe.js does: client secret and a test card. */
export function payInBrowser(emulator: StripeEmulator, clientSecret: string, cardNumber = "4242424242424242") {
  const id = clientSecret.split("_secret_")[0];
  const body = new URLSearchParams({
    client_secret: clientSecret,
    key: EMULATOR_PUBLISHABLE_KEY,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": cardNumber,
    "payment_method_data[card][exp_month]": "12",
    "payment_method_data[card][exp_year]": String(new Date().getFullYear() + 3),
    "payment_method_data[card][cvc]": "123",
    return_url: "http://localhost/courses/payment-success",
  });
  return emulator.fetch(
    new Request(`http://localhost/v1/payment_intents/${id}/confirm`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    }),
  );
}

/** A `payment_intent.succeeded` event that Stripe never sent, as the JSON text a forger would POST to the webhook. */
export function forgedSucceededEvent({ eventId, amount, courseId }: { eventId: string; amount: number; courseId: string }) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    type: "payment_intent.succeeded",
    data: {
      object: {
        id: "pi_forged",
        object: "payment_intent",
        status: "succeeded",
        amount,
        amount_received: amount,
        currency: "usd",
        metadata: { courseId },
      },
    },
  });
}

/**
 * A Stripe emulator whose webhooks are held back in `webhooks` (each answered "queued"), so that a test
 * chooses when, and in which order, they arrive.
 */
export function emulatorHoldingWebhooks(secretKey: string, webhookSecret: string) {
  const webhooks: Request[] = [];
  const emulator = createStripeEmulator({
    secretKey,
    webhookSecret,
    deliverWebhook: async (request) => {
      webhooks.push(request);
      return new Response("queued");
    },
  });
  return { emulator, webhooks };
}
