/**
 * PaymentIntents: their states (requires_payment_method → requires_confirmation → succeeded / canceled), the
 * payment methods they name and the charges a confirm makes. Each operation changes the account's state and
 * returns the PaymentIntent as the caller may see it; failures are thrown as HttpError (card errors as 402).
 */
import type Stripe from "stripe";
import { newId, randomString, seconds, type Account, type Call, type IntentRecord, type PaymentMethod } from "./account";
import { cardBrand, evaluateCard, testPaymentMethodCard, type CardInput, type Decline } from "./cards";
import { HttpError, docUrl, invalid, type ApiError } from "./errors";
import { expandList, mergeMetadata, stringList, text, textOrNull, type Params } from "./params";
import { recordEvent } from "./webhooks";

// The SDK's own types, so that the compiler catches a field Stripe has and the emulator lacks.
export type PaymentIntent = Stripe.PaymentIntent;
type PaymentError = Stripe.PaymentIntent.LastPaymentError;
/** A PaymentIntent as the caller sees it: whole for the secret key, the client-safe subset for a publishable one. */
export type IntentView = PaymentIntent | Partial<PaymentIntent>;

/** Fields of a PaymentIntent that a publishable key (with the client secret) may read, as Stripe documents. */
const CLIENT_SAFE_FIELDS = [
  "id",
  "object",
  "allowed_payment_method_types",
  "amount",
  "amount_details",
  "automatic_payment_methods",
  "canceled_at",
  "cancellation_reason",
  "capture_method",
  "client_secret",
  "confirmation_method",
  "created",
  "currency",
  "description",
  "excluded_payment_method_types",
  "last_payment_error",
  "livemode",
  "next_action",
  "payment_method",
  "payment_method_configuration_details",
  "payment_method_types",
  "processing",
  "receipt_email",
  "setup_future_usage",
  "shipping",
  "source",
  "status",
] as const satisfies readonly (keyof PaymentIntent)[];

/** States from which a PaymentIntent may still be confirmed, or have its amount or payment method changed. */
const CONFIRMABLE = ["requires_payment_method", "requires_confirmation", "requires_action"];

function clientSafe(intent: PaymentIntent): Partial<PaymentIntent> {
  const out: Record<string, unknown> = {};
  for (const field of CLIENT_SAFE_FIELDS) out[field] = intent[field];
  return out as Partial<PaymentIntent>;
}

/** A copy of `intent` for the caller, with what `expand` asks for (under `expandPrefix` in lists). */
export function view(account: Account, intent: PaymentIntent, call: Call, expandPrefix = ""): IntentView {
  const copy: PaymentIntent = structuredClone(intent);
  const expand = expandList(call.params.expand);
  if (expand.includes(`${expandPrefix}payment_method`) && typeof copy.payment_method === "string") {
    copy.payment_method = account.paymentMethods.get(copy.payment_method)?.object ?? copy.payment_method;
  }
  if (expand.includes(`${expandPrefix}latest_charge`) && typeof copy.latest_charge === "string") {
    copy.latest_charge = account.charges.get(copy.latest_charge) ?? copy.latest_charge;
  }
  return call.auth.mode === "publishable" ? clientSafe(copy) : copy;
}

export function findIntent(account: Account, id: string): IntentRecord {
  const record = account.intents.get(id);
  if (!record) throw invalid(`No such payment_intent: '${id}'`, { param: "intent", code: "resource_missing" }, 404);
  return record;
}

/** A publishable key may only touch a PaymentIntent whose client secret it presents. */
export function checkClientSecret(call: Call, record: IntentRecord) {
  if (call.auth.mode !== "publishable") return;
  const secret = call.params.client_secret;
  if (typeof secret !== "string" || secret === "") {
    throw invalid("You must provide the PaymentIntent's client_secret when using a publishable key.", {
      param: "client_secret",
      code: "parameter_missing",
    });
  }
  if (secret !== record.intent.client_secret) {
    throw invalid("The client_secret provided does not match the client_secret associated with the PaymentIntent.", {
      param: "client_secret",
    });
  }
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
      ? {
          city: line("city"),
          country: line("country"),
          line1: line("line1"),
          line2: line("line2"),
          postal_code: line("postal_code"),
          state: line("state"),
        }
      : null,
    email: get("email"),
    name: get("name"),
    phone: get("phone"),
    tax_id: get("tax_id"),
  };
}

function storePaymentMethod(account: Account, card: CardInput, billing: PaymentMethod["billing_details"], metadata: Stripe.Metadata = {}) {
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
    created: seconds(account),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata,
    type: "card",
  };
  const stored = { object, card };
  account.paymentMethods.set(object.id, stored);
  return stored;
}

/**
 * The PaymentMethod a confirm (or update) names: new card data, an existing `pm_…`, or one of Stripe's test
 * ids (`pm_card_visa` …), from which, like Stripe, a new PaymentMethod with its own `pm_…` id is created.
 */
