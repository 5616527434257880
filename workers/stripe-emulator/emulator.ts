/**
 * A small in-memory Stripe emulator: the part of Stripe's v1 HTTP API that the app uses (PaymentIntents,
 * refunds, events), Stripe's error shape, idempotency keys, test cards, signed `payment_intent.*` webhooks, and a
 * stand-in for Stripe.js (GET /v3/stripe.js). No Worker globals: it runs in workerd and in Node alike.
 *
 * One `createStripeEmulator()` object is one isolated Stripe test-mode account. Read in this order:
 *   account.ts   the account's state (one object per emulator, passed to every module) and one request's `Call`
 *   router.ts    HTTP: paths, API keys, parameter validation (params.ts), idempotency keys
 *   intents.ts   the PaymentIntent state machine, its payment methods and charges
 *   refunds.ts   refunds of a succeeded PaymentIntent's charge
 *   cards.ts     test cards and declines          webhooks.ts   events, signatures, delivery
 *   errors.ts    Stripe's error shape and the JSON answers
 */
import { createAccount, type StripeEmulatorOptions } from "./account";
import { handleRequest, type EmulatorFetchContext } from "./router";

// The public surface: what the Worker (index.ts), the app's tests and tests/support import from here.
export type { StripeEmulatorOptions } from "./account";
export { EMULATOR_API_VERSION } from "./errors";
export type { PaymentIntent } from "./intents";
export type { EmulatorFetchContext } from "./router";
export { WEBHOOK_DELIVERY_URL, WEBHOOK_URL_HEADER, signWebhookPayload, type StripeEvent, type WebhookDelivery } from "./webhooks";

/** What the Worker (index.ts) answers, and logs, when it was started without its secrets. */
export const MISSING_SECRETS_MESSAGE =
  "The Stripe emulator has no STRIPE_EMULATOR_SECRET_KEY / STRIPE_EMULATOR_WEBHOOK_SECRET. " +
  "Start it with `npm run dev` or `npm start`, which generate them (scripts/ensure-dev-vars.mjs).";

export interface StripeEmulator {
  fetch(request: Request, context?: EmulatorFetchContext): Promise<Response>;
}

/** One isolated test-mode account: throws without an `sk_test_…` key and a `whsec_…` secret (no defaults). */
export function createStripeEmulator(options: StripeEmulatorOptions): StripeEmulator {
  const account = createAccount(options);
  return {
    async fetch(request, context) {
      return handleRequest(account, request, context);
    },
  };
}
