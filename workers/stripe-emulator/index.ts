/**
 * The Stripe emulator as its own Worker (local development and tests only; see README.md).
 *
 * Secrets: STRIPE_EMULATOR_SECRET_KEY (the only secret key it accepts) and STRIPE_EMULATOR_WEBHOOK_SECRET (it
 * signs webhooks with it), made fresh for each run by scripts/ensure-dev-vars.mjs. Without them it refuses
 * every request with a message saying so, rather than fall back to a constant.
 *
 * Webhooks: the request that creates a PaymentIntent may carry `x-emulator-webhook-url`; the emulator
 * remembers it for that PaymentIntent and POSTs its signed `payment_intent.succeeded` /
 * `payment_intent.payment_failed` events (and its refunds' `charge.refunded` / `refund.created`) there with global fetch, in the background (ctx.waitUntil).
 * Without the header nothing is delivered (the events are still listed at GET /v1/events).
 */
import { MISSING_SECRETS_MESSAGE, createStripeEmulator, type StripeEmulator } from "./emulator";

interface Env {
  STRIPE_EMULATOR_SECRET_KEY?: string;
  STRIPE_EMULATOR_WEBHOOK_SECRET?: string;
}

// Only the default export here: workerd takes every named export of a Worker's entry for an entrypoint.
let emulator: StripeEmulator | null = null;

function getEmulator(env: Env): StripeEmulator | null {
  const secretKey = env.STRIPE_EMULATOR_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_EMULATOR_WEBHOOK_SECRET?.trim();
  if (!secretKey || !webhookSecret) return null;
  emulator ??= createStripeEmulator({
    secretKey,
    webhookSecret,
    deliverWebhook: async (webhook, { webhookUrl }) => {
      if (!webhookUrl) return null;
      return fetch(new Request(webhookUrl, webhook));
    },
  });
  return emulator;
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const instance = getEmulator(env);
    if (!instance) {
      console.error(MISSING_SECRETS_MESSAGE);
      return Promise.resolve(Response.json({ error: { type: "api_error", message: MISSING_SECRETS_MESSAGE } }, { status: 503 }));
    }
    return instance.fetch(request, ctx);
  },
} satisfies ExportedHandler<Env>;
