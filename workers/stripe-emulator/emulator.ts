/**
 * A small in-memory Stripe emulator: the part of Stripe's v1 HTTP API that the app uses (PaymentIntents,
 * events), Stripe's error shape, idempotency keys, test cards, signed `payment_intent.*` webhooks, and a
 * stand-in for Stripe.js (GET /v3/stripe.js). No Worker globals: it runs in workerd and in Node alike.
 *
 * One `createStripeEmulator()` object is one isolated Stripe test-mode account.
 */
import type Stripe from "stripe";
import { ParamError, canonical, parseParams, validateParams, type EndpointName, type Param, type Params } from "./params";
import { STRIPE_JS_STANDIN } from "./stripe-js-standin";

/** The API version the installed `stripe` SDK pins; events carry it as `api_version`. */
export const EMULATOR_API_VERSION = "2026-10-28.endive";
/** The URL of every delivered webhook Request; the caller routes it (see `WebhookDelivery.webhookUrl`). */
export const WEBHOOK_DELIVERY_URL = "http://app.invalid/api/stripe/webhook";
/** Request header, on the request that creates a PaymentIntent, naming where its webhooks should go. */
import { EMULATOR_WEBHOOK_URL_HEADER as WEBHOOK_URL_HEADER } from "../../app/lib/stripe-emulator";

/** The events the emulator records: Stripe's own event types for PaymentIntents. */
export type StripeEvent =
  | Stripe.PaymentIntentCreatedEvent
  | Stripe.PaymentIntentSucceededEvent
  | Stripe.PaymentIntentPaymentFailedEvent
  | Stripe.PaymentIntentCanceledEvent;

/** What the Worker (index.ts) answers, and logs, when it was started without its secrets. */
export const MISSING_SECRETS_MESSAGE =
  "The Stripe emulator has no STRIPE_EMULATOR_SECRET_KEY / STRIPE_EMULATOR_WEBHOOK_SECRET. " +
  "Start it with `npm run dev` or `npm start`, which generate them (scripts/ensure-dev-vars.mjs).";

/** Passed to `deliverWebhook` beside the Request. */
export interface WebhookDelivery {
  event: StripeEvent;
  paymentIntentId: string;
  /** The `x-emulator-webhook-url` header of the request that created the PaymentIntent, or null. */
  webhookUrl: string | null;
}

export interface StripeEmulatorOptions {
  /** The account's secret API key (`sk_test_…`): the only one accepted for secret-key calls. */
  secretKey: string;
  /** Webhook signing secret (`whsec_…`): the HMAC key, used as is, like Stripe. */
  webhookSecret: string;
  /**
   * Called once per `payment_intent.succeeded` / `payment_intent.payment_failed` event with a signed POST
   * Request to WEBHOOK_DELIVERY_URL. Errors (thrown or rejected) are swallowed; there are no retries.
   */
  deliverWebhook?: (request: Request, delivery: WebhookDelivery) => Promise<unknown>;
  /** Clock in milliseconds since the epoch (default Date.now); `created` and signature timestamps use it. */
  now?: () => number;
}

/** Optional second argument of `fetch`: with `waitUntil`, webhooks are delivered in the background. */
export interface EmulatorFetchContext {
  waitUntil(promise: Promise<unknown>): void;
}

export interface StripeEmulator {
  fetch(request: Request, context?: EmulatorFetchContext): Promise<Response>;
}

