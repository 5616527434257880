/**
 * Request parameters: Stripe's form encoding (bracket notation: a[b]=1, a[]=x, a[0]=x) and one declarative
 * table per endpoint (ENDPOINT_PARAMS) that drives validation for all of them, with Stripe's error codes.
 *
 * Each endpoint lists every top-level parameter that `stripe` SDK 23 accepts for it. The ones the emulator
 * implements carry a full spec (nested fields included); the rest are `unsupported`, so a request that uses
 * them gets a clear 400 rather than having them silently ignored. Anything else is `parameter_unknown`.
 */

export type Param = string | Param[] | { [key: string]: Param };
export type Params = { [key: string]: Param };

export interface ParamProblem {
  code: string;
  param: string;
  message: string;
}

/** Thrown by parsing and validation; the emulator answers it as 400 invalid_request_error. */
export class ParamError extends Error {
  constructor(readonly problem: ParamProblem) {
    super(problem.message);
  }
}

const FORBIDDEN_KEYS = new Set(["__proto__", "prototype", "constructor"]);

export function parseParams(search: URLSearchParams): Params {
  const root: Params = {};
  for (const [rawKey, value] of search) {
    const [, base, brackets = ""] = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey) ?? [];
    const segments = base === undefined ? [rawKey] : [base, ...Array.from(brackets.matchAll(/\[([^[\]]*)\]/g), (m) => m[1] ?? "")];
    let node: Params = root;
    for (const [i, named] of segments.entries()) {
      let segment = named;
      if (FORBIDDEN_KEYS.has(segment)) {
        throw new ParamError({ code: "parameter_unknown", param: rawKey, message: `Received unknown parameter: ${rawKey}` });
      }
      if (segment === "") segment = String(Object.keys(node).length);
      if (i === segments.length - 1) {
        node[segment] = value;
      } else {
        const next = node[segment];
        if (typeof next !== "object" || Array.isArray(next)) node[segment] = {};
        node = node[segment] as Params;
      }
    }
  }
  return arrayify(root) as Params;
}

/** Objects whose keys are exactly 0..n-1 become arrays. */
function arrayify(value: Param): Param {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: Params = {};
  for (const [key, item] of Object.entries(value)) converted[key] = arrayify(item);
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) return Object.values(converted);
  return converted;
}

/** A stable text form of parameters (idempotency fingerprints). */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

// ---------------------------------------------------------------------------------------------------------
// The table

/** Currencies Stripe accepts for card payments (lowercase ISO 4217), as its currency list documents. */
export const SUPPORTED_CURRENCIES: ReadonlySet<string> = new Set(
  (
    "usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bif bmd bnd bob brl bsd bwp byn bzd cad cdf chf clp cny cop crc " +
    "cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd hkd hnl htg huf idr ils inr isk jmd jpy kes kgs khr " +
    "kmf krw kyd kzt lak lbp lkr lrd lsl mad mdl mga mkd mmk mnt mop mur mvr mwk mxn myr mzn nad ngn nio nok npr nzd pab pen pgk " +
    "php pkr pln pyg qar ron rsd rub rwf sar sbd scr sek sgd shp sle sos srd std szl thb tjs top try ttd twd tzs uah ugx uyu uzs " +
    "vnd vuv wst xaf xcd xcg xof xpf yer zar zmw"
  ).split(" "),
);

export type Spec =
  | { kind: "string"; max?: number; values?: readonly string[]; emptyable?: boolean }
  | { kind: "integer"; min?: number; max?: number }
  | { kind: "boolean" }
  | { kind: "currency" }
  | { kind: "email"; emptyable?: boolean }
  | { kind: "url" }
  | { kind: "metadata" }
  | { kind: "object"; fields: Record<string, Spec>; required?: readonly string[] }
  | { kind: "array"; of: Spec; max?: number; emptyable?: boolean }
  | { kind: "expand" }
  /** In SDK 23's params for this endpoint, but not implemented by the emulator. */
  | { kind: "unsupported" };

