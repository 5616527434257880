/**
 * The Stripe emulator as its own Worker (local development and tests only; see README.md).
 *
 * Webhooks: the request that creates a PaymentIntent may carry `x-emulator-webhook-url`; the emulator
 * remembers it for that PaymentIntent and POSTs its signed `payment_intent.succeeded` /
 * `payment_intent.payment_failed` events there with global fetch, in the background (ctx.waitUntil).
 * Without the header nothing is delivered (the events are still listed at GET /v1/events).
 */
import { createStripeEmulator, type StripeEmulator } from "./emulator";

interface Env {
  STRIPE_WEBHOOK_SECRET?: string;
}

let emulator: StripeEmulator | null = null;

function getEmulator(env: Env): StripeEmulator {
  emulator ??= createStripeEmulator({
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "whsec_emulator",
    deliverWebhook: async (webhook, { webhookUrl }) => {
      if (!webhookUrl) return null;
      return fetch(new Request(webhookUrl, webhook));
    },
  });
  return emulator;
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    return getEmulator(env).fetch(request, ctx);
  },
} satisfies ExportedHandler<Env>;