function resolvePaymentMethod(account: Account, params: Params, record: IntentRecord) {
  const data = params.payment_method_data;
  if (data !== undefined) {
    const fields = data as Params;
    return storePaymentMethod(
      account,
      cardFromParams(fields),
      billingDetails(fields),
      (fields.metadata as Stripe.Metadata | undefined) ?? {},
    );
  }
  const id =
    text(params, "payment_method") ?? (typeof record.intent.payment_method === "string" ? record.intent.payment_method : undefined);
  if (id === undefined || id === "") {
    throw invalid(
      "You cannot confirm this PaymentIntent because it's missing a payment method. Update the PaymentIntent with a payment method and then confirm it again.",
      { code: "payment_intent_unexpected_state" },
    );
  }
  const existing = account.paymentMethods.get(id);
  if (existing) return existing;
  const testCard = testPaymentMethodCard(id, account.now());
  if (testCard) return storePaymentMethod(account, testCard, billingDetails({}));
  throw invalid(`No such PaymentMethod: '${id}'`, { param: "payment_method", code: "resource_missing" });
}

// ---- PaymentIntent operations -----------------------------------------------------------------------------

export function createIntent(account: Account, call: Call): IntentView {
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
    created: seconds(account),
    currency: (params.currency as string).toLowerCase(),
    customer: null,
    customer_account: null,
    description: textOrNull(params, "description") ?? null,
    excluded_payment_method_types:
      (stringList(params.excluded_payment_method_types) as Stripe.PaymentIntent.ExcludedPaymentMethodType[] | undefined) ?? null,
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
    intent.payment_method = resolvePaymentMethod(account, params, record).object.id;
    intent.status = "requires_confirmation";
  }
  account.intents.set(id, record);
  recordEvent(account, call, record, "payment_intent.created", false);
  if (confirm) return confirmIntent(account, call, record);
  return view(account, intent, call);
}

export function updateIntent(account: Account, call: Call, record: IntentRecord): IntentView {
  const { params } = call;
  const { intent } = record;
  const changesPayment = ["amount", "currency", "payment_method", "payment_method_data", "allowed_payment_method_types"].some(
    (k) => k in params,
  );
  if (changesPayment && !CONFIRMABLE.includes(intent.status)) {
    throw invalid(`You cannot update this PaymentIntent because it has a status of ${intent.status}.`, {
      code: "payment_intent_unexpected_state",
      payment_intent: view(account, intent, call),
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
    const excluded = stringList(params.excluded_payment_method_types) as Stripe.PaymentIntent.ExcludedPaymentMethodType[] | undefined;
    intent.excluded_payment_method_types = excluded ?? null;
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
    intent.payment_method = resolvePaymentMethod(account, params, record).object.id;
    intent.status = "requires_confirmation";
  }
  return view(account, intent, call);
}

function newCharge(account: Account, intent: PaymentIntent, pm: PaymentMethod, decline: Decline | null): Stripe.Charge {
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
    created: seconds(account),
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
        ? {
            network_status: "declined_by_network",
            reason: decline.decline_code ?? decline.code,
            seller_message: "The bank did not return any further details with this decline.",
            type: "issuer_declined",
          }
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

export function confirmIntent(account: Account, call: Call, record: IntentRecord): IntentView {
  const { params } = call;
  const { intent } = record;
  if (!CONFIRMABLE.includes(intent.status)) {
    const message =
      intent.status === "succeeded"
        ? "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed."
        : `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`;
    throw invalid(message, {
      code: "payment_intent_unexpected_state",
      doc_url: docUrl("payment_intent_unexpected_state"),
      payment_intent: view(account, intent, call),
    });
  }
  const receipt = textOrNull(params, "receipt_email");
  if (receipt !== undefined) intent.receipt_email = receipt;
  const setupFutureUsage = textOrNull(params, "setup_future_usage");
  if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage as Stripe.PaymentIntent.SetupFutureUsage | null;
  const pm = resolvePaymentMethod(account, params, record);
  const decline = evaluateCard(pm.card, account.now());

  let chargeId: string | undefined;
  if (!decline || decline.charged) {
    const charge = newCharge(account, intent, pm.object, decline);
    account.charges.set(charge.id, charge);
    chargeId = charge.id;
    intent.latest_charge = charge.id;
  }

  if (!decline) {
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.payment_method = pm.object.id;
    intent.last_payment_error = null;
    recordEvent(account, call, record, "payment_intent.succeeded", true);
    return view(account, intent, call);
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
  recordEvent(account, call, record, "payment_intent.payment_failed", true);
  throw new HttpError(402, { ...(paymentError as ApiError), payment_intent: view(account, intent, call) });
}

export function cancelIntent(account: Account, call: Call, record: IntentRecord): IntentView {
  const { intent } = record;
  if (!["requires_payment_method", "requires_confirmation", "requires_action", "requires_capture", "processing"].includes(intent.status)) {
    throw invalid(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses ` +
        "may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.",
      { code: "payment_intent_unexpected_state", payment_intent: view(account, intent, call) },
    );
  }
  intent.status = "canceled";
  intent.canceled_at = seconds(account);
  intent.cancellation_reason = (text(call.params, "cancellation_reason") as Stripe.PaymentIntent.CancellationReason | undefined) ?? null;
  recordEvent(account, call, record, "payment_intent.canceled", true);
  return view(account, intent, call);
}