export interface EndpointSpec {
  params: Record<string, Spec>;
  required?: readonly string[];
  /** What `expand[]` may name on this endpoint. */
  expandable: readonly string[];
}

const string = (max = 5000, extra: { values?: readonly string[]; emptyable?: boolean } = {}): Spec => ({ kind: "string", max, ...extra });
const unsupported: Spec = { kind: "unsupported" };
const unsupportedAll = (...names: string[]) => Object.fromEntries(names.map((name) => [name, unsupported]));

/** The emulator takes cards only; these are the payment method types it can honour. */
const PAYMENT_METHOD_TYPES = ["card"] as const;

const ADDRESS: Spec = {
  kind: "object",
  fields: { city: string(), country: string(), line1: string(), line2: string(), postal_code: string(), state: string() },
};
const PAYMENT_METHOD_DATA: Spec = {
  kind: "object",
  required: ["type"],
  fields: {
    type: string(5000, { values: PAYMENT_METHOD_TYPES }),
    card: {
      kind: "object",
      required: ["number", "exp_month", "exp_year"],
      // Kept as strings: a bad number or date is a card error (402), as with Stripe, not a parameter error.
      fields: { number: string(), exp_month: string(), exp_year: string(), cvc: string() },
    },
    billing_details: {
      kind: "object",
      fields: { address: ADDRESS, email: { kind: "email", emptyable: true }, name: string(), phone: string(), tax_id: string() },
    },
    metadata: { kind: "metadata" },
    allow_redisplay: string(5000, { values: ["always", "limited", "unspecified"] }),
  },
};
const AUTOMATIC_PAYMENT_METHODS: Spec = {
  kind: "object",
  required: ["enabled"],
  fields: { enabled: { kind: "boolean" }, allow_redirects: string(5000, { values: ["always", "never"] }) },
};
const METHOD_TYPES: Spec = { kind: "array", of: string(5000, { values: PAYMENT_METHOD_TYPES }) };
const EXCLUDED_METHOD_TYPES: Spec = { kind: "array", of: string(), emptyable: true };
const SETUP_FUTURE_USAGE = string(5000, { values: ["off_session", "on_session"], emptyable: true });
/** What a payment intent's creation and update alike take for its bank statement and transfer group. */
const STATEMENT_PARAMS = { statement_descriptor: string(22), statement_descriptor_suffix: string(22), transfer_group: string() };
const PAYMENT_INTENT_EXPANDABLE = ["payment_method", "latest_charge"] as const;
const LIST = { limit: { kind: "integer", min: 1, max: 100 } as Spec, ...unsupportedAll("ending_before", "starting_after", "created") };

/** What a refund's `expand[]` may name. */
const REFUND_EXPANDABLE = ["charge", "payment_intent"];