/** The `Stripe-Signature` header value for a payload: `t=<timestamp>,v1=<hex HMAC-SHA256("<t>.<payload>")>`. */
export async function signWebhookPayload(payload: string, secret: string, timestamp: number): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${payload}`));
  const hex = Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `t=${timestamp},v1=${hex}`;
}

// ---------------------------------------------------------------------------------------------------------
// Objects: the SDK's own types, so that the compiler catches a field Stripe has and the emulator lacks.

export type PaymentIntent = Stripe.PaymentIntent;
type PaymentMethod = Stripe.PaymentMethod & { card: Stripe.PaymentMethod.Card };
type Charge = Stripe.Charge;
type PaymentError = Stripe.PaymentIntent.LastPaymentError;

/** Fields of a PaymentIntent that a publishable key (with the client secret) may read, as Stripe documents. */
const CLIENT_SAFE_FIELDS = [
  "id", "object", "allowed_payment_method_types", "amount", "amount_details", "automatic_payment_methods", "canceled_at",
  "cancellation_reason", "capture_method", "client_secret", "confirmation_method", "created", "currency", "description",
  "excluded_payment_method_types", "last_payment_error", "livemode", "next_action", "payment_method",
  "payment_method_configuration_details", "payment_method_types", "processing", "receipt_email", "setup_future_usage",
  "shipping", "source", "status",
] as const satisfies readonly (keyof PaymentIntent)[];

// ---------------------------------------------------------------------------------------------------------
// Cards

interface CardInput {
  number: string;
  exp_month: number | null;
  exp_year: number | null;
  cvc: string | null;
  /** Stripe's own test PaymentMethods (pm_card_visa …) carry no CVC and skip the CVC check. */
  trusted: boolean;
}

interface Decline {
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
  /** Whether a charge was attempted (declines) or the card data was refused before that (bad number, date). */
  charged: boolean;
}

const DECLINED = "Your card was declined.";
const TEST_CARD_OUTCOMES: Record<string, Omit<Decline, "charged">> = {
  "4000000000000002": { code: "card_declined", decline_code: "generic_decline", message: DECLINED },
  "4000000000009995": { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000009987": { code: "card_declined", decline_code: "lost_card", message: DECLINED },
  "4000000000009979": { code: "card_declined", decline_code: "stolen_card", message: DECLINED },
  "4000000000000069": { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
  "4000000000000127": { code: "incorrect_cvc", decline_code: "incorrect_cvc", message: "Your card's security code is incorrect.", param: "cvc" },
  "4000000000000119": { code: "processing_error", decline_code: "processing_error", message: "An error occurred while processing your card. Try again in a little bit." },
};

/** Stripe's test PaymentMethod ids. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_visa_debit: "4000056655665556",
  pm_card_mastercard: "5555555555554444",
  pm_card_amex: "378282246310005",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_chargeDeclinedLostCard: "4000000000009987",
  pm_card_chargeDeclinedStolenCard: "4000000000009979",
  pm_card_chargeDeclinedExpiredCard: "4000000000000069",
  pm_card_chargeDeclinedIncorrectCvc: "4000000000000127",
  pm_card_chargeDeclinedProcessingError: "4000000000000119",
};

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function cardBrand(digits: string): string {
  if (/^3[47]/.test(digits)) return "amex";
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  return "unknown";
}

/** The outcome of charging a card at `nowMs`: null when it succeeds. */
function evaluateCard(card: CardInput, nowMs: number): Decline | null {
  const digits = card.number;
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    return { code: "incorrect_number", message: "Your card number is incorrect.", param: "number", charged: false };
  }
  if (card.exp_month === null || !Number.isInteger(card.exp_month) || card.exp_month < 1 || card.exp_month > 12) {
    return { code: "invalid_expiry_month", message: "Your card's expiration month is invalid.", param: "exp_month", charged: false };
  }
  const today = new Date(nowMs);
  const currentYear = today.getUTCFullYear();
  if (card.exp_year === null || !Number.isInteger(card.exp_year) || card.exp_year > currentYear + 50) {
    return { code: "invalid_expiry_year", message: "Your card's expiration year is invalid.", param: "exp_year", charged: false };
  }
  if (card.exp_year < currentYear || (card.exp_year === currentYear && card.exp_month < today.getUTCMonth() + 1)) {
    return { code: "expired_card", decline_code: "expired_card", message: "Your card has expired.", param: "exp_month", charged: false };
  }
  if (!card.trusted) {
    const cvcLength = cardBrand(digits) === "amex" ? 4 : 3;
    if (card.cvc === null || !new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
      return { code: "incorrect_cvc", decline_code: "incorrect_cvc", message: "Your card's security code is incorrect.", param: "cvc", charged: false };
    }
  }
  const outcome = TEST_CARD_OUTCOMES[digits];
  return outcome ? { ...outcome, charged: true } : null;
}

// ---------------------------------------------------------------------------------------------------------
// Responses

interface ApiError {
  type: "invalid_request_error" | "card_error" | "idempotency_error" | "api_error";
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: PaymentMethod;
  request_log_url?: string;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError,
  ) {
    super(error.message);
  }
}

const invalid = (message: string, extra: Partial<ApiError> = {}, status = 400) =>
  new HttpError(status, { type: "invalid_request_error", message, ...extra });

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`;

// No CORS headers: the browser reaches the emulator on the app's own origin (/__stripe, workers/app.ts).
const BASE_HEADERS: Record<string, string> = { "Cache-Control": "no-cache, no-store" };

interface StoredResponse {
  status: number;
  body: string;
}

// ---------------------------------------------------------------------------------------------------------

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomString(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = "";
  for (const byte of bytes) out += ID_ALPHABET[byte % ID_ALPHABET.length];
  return out;
}

