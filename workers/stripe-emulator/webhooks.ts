/**
 * Webhooks: recording `payment_intent.*`, `charge.refunded` and `refund.*` events, signing them as Stripe does, and delivering them through the
 * account's `deliverWebhook` once the answer to the request is decided.
 */
import type Stripe from "stripe";
import { newId, seconds, type Account, type Call, type IntentRecord } from "./account";
import { EMULATOR_API_VERSION } from "./errors";

/** The URL of every delivered webhook Request; the caller routes it (see `WebhookDelivery.webhookUrl`). */
export const WEBHOOK_DELIVERY_URL = "http://app.invalid/api/stripe/webhook";
/** Request header, on the request that creates a PaymentIntent, naming where its webhooks should go. */
export { EMULATOR_WEBHOOK_URL_HEADER as WEBHOOK_URL_HEADER } from "../../app/lib/stripe-emulator";

/** The events the emulator records: Stripe's own event types for PaymentIntents and refunds. */
export type StripeEvent =
  | Stripe.PaymentIntentCreatedEvent
  | Stripe.PaymentIntentSucceededEvent
  | Stripe.PaymentIntentPaymentFailedEvent
  | Stripe.PaymentIntentCanceledEvent
  | Stripe.ChargeRefundedEvent
  | Stripe.RefundCreatedEvent;

/** Passed to `deliverWebhook` beside the Request. */
export interface WebhookDelivery {
  event: StripeEvent;
  paymentIntentId: string;
  /** The `x-emulator-webhook-url` header of the request that created the PaymentIntent, or null. */
  webhookUrl: string | null;
}

/** The `Stripe-Signature` header value for a payload: `t=<timestamp>,v1=<hex HMAC-SHA256("<t>.<payload>")>`. */
export async function signWebhookPayload(payload: string, secret: string, timestamp: number): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${payload}`));
  const hex = Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `t=${timestamp},v1=${hex}`;
}

/** The POST Stripe would send for `event`. */
async function webhookRequest(event: StripeEvent, secret: string, timestamp: number): Promise<Request> {
  const payload = JSON.stringify(event, null, 2);
  const signature = await signWebhookPayload(payload, secret, timestamp);
  return new Request(WEBHOOK_DELIVERY_URL, {
    method: "POST",
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Stripe-Signature": signature,
      "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      Accept: "*/*; q=0.5, application/xml",
      "Cache-Control": "no-cache",
    },
    body: payload,
  });
}

/**
 * Records an event about `object` (by default the PaymentIntent in `record`; a refund's charge or the refund itself)
 * listed at GET /v1/events and, when `deliver` is set and the account has `deliverWebhook`, queues its delivery
 * to the PaymentIntent's webhook URL on the call (run by the router after the answer).
 */
export function recordEvent(
  account: Account,
  call: Call,
  record: IntentRecord,
  type: StripeEvent["type"],
  deliver: boolean,
  object: StripeEvent["data"]["object"] = record.intent,
): StripeEvent {
  const { deliverWebhook } = account;
  const event = {
    id: newId("evt"),
    object: "event",
    api_version: EMULATOR_API_VERSION,
    created: seconds(account),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: deliver && deliverWebhook ? 1 : 0,
    request: { id: call.requestId, idempotency_key: call.idempotencyKey },
    type,
  } as StripeEvent;
  account.events.push(event);
  if (deliver && deliverWebhook) {
    call.deliveries.push(async () => {
      try {
        const request = await webhookRequest(event, account.webhookSecret, seconds(account));
        await deliverWebhook(request, { event, paymentIntentId: record.intent.id, webhookUrl: record.webhookUrl });
      } catch {
        // Delivery failures are ignored: no retries in the emulator.
      } finally {
        event.pending_webhooks = 0;
      }
    });
  }
  return event;
}