export const ENDPOINT_PARAMS = {
  createPaymentIntent: {
    required: ["amount", "currency"],
    expandable: PAYMENT_INTENT_EXPANDABLE,
    params: {
      amount: { kind: "integer", min: 1, max: 99999999 },
      currency: { kind: "currency" },
      allowed_payment_method_types: METHOD_TYPES,
      automatic_payment_methods: AUTOMATIC_PAYMENT_METHODS,
      // Manual capture is not emulated.
      capture_method: string(5000, { values: ["automatic", "automatic_async"] }),
      confirm: { kind: "boolean" },
      confirmation_method: string(5000, { values: ["automatic", "manual"] }),
      description: string(1000),
      excluded_payment_method_types: EXCLUDED_METHOD_TYPES,
      expand: { kind: "expand" },
      metadata: { kind: "metadata" },
      payment_method: string(),
      payment_method_data: PAYMENT_METHOD_DATA,
      receipt_email: { kind: "email" },
      return_url: { kind: "url" },
      setup_future_usage: SETUP_FUTURE_USAGE,
      ...STATEMENT_PARAMS,
      ...unsupportedAll(
        "amount_details",
        "application_fee_amount",
        "confirmation_token",
        "customer",
        "customer_account",
        "error_on_requires_action",
        "hooks",
        "mandate",
        "mandate_data",
        "off_session",
        "on_behalf_of",
        "payment_details",
        "payment_method_configuration",
        "payment_method_options",
        "radar_options",
        "shipping",
        "transfer_data",
        "use_stripe_sdk",
      ),
    },
  },
  listPaymentIntents: {
    expandable: PAYMENT_INTENT_EXPANDABLE.map((field) => `data.${field}`),
    params: { ...LIST, expand: { kind: "expand" }, ...unsupportedAll("customer", "customer_account") },
  },
  retrievePaymentIntent: {
    expandable: PAYMENT_INTENT_EXPANDABLE,
    params: { client_secret: string(), expand: { kind: "expand" } },
  },
  updatePaymentIntent: {
    expandable: PAYMENT_INTENT_EXPANDABLE,
    params: {
      amount: { kind: "integer", min: 1, max: 99999999 },
      currency: { kind: "currency" },
      allowed_payment_method_types: METHOD_TYPES,
      capture_method: string(5000, { values: ["automatic", "automatic_async"] }),
      description: string(1000, { emptyable: true }),
      excluded_payment_method_types: EXCLUDED_METHOD_TYPES,
      expand: { kind: "expand" },
      metadata: { kind: "metadata" },
      payment_method: string(),
      payment_method_data: PAYMENT_METHOD_DATA,
      receipt_email: { kind: "email", emptyable: true },
      setup_future_usage: SETUP_FUTURE_USAGE,
      ...STATEMENT_PARAMS,
      ...unsupportedAll(
        "amount_details",
        "application_fee_amount",
        "customer",
        "customer_account",
        "hooks",
        "payment_details",
        "payment_method_configuration",
        "payment_method_options",
        "shipping",
        "transfer_data",
      ),
    },
  },
  confirmPaymentIntent: {
    expandable: PAYMENT_INTENT_EXPANDABLE,
    params: {
      client_secret: string(),
      allowed_payment_method_types: METHOD_TYPES,
      capture_method: string(5000, { values: ["automatic", "automatic_async"] }),
      excluded_payment_method_types: EXCLUDED_METHOD_TYPES,
      expand: { kind: "expand" },
      payment_method: string(),
      payment_method_data: PAYMENT_METHOD_DATA,
      receipt_email: { kind: "email", emptyable: true },
      return_url: { kind: "url" },
      setup_future_usage: SETUP_FUTURE_USAGE,
      ...unsupportedAll(
        "amount_details",
        "amount_to_confirm",
        "confirmation_token",
        "error_on_requires_action",
        "hooks",
        "mandate",
        "mandate_data",
        "off_session",
        "payment_details",
        "payment_method_options",
        "radar_options",
        "shipping",
        "use_stripe_sdk",
      ),
    },
  },
  cancelPaymentIntent: {
    expandable: PAYMENT_INTENT_EXPANDABLE,
    params: {
      cancellation_reason: string(5000, { values: ["abandoned", "duplicate", "fraudulent", "requested_by_customer"] }),
      expand: { kind: "expand" },
    },
  },
  listEvents: {
    expandable: [],
    params: {
      ...LIST,
      expand: { kind: "expand" },
      type: string(),
      types: { kind: "array", of: string(), max: 20 },
      ...unsupportedAll("delivery_success"),
    },
  },
  retrieveEvent: { expandable: [], params: { expand: { kind: "expand" } } },
  // One of `payment_intent` or `charge` is required too: refunds.ts says so with Stripe's message.
  createRefund: {
    expandable: REFUND_EXPANDABLE,
    params: {
      amount: { kind: "integer", min: 1, max: 99999999 },
      charge: string(),
      expand: { kind: "expand" },
      metadata: { kind: "metadata" },
      payment_intent: string(),
      reason: string(5000, { values: ["duplicate", "fraudulent", "requested_by_customer"] }),
      ...unsupportedAll("currency", "customer", "instructions_email", "origin", "refund_application_fee", "reverse_transfer"),
    },
  },
  retrieveRefund: { expandable: REFUND_EXPANDABLE, params: { expand: { kind: "expand" } } },
  listRefunds: {
    expandable: REFUND_EXPANDABLE.map((field) => `data.${field}`),
    params: { ...LIST, charge: string(), expand: { kind: "expand" }, payment_intent: string() },
  },
} satisfies Record<string, EndpointSpec>;