const newId = (prefix: string) => `${prefix}_${randomString(24)}`;

interface IntentRecord {
  intent: PaymentIntent;
  webhookUrl: string | null;
}

interface Auth {
  mode: "secret" | "publishable";
  key: string;
}

interface Call {
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

export function createStripeEmulator(options: StripeEmulatorOptions): StripeEmulator {
  // No default secrets: a constant anyone can read would let anyone sign webhooks or read every client secret.
  if (!/^sk_test_\S{8,}$/.test(options.secretKey ?? "")) throw new Error("createStripeEmulator: secretKey must be an sk_test_… key.");
  if (!/^whsec_\S{8,}$/.test(options.webhookSecret ?? "")) throw new Error("createStripeEmulator: webhookSecret must be a whsec_… secret.");
  const now = options.now ?? (() => Date.now());
  const seconds = () => Math.floor(now() / 1000);

  const intents = new Map<string, IntentRecord>();
  const paymentMethods = new Map<string, { object: PaymentMethod; card: CardInput }>();
  const charges = new Map<string, Charge>();
  const events: StripeEvent[] = [];
  const idempotency = new Map<string, { endpoint: string; fingerprint: string; result: Promise<StoredResponse | null> }>();

  // ---- helpers -----------------------------------------------------------------------------------------

  function json(status: number, body: unknown, requestId: string, extra: Record<string, string> = {}): Response {
    return new Response(JSON.stringify(body, null, 2), {
      status,
      headers: {
        ...BASE_HEADERS,
        "Content-Type": "application/json",
        "Request-Id": requestId,
        "Stripe-Version": EMULATOR_API_VERSION,
        ...extra,
      },
    });
  }

  function errorBody(error: ApiError, requestId: string) {
    return { error: { ...error, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } };
  }

  function clientSafe(intent: PaymentIntent): Partial<PaymentIntent> {
    const out: Record<string, unknown> = {};
    for (const field of CLIENT_SAFE_FIELDS) out[field] = intent[field];
    return out as Partial<PaymentIntent>;
  }

  function view(intent: PaymentIntent, call: Call, expandPrefix = ""): PaymentIntent | Partial<PaymentIntent> {
    const copy: PaymentIntent = structuredClone(intent);
    const expand = expandList(call.params.expand);
    if (expand.includes(`${expandPrefix}payment_method`) && typeof copy.payment_method === "string") {
      copy.payment_method = paymentMethods.get(copy.payment_method)?.object ?? copy.payment_method;
    }
    if (expand.includes(`${expandPrefix}latest_charge`) && typeof copy.latest_charge === "string") {
      copy.latest_charge = charges.get(copy.latest_charge) ?? copy.latest_charge;
    }
    return call.auth.mode === "publishable" ? clientSafe(copy) : copy;
  }

  function expandList(value: Param | undefined): string[] {
    if (value === undefined) return [];
    if (typeof value === "string") return [value];
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  }

  // Parameters are validated against params.ts before any handler runs: these only read them.
  const text = (params: Params, name: string) => params[name] as string | undefined;
  /** Stripe's convention: an empty string unsets a field. */
  const textOrNull = (params: Params, name: string) => {
    const value = text(params, name);
    return value === undefined ? undefined : value === "" ? null : value;
  };
  const stringList = (value: Param | undefined) => (Array.isArray(value) ? (value as string[]) : undefined);

  function mergeMetadata(value: Param | undefined, current: Stripe.Metadata): Stripe.Metadata {
    if (value === undefined) return current;
    if (value === "") return {};
    const next = { ...current };
    for (const [key, item] of Object.entries(value as Params)) {
      if (item === "") delete next[key];
      else next[key] = item as string;
    }
    return next;
  }

  function findIntent(id: string): IntentRecord {
    const record = intents.get(id);
    if (!record) throw invalid(`No such payment_intent: '${id}'`, { param: "intent", code: "resource_missing" }, 404);
    return record;
  }

  /** A publishable key may only touch a PaymentIntent whose client secret it presents. */
  function checkClientSecret(call: Call, record: IntentRecord) {
    if (call.auth.mode !== "publishable") return;
    const secret = call.params.client_secret;
    if (typeof secret !== "string" || secret === "") {
      throw invalid("You must provide the PaymentIntent's client_secret when using a publishable key.", { param: "client_secret", code: "parameter_missing" });
    }
    if (secret !== record.intent.client_secret) {
      throw invalid("The client_secret provided does not match the client_secret associated with the PaymentIntent.", {
        param: "client_secret",
      });
    }
  }

  function recordEvent(call: Call, record: IntentRecord, type: StripeEvent["type"], deliver: boolean): StripeEvent {
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: EMULATOR_API_VERSION,
      created: seconds(),
      data: { object: structuredClone(record.intent) },
      livemode: false,
      pending_webhooks: deliver && options.deliverWebhook ? 1 : 0,
      request: { id: call.requestId, idempotency_key: call.idempotencyKey },
      type,
    } as StripeEvent;
    events.push(event);
    const deliverWebhook = options.deliverWebhook;
    if (deliver && deliverWebhook) {
      call.deliveries.push(async () => {
        try {
          const payload = JSON.stringify(event, null, 2);
          const signature = await signWebhookPayload(payload, options.webhookSecret, seconds());
          const request = new Request(WEBHOOK_DELIVERY_URL, {
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

  // ---- payment methods ------------------------------------------------------------------------------------

  function cardFromParams(data: Params): CardInput {
    const card = data.card;
    if (typeof card !== "object" || Array.isArray(card)) {
      throw invalid("Missing required param: payment_method_data[card].", { param: "payment_method_data[card]", code: "parameter_missing" });
    }
    const field = (name: string) => (typeof card[name] === "string" ? (card[name] as string).trim() : null);
    const toInt = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : null);
    const number = (field("number") ?? "").replace(/[\s-]/g, "");
    let expYear = toInt(field("exp_year"));
    if (expYear !== null && expYear < 100) expYear += 2000;
    return { number, exp_month: toInt(field("exp_month")), exp_year: expYear, cvc: field("cvc"), trusted: false };
  }

  function billingDetails(data: Params): PaymentMethod["billing_details"] {
    const details = (typeof data.billing_details === "object" && !Array.isArray(data.billing_details) ? data.billing_details : {}) as Params;
    const get = (name: string) => (typeof details[name] === "string" && details[name] !== "" ? (details[name] as string) : null);
    const address = typeof details.address === "object" && !Array.isArray(details.address) ? (details.address as Params) : null;
    const line = (name: string) => (address && typeof address[name] === "string" ? (address[name] as string) : null);
    return {
      address: address
        ? { city: line("city"), country: line("country"), line1: line("line1"), line2: line("line2"), postal_code: line("postal_code"), state: line("state") }
        : null,
      email: get("email"),
      name: get("name"),
      phone: get("phone"),
      tax_id: get("tax_id"),
    };
  }

  function storePaymentMethod(card: CardInput, billing: PaymentMethod["billing_details"], metadata: Stripe.Metadata = {}) {
    const digits = card.number;
    const brand = cardBrand(digits);
    const object: PaymentMethod = {
      id: newId("pm"),
      object: "payment_method",
      allow_redisplay: "unspecified",
      billing_details: billing,
      card: {
        brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: card.cvc ? "pass" : null },
        country: "US",
        display_brand: brand,
        exp_month: card.exp_month ?? 0,
        exp_year: card.exp_year ?? 0,
        fingerprint: `emu${digits.slice(-8)}`.padEnd(16, "x"),
        funding: "credit",
        generated_from: null,
        last4: digits.slice(-4),
        networks: { available: [brand], preferred: null },
        regulated_status: "unregulated",
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: seconds(),
      customer: null,
      customer_account: null,
      livemode: false,
      metadata,
      type: "card",
    };
    const stored = { object, card };
    paymentMethods.set(object.id, stored);
    return stored;
  }

  /**
   * The PaymentMethod a confirm (or update) names: new card data, an existing `pm_…`, or one of Stripe's test
   * ids (`pm_card_visa` …), from which, like Stripe, a new PaymentMethod with its own `pm_…` id is created.
   */
  function resolvePaymentMethod(params: Params, record: IntentRecord) {
    const data = params.payment_method_data;
    if (data !== undefined) {
      const fields = data as Params;
      return storePaymentMethod(cardFromParams(fields), billingDetails(fields), (fields.metadata as Stripe.Metadata | undefined) ?? {});
    }
    const id = text(params, "payment_method") ?? (typeof record.intent.payment_method === "string" ? record.intent.payment_method : undefined);
    if (id === undefined || id === "") {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. Update the PaymentIntent with a payment method and then confirm it again.",
        { code: "payment_intent_unexpected_state" },
      );
    }
    const existing = paymentMethods.get(id);
    if (existing) return existing;
    const testNumber = TEST_PAYMENT_METHODS[id];
    if (testNumber) {
      const year = new Date(now()).getUTCFullYear() + 3;
      return storePaymentMethod({ number: testNumber, exp_month: 12, exp_year: year, cvc: null, trusted: true }, billingDetails({}));
    }
    throw invalid(`No such PaymentMethod: '${id}'`, { param: "payment_method", code: "resource_missing" });
  }

  // ---- PaymentIntent operations -----------------------------------------------------------------------------

  function createIntent(call: Call): Response | Promise<Response> {
    const { params } = call;
    const apm = params.automatic_payment_methods as Params | undefined;
    const allowed = stringList(params.allowed_payment_method_types);
    let automatic: PaymentIntent["automatic_payment_methods"] = null;
    if (apm !== undefined) {
      const enabled = apm.enabled === "true";
      automatic = enabled ? { allow_redirects: (apm.allow_redirects as "always" | "never" | undefined) ?? "always", enabled } : { enabled };
    } else if (allowed === undefined) {
      // Stripe's default since 2023-08-16: automatic payment methods on.
      automatic = { allow_redirects: "always", enabled: true };
    }
    const id = newId("pi");
    const intent: PaymentIntent = {
      id,
      object: "payment_intent",
      allowed_payment_method_types: allowed ?? null,
      amount: Number(params.amount),
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: automatic,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: (text(params, "capture_method") as Stripe.PaymentIntent.CaptureMethod | undefined) ?? "automatic_async",
      client_secret: `${id}_secret_${randomString(25)}`,
      confirmation_method: (text(params, "confirmation_method") as Stripe.PaymentIntent.ConfirmationMethod | undefined) ?? "automatic",
      created: seconds(),
      currency: (params.currency as string).toLowerCase(),
      customer: null,
      customer_account: null,
      description: textOrNull(params, "description") ?? null,
      excluded_payment_method_types: (stringList(params.excluded_payment_method_types) as Stripe.PaymentIntent.ExcludedPaymentMethodType[] | undefined) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: mergeMetadata(params.metadata, {}),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" } },
      payment_method_types: allowed ?? ["card"],
      payment_record: null,
      processing: null,
      receipt_email: textOrNull(params, "receipt_email") ?? null,
      review: null,
      setup_future_usage: (textOrNull(params, "setup_future_usage") as Stripe.PaymentIntent.SetupFutureUsage | null | undefined) ?? null,
      shipping: null,
      source: null,
      statement_descriptor: textOrNull(params, "statement_descriptor") ?? null,
      statement_descriptor_suffix: textOrNull(params, "statement_descriptor_suffix") ?? null,
      status: "requires_payment_method",
      transfer_data: null,
      transfer_group: textOrNull(params, "transfer_group") ?? null,
    };
    const confirm = params.confirm === "true";
    const record: IntentRecord = { intent, webhookUrl: call.webhookUrl };
    if (!confirm && (params.payment_method !== undefined || params.payment_method_data !== undefined)) {
      intent.payment_method = resolvePaymentMethod(params, record).object.id;
      intent.status = "requires_confirmation";
    }
    intents.set(id, record);
    recordEvent(call, record, "payment_intent.created", false);
    if (confirm) return confirmIntent(call, record);
    return json(200, view(intent, call), call.requestId);
  }

  function updateIntent(call: Call, record: IntentRecord): Response {
    const { params } = call;
    const { intent } = record;
    const changesPayment = ["amount", "currency", "payment_method", "payment_method_data", "allowed_payment_method_types"].some((k) => k in params);
    if (changesPayment && !["requires_payment_method", "requires_confirmation", "requires_action"].includes(intent.status)) {
      throw invalid(`You cannot update this PaymentIntent because it has a status of ${intent.status}.`, {
        code: "payment_intent_unexpected_state",
        payment_intent: view(intent, call),
      });
    }
    if (params.amount !== undefined) intent.amount = Number(params.amount);
    if (params.currency !== undefined) intent.currency = (params.currency as string).toLowerCase();
    intent.metadata = mergeMetadata(params.metadata, intent.metadata);
    const allowed = stringList(params.allowed_payment_method_types);
    if (allowed) {
      intent.allowed_payment_method_types = allowed as Stripe.PaymentIntent.AllowedPaymentMethodType[];
      intent.payment_method_types = allowed;
    }
    if (params.excluded_payment_method_types !== undefined) {
      intent.excluded_payment_method_types = (stringList(params.excluded_payment_method_types) as Stripe.PaymentIntent.ExcludedPaymentMethodType[] | undefined) ?? null;
    }
    const description = textOrNull(params, "description");
    if (description !== undefined) intent.description = description;
    const receipt = textOrNull(params, "receipt_email");
    if (receipt !== undefined) intent.receipt_email = receipt;
    const setupFutureUsage = textOrNull(params, "setup_future_usage");
    if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage as Stripe.PaymentIntent.SetupFutureUsage | null;
    for (const name of ["statement_descriptor", "statement_descriptor_suffix", "transfer_group"] as const) {
      const value = textOrNull(params, name);
      if (value !== undefined) intent[name] = value;
    }
    if (params.payment_method !== undefined || params.payment_method_data !== undefined) {
      intent.payment_method = resolvePaymentMethod(params, record).object.id;
      intent.status = "requires_confirmation";
    }
    return json(200, view(intent, call), call.requestId);
  }

  function newCharge(intent: PaymentIntent, pm: PaymentMethod, decline: Decline | null): Charge {
    const { card } = pm;
    return {
      id: newId("ch"),
      object: "charge",
      amount: intent.amount,
      amount_captured: decline ? 0 : intent.amount,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: null,
      billing_details: pm.billing_details,
      calculated_statement_descriptor: "EMULATOR",
      captured: !decline,
      created: seconds(),
      currency: intent.currency,
      customer: null,
      description: intent.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: decline ? decline.code : null,
      failure_message: decline ? decline.message : null,
      fraud_details: {},
      livemode: false,
      metadata: { ...intent.metadata },
      on_behalf_of: null,
      outcome: {
        advice_code: null,
        network_advice_code: null,
        network_decline_code: null,
        ...(decline
          ? { network_status: "declined_by_network", reason: decline.decline_code ?? decline.code, seller_message: "The bank did not return any further details with this decline.", type: "issuer_declined" }
          : { network_status: "approved_by_network", reason: null, seller_message: "Payment complete.", type: "authorized" }),
        risk_level: "normal",
      },
      paid: !decline,
      payment_intent: intent.id,
      payment_method: pm.id,
      payment_method_details: {
        card: {
          amount_authorized: decline ? null : intent.amount,
          authorization_code: null,
          brand: card.brand,
          checks: card.checks,
          country: card.country,
          electronic_commerce_indicator: null,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          fingerprint: card.fingerprint,
          funding: card.funding,
          installments: null,
          last4: card.last4,
          mandate: null,
          network: card.brand,
          network_transaction_id: null,
          regulated_status: card.regulated_status,
          three_d_secure: null,
          transaction_link_id: null,
          wallet: null,
        },
        type: "card",
      },
      receipt_email: intent.receipt_email,
      receipt_number: null,
      receipt_url: null,
      refunded: false,
      review: null,
      shipping: null,
      source: null,
      source_transfer: null,
      statement_descriptor: intent.statement_descriptor,
      statement_descriptor_suffix: intent.statement_descriptor_suffix,
      status: decline ? "failed" : "succeeded",
      transfer_data: null,
      transfer_group: intent.transfer_group,
    };
  }

  function confirmIntent(call: Call, record: IntentRecord): Response {
    const { params } = call;
    const { intent } = record;
    if (!["requires_payment_method", "requires_confirmation", "requires_action"].includes(intent.status)) {
      const message =
        intent.status === "succeeded"
          ? "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed."
          : `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`;
      throw invalid(message, { code: "payment_intent_unexpected_state", doc_url: docUrl("payment_intent_unexpected_state"), payment_intent: view(intent, call) });
    }
    const receipt = textOrNull(params, "receipt_email");
    if (receipt !== undefined) intent.receipt_email = receipt;
    const setupFutureUsage = textOrNull(params, "setup_future_usage");
    if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage as Stripe.PaymentIntent.SetupFutureUsage | null;
    const pm = resolvePaymentMethod(params, record);
    const decline = evaluateCard(pm.card, now());

    let chargeId: string | undefined;
    if (!decline || decline.charged) {
      const charge = newCharge(intent, pm.object, decline);
      charges.set(charge.id, charge);
      chargeId = charge.id;
      intent.latest_charge = charge.id;
    }

    if (!decline) {
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.payment_method = pm.object.id;
      intent.last_payment_error = null;
      recordEvent(call, record, "payment_intent.succeeded", true);
      return json(200, view(intent, call), call.requestId);
    }

    const paymentError: PaymentError = {
      type: "card_error",
      code: decline.code as Stripe.PaymentIntent.LastPaymentError.Code,
      ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
      doc_url: docUrl(decline.code),
      message: decline.message,
      ...(decline.param ? { param: decline.param } : {}),
      ...(chargeId ? { charge: chargeId } : {}),
      payment_method: pm.object,
    };
    intent.status = "requires_payment_method";
    intent.payment_method = null;
    intent.last_payment_error = paymentError;
    recordEvent(call, record, "payment_intent.payment_failed", true);
    throw new HttpError(402, { ...(paymentError as ApiError), payment_intent: view(intent, call) });
  }

  function cancelIntent(call: Call, record: IntentRecord): Response {
    const { intent } = record;
    if (!["requires_payment_method", "requires_confirmation", "requires_action", "requires_capture", "processing"].includes(intent.status)) {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: "payment_intent_unexpected_state", payment_intent: view(intent, call) },
      );
    }
    intent.status = "canceled";
    intent.canceled_at = seconds();
    intent.cancellation_reason = (text(call.params, "cancellation_reason") as Stripe.PaymentIntent.CancellationReason | undefined) ?? null;
    recordEvent(call, record, "payment_intent.canceled", false);
    return json(200, view(intent, call), call.requestId);
  }

  function list<T>(items: T[], call: Call, url: string): Response {
    const limit = call.params.limit === undefined ? 10 : Number(call.params.limit);
    const sorted = [...items].reverse();
    const page: Stripe.ApiList<T> = { object: "list", data: sorted.slice(0, limit), has_more: sorted.length > limit, url };
    return json(200, page, call.requestId);
  }

  // ---- routing -------------------------------------------------------------------------------------------

  function route(call: Call): Response | Promise<Response> {
    const { method, path, auth } = call;
    const secretOnly = () => {
      if (auth.mode !== "secret") {
        throw invalid(
          "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.",
          {},
          401,
        );
      }
    };
    const validated = (endpoint: EndpointName) => validateParams(endpoint, call.params);
    const id = (match: RegExpExecArray) => decodeURIComponent(match[1]);
    let match: RegExpExecArray | null;
    if (path === "/v1/payment_intents" && (method === "POST" || method === "GET")) {
      secretOnly();
      if (method === "POST") {
        validated("createPaymentIntent");
        return createIntent(call);
      }
      validated("listPaymentIntents");
      return list([...intents.values()].map((r) => view(r.intent, call, "data.")), call, "/v1/payment_intents");
    } else if ((match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)) && (method === "GET" || method === "POST")) {
      if (method === "GET") {
        validated("retrievePaymentIntent");
        const record = findIntent(id(match));
        checkClientSecret(call, record);
        return json(200, view(record.intent, call), call.requestId);
      }
      secretOnly();
      validated("updatePaymentIntent");
      return updateIntent(call, findIntent(id(match)));
    } else if ((match = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path)) && method === "POST") {
      validated("confirmPaymentIntent");
      const record = findIntent(id(match));
      checkClientSecret(call, record);
      return confirmIntent(call, record);
    } else if ((match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path)) && method === "POST") {
      secretOnly();
      validated("cancelPaymentIntent");
      return cancelIntent(call, findIntent(id(match)));
    } else if (path === "/v1/events" && method === "GET") {
      secretOnly();
      validated("listEvents");
      const type = text(call.params, "type");
      const types = stringList(call.params.types);
      return list(events.filter((e) => (type === undefined || e.type === type) && (types === undefined || types.includes(e.type))), call, "/v1/events");
    } else if ((match = /^\/v1\/events\/([^/]+)$/.exec(path)) && method === "GET") {
      secretOnly();
      validated("retrieveEvent");
      const event = events.find((e) => e.id === id(match!));
      if (!event) throw invalid(`No such event: '${id(match)}'`, { param: "id", code: "resource_missing" }, 404);
      return json(200, event, call.requestId);
    }
    throw invalid(
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      {},
      404,
    );
  }

