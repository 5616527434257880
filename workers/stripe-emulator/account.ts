/**
 * One test-mode account's state, and what one API request carries. `createStripeEmulator()` makes one
 * `Account`; every module takes it as an argument, so that accounts never share anything.
 */
import type Stripe from "stripe";
import type { CardInput } from "./cards";
import type { Params } from "./params";
import type { StripeEvent, WebhookDelivery } from "./webhooks";

export interface StripeEmulatorOptions {
  /** The account's secret API key (`sk_test_…`): the only one accepted for secret-key calls. */
  secretKey: string;
  /** Webhook signing secret (`whsec_…`): the HMAC key, used as is, like Stripe. */
  webhookSecret: string;
  /**
   * Called once per `payment_intent.succeeded` / `payment_intent.payment_failed` / `charge.refunded` / `refund.created` event with a signed POST
   * Request to WEBHOOK_DELIVERY_URL. Errors (thrown or rejected) are swallowed; there are no retries.
   */
  deliverWebhook?: (request: Request, delivery: WebhookDelivery) => Promise<unknown>;
  /** Clock in milliseconds since the epoch (default Date.now); `created` and signature timestamps use it. */
  now?: () => number;
}

export type PaymentMethod = Stripe.PaymentMethod & { card: Stripe.PaymentMethod.Card };

export interface IntentRecord {
  intent: Stripe.PaymentIntent;
  /** Where this PaymentIntent's webhooks go: the `x-emulator-webhook-url` of the request that created it. */
  webhookUrl: string | null;
}

/** A saved answer for an idempotency key. */
export interface StoredResponse {
  status: number;
  body: string;
}

export interface Account {
  secretKey: string;
  webhookSecret: string;
  deliverWebhook: StripeEmulatorOptions["deliverWebhook"];
  /** Milliseconds since the epoch. */
  now: () => number;
  intents: Map<string, IntentRecord>;
  paymentMethods: Map<string, { object: PaymentMethod; card: CardInput }>;
  charges: Map<string, Stripe.Charge>;
  refunds: Map<string, Stripe.Refund>;
  events: StripeEvent[];
  idempotency: Map<string, { endpoint: string; fingerprint: string; result: Promise<StoredResponse | null> }>;
}

export function createAccount(options: StripeEmulatorOptions): Account {
  // No default secrets: a constant anyone can read would let anyone sign webhooks or read every client secret.
  if (!/^sk_test_\S{8,}$/.test(options.secretKey ?? "")) throw new Error("createStripeEmulator: secretKey must be an sk_test_… key.");
  if (!/^whsec_\S{8,}$/.test(options.webhookSecret ?? "")) throw new Error("createStripeEmulator: webhookSecret must be a whsec_… secret.");
  return {
    secretKey: options.secretKey,
    webhookSecret: options.webhookSecret,
    deliverWebhook: options.deliverWebhook,
    now: options.now ?? (() => Date.now()),
    intents: new Map(),
    paymentMethods: new Map(),
    charges: new Map(),
    refunds: new Map(),
    events: [],
    idempotency: new Map(),
  };
}

/** Unix seconds on the account's clock, as in Stripe's `created` fields. */
export const seconds = (account: Account) => Math.floor(account.now() / 1000);

export interface Auth {
  mode: "secret" | "publishable";
  key: string;
}

/** One API request, once parsed and authenticated. */
export interface Call {
  method: string;
  path: string;
  params: Params;
  auth: Auth;
  requestId: string;
  idempotencyKey: string | null;
  webhookUrl: string | null;
  /** Webhook deliveries to run once the response is decided. */
  deliveries: Array<() => Promise<void>>;
}

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function randomString(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = "";
  for (const byte of bytes) out += ID_ALPHABET[byte % ID_ALPHABET.length];
  return out;
}

/** A Stripe-style id: `pi_…`, `pm_…`, `ch_…`, `re_…`, `evt_…`. */
export const newId = (prefix: string) => `${prefix}_${randomString(24)}`;