export type EndpointName = keyof typeof ENDPOINT_PARAMS;

// ---------------------------------------------------------------------------------------------------------
// Validation

function fail(code: string, param: string, message: string): never {
  throw new ParamError({ code, param, message });
}

const describe = (value: Param) => (typeof value === "string" ? value : Array.isArray(value) ? "array" : "hash");

const emptyMessage = (param: string) =>
  `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' ` +
  `cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`;

function checkValue(spec: Spec, value: Param, param: string, expandable: readonly string[]): void {
  switch (spec.kind) {
    case "unsupported":
      fail("parameter_unknown", param, `Received a parameter the Stripe emulator does not implement: ${param}`);
      return;
    case "string":
    case "email":
    case "url":
    case "currency":
    case "integer":
    case "boolean": {
      if (typeof value !== "string") {
        fail("parameter_invalid_string", param, `Invalid ${spec.kind}: ${describe(value)}`);
        return;
      }
      if (value === "") {
        if ((spec.kind === "string" || spec.kind === "email") && spec.emptyable) return;
        fail("parameter_invalid_empty", param, emptyMessage(param));
        return;
      }
      checkScalar(spec, value, param);
      return;
    }
    case "metadata": {
      if (value === "") return;
      if (typeof value !== "object" || Array.isArray(value)) {
        fail("parameter_invalid_object", param, "Invalid hash");
        return;
      }
      const entries = Object.entries(value);
      for (const [key, item] of entries) {
        const itemParam = `${param}[${key}]`;
        if (typeof item !== "string") fail("parameter_invalid_string", itemParam, `Invalid value for ${itemParam}: must be a string.`);
        if (key.length > 40) fail("parameter_invalid_string", itemParam, "Metadata keys can have up to 40 characters.");
        if ((item as string).length > 500) fail("parameter_invalid_string", itemParam, "Metadata values can have up to 500 characters.");
      }
      if (entries.length > 50) fail("parameter_invalid_object", param, "You can have up to 50 metadata keys.");
      return;
    }
    case "object": {
      if (typeof value !== "object" || Array.isArray(value)) {
        fail("parameter_invalid_object", param, "Invalid hash");
        return;
      }
      checkObject(spec.fields, spec.required ?? [], value, (name) => `${param}[${name}]`, expandable);
      return;
    }
    case "array": {
      if (value === "" && spec.emptyable) return;
      if (!Array.isArray(value)) {
        fail("parameter_invalid_array", param, "Invalid array");
        return;
      }
      if (spec.max !== undefined && value.length > spec.max)
        fail("parameter_invalid_array", param, `Array ${param} exceeded maximum ${spec.max} allowed elements.`);
      for (const [index, item] of value.entries()) checkValue(spec.of, item, `${param}[${index}]`, expandable);
      return;
    }
    case "expand": {
      const items =
        typeof value === "string" ? [value] : Array.isArray(value) ? value : fail("parameter_invalid_array", param, "Invalid array");
      items.forEach((item, index) => {
        const itemParam = `${param}[${index}]`;
        if (typeof item !== "string") fail("parameter_invalid_string", itemParam, "Invalid string");
        if (!expandable.includes(item as string))
          fail("parameter_invalid_string", itemParam, `This property cannot be expanded (${item as string}).`);
      });
      return;
    }
  }
}