  function authenticate(request: Request, params: Params): Auth {
    const header = request.headers.get("Authorization");
    let key: string | null = null;
    if (header) {
      const bearer = /^Bearer\s+(\S+)$/i.exec(header);
      const basic = /^Basic\s+(\S+)$/i.exec(header);
      if (bearer) key = bearer[1];
      else if (basic) {
        try {
          key = atob(basic[1]).split(":")[0];
        } catch {
          key = null;
        }
      }
    } else if (typeof params.key === "string") {
      key = params.key;
    }
    if (!key) {
      throw invalid(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
        {},
        401,
      );
    }
    // Only this account's own secret key: any other `sk_test_…` is as invalid as it would be at Stripe.
    if (key === options.secretKey) return { mode: "secret", key };
    if (key.startsWith("pk_test_") && key.length > 8) return { mode: "publishable", key };
    const redacted = key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}` : key;
    throw invalid(`Invalid API Key provided: ${redacted}`, {}, 401);
  }

  async function handleApi(request: Request, method: string, path: string, url: URL, context?: EmulatorFetchContext): Promise<Response> {
    const requestId = `req_${randomString(14)}`;
    const respondError = (error: HttpError) => json(error.status, errorBody(error.error, requestId), requestId);
    let call: Call;
    try {
      let params = parseParams(url.searchParams);
      if (method === "POST") {
        // Decoded by hand: workerd warns when .text() reads a form-encoded body.
        const body = new TextDecoder().decode(await request.arrayBuffer());
        params = { ...params, ...parseParams(new URLSearchParams(body)) };
      }
      const auth = authenticate(request, params);
      delete params.key;
      const rawWebhookUrl = request.headers.get(WEBHOOK_URL_HEADER);
      call = {
        method,
        path,
        params,
        auth,
        requestId,
        idempotencyKey: method === "POST" ? request.headers.get("Idempotency-Key") : null,
        webhookUrl: rawWebhookUrl && /^https?:\/\//i.test(rawWebhookUrl) ? rawWebhookUrl : null,
        deliveries: [],
      };
    } catch (error) {
      if (error instanceof HttpError) return respondError(error);
      if (error instanceof ParamError) return respondError(invalid(error.message, error.problem));
      throw error;
    }

    const execute = async (): Promise<{ response: Response; stored: StoredResponse | null }> => {
      let response: Response;
      try {
        response = await route(call);
      } catch (error) {
        if (error instanceof ParamError) {
          response = respondError(invalid(error.message, error.problem));
        } else if (!(error instanceof HttpError)) {
          response = json(500, errorBody({ type: "api_error", message: `Emulator error: ${String(error)}` }, requestId), requestId);
        } else {
          response = respondError(error);
        }
      }
      // Like Stripe, only requests that ran (success or card error) are saved for replay.
      const stored = response.status === 200 || response.status === 402 ? { status: response.status, body: await response.clone().text() } : null;
      if (call.deliveries.length) {
        const deliveries = Promise.all(call.deliveries.map((deliver) => deliver()));
        if (context) context.waitUntil(deliveries);
        else await deliveries;
      }
      return { response, stored };
    };

    const key = call.idempotencyKey;
    if (!key) return (await execute()).response;

    const endpoint = `${method} ${path}`;
    const fingerprint = canonical(call.params);
    const previous = idempotency.get(key);
    if (previous) {
      if (previous.endpoint !== endpoint) {
        return respondError(
          new HttpError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${previous.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
          }),
        );
      }
      if (previous.fingerprint !== fingerprint) {
        return respondError(
          new HttpError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          }),
        );
      }
      const stored = await previous.result;
      if (stored) {
        return new Response(stored.body, {
          status: stored.status,
          headers: {
            ...BASE_HEADERS,
            "Content-Type": "application/json",
            "Request-Id": requestId,
            "Stripe-Version": EMULATOR_API_VERSION,
            "Idempotency-Key": key,
            "Idempotent-Replayed": "true",
          },
        });
      }
      // The first attempt was not saved (it failed validation): run this one afresh.
    }
    let settle!: (stored: StoredResponse | null) => void;
    const entry = { endpoint, fingerprint, result: new Promise<StoredResponse | null>((resolve) => (settle = resolve)) };
    idempotency.set(key, entry);
    try {
      const { response, stored } = await execute();
      if (!stored && idempotency.get(key) === entry) idempotency.delete(key);
      settle(stored);
      response.headers.set("Idempotency-Key", key);
      return response;
    } catch (error) {
      if (idempotency.get(key) === entry) idempotency.delete(key);
      settle(null);
      throw error;
    }
  }

  return {
    async fetch(request: Request, context?: EmulatorFetchContext): Promise<Response> {
      const url = new URL(request.url);
      let path = url.pathname;
      if (path === "/__stripe" || path.startsWith("/__stripe/")) path = path.slice("/__stripe".length) || "/";
      if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
      const method = request.method.toUpperCase();

      if ((method === "GET" || method === "HEAD") && (path === "/v3/stripe.js" || path === "/v3")) {
        return new Response(method === "HEAD" ? null : STRIPE_JS_STANDIN, {
          headers: {
            "Content-Type": "text/javascript; charset=utf-8",
            "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff",
          },
        });
      }
      if (method === "GET" && path === "/") {
        return new Response(JSON.stringify({ emulator: "stripe", ok: true }), {
          headers: { ...BASE_HEADERS, "Content-Type": "application/json" },
        });
      }
      if (path === "/v1" || path.startsWith("/v1/")) return handleApi(request, method, path, url, context);
      return new Response(JSON.stringify({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } }), {
        status: 404,
        headers: { ...BASE_HEADERS, "Content-Type": "application/json" },
      });
    },
  };
}