function checkScalar(spec: Spec, value: string, param: string): void {
  switch (spec.kind) {
    case "string":
      if (spec.max !== undefined && value.length > spec.max) {
        fail("parameter_invalid_string", param, `Invalid string: ${value.slice(0, 20)}...; must be at most ${spec.max} characters`);
      }
      if (spec.values && !spec.values.includes(value)) {
        const choices = spec.values.length > 1 ? `${spec.values.slice(0, -1).join(", ")}, or ${spec.values.at(-1)}` : spec.values[0];
        fail("parameter_invalid_string", param, `Invalid ${param}: must be one of ${choices}`);
      }
      return;
    case "integer": {
      if (!/^-?\d+$/.test(value)) fail("parameter_invalid_integer", param, `Invalid integer: ${value}`);
      const number = Number(value);
      if (spec.min !== undefined && number < spec.min)
        fail("parameter_invalid_integer", param, `This value must be greater than or equal to ${spec.min}.`);
      if (spec.max !== undefined && number > spec.max) {
        if (param === "amount") fail("amount_too_large", param, `Amount must be no more than ${spec.max}.`);
        fail("parameter_invalid_integer", param, `This value must be less than or equal to ${spec.max}.`);
      }
      return;
    }
    case "boolean":
      if (value !== "true" && value !== "false") fail("parameter_invalid_boolean", param, `Invalid boolean: ${value}`);
      return;
    case "currency":
      if (!SUPPORTED_CURRENCIES.has(value.toLowerCase())) {
        fail(
          "parameter_invalid_string",
          param,
          `Invalid currency: ${value.toLowerCase()}. Stripe currently supports these currencies: ${[...SUPPORTED_CURRENCIES].join(", ")}`,
        );
      }
      return;
    case "email":
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) fail("email_invalid", param, `Invalid email address: ${value}`);
      return;
    case "url": {
      let valid = false;
      try {
        valid = /^https?:$/.test(new URL(value).protocol);
      } catch {
        valid = false;
      }
      if (!valid) fail("url_invalid", param, "Not a valid URL");
      return;
    }
  }
}

function checkObject(
  fields: Record<string, Spec>,
  required: readonly string[],
  value: Params,
  name: (key: string) => string,
  expandable: readonly string[],
) {
  for (const [key, item] of Object.entries(value)) {
    const spec = fields[key];
    if (!spec) fail("parameter_unknown", name(key), `Received unknown parameter: ${name(key)}`);
    checkValue(spec, item, name(key), expandable);
  }
  for (const key of required) {
    if (value[key] === undefined) fail("parameter_missing", name(key), `Missing required param: ${name(key)}.`);
  }
}

/** Checks `params` against the endpoint's table; throws ParamError (→ 400) at the first problem, as Stripe does. */
export function validateParams(endpoint: EndpointName, params: Params): void {
  const spec: EndpointSpec = ENDPOINT_PARAMS[endpoint];
  checkObject(spec.params, spec.required ?? [], params, (key) => key, spec.expandable);
}

// ---------------------------------------------------------------------------------------------------------
// Readers: handlers run only after validateParams, so these read without checking again.

export const text = (params: Params, name: string) => params[name] as string | undefined;

/** Stripe's convention: an empty string unsets a field (null); absent is undefined. */
export const textOrNull = (params: Params, name: string) => {
  const value = text(params, name);
  return value === undefined ? undefined : value === "" ? null : value;
};

export const stringList = (value: Param | undefined) => (Array.isArray(value) ? (value as string[]) : undefined);

/** The `expand` parameter as a list (absent: empty). */
export function expandList(value: Param | undefined): string[] {
  if (value === undefined) return [];
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** `metadata[key]=value` merged into `current`: an empty value deletes its key, an empty `metadata` clears all. */
export function mergeMetadata(value: Param | undefined, current: Record<string, string>): Record<string, string> {
  if (value === undefined) return current;
  if (value === "") return {};
  const next = { ...current };
  for (const [key, item] of Object.entries(value as Params)) {
    if (item === "") delete next[key];
    else next[key] = item as string;
  }
  return next;
}
