/**
 * HTTP: the paths the emulator answers, API keys, parameter parsing and validation, idempotency keys, and
 * running the webhook deliveries a request queued once its answer is decided.
 */
import type Stripe from "stripe";
import { randomString, type Account, type Auth, type Call, type StoredResponse } from "./account";
import { BASE_HEADERS, HttpError, apiHeaders, errorBody, errorResponse, invalid, json } from "./errors";
import { cancelIntent, checkClientSecret, confirmIntent, createIntent, findIntent, updateIntent, view } from "./intents";
import { ParamError, canonical, parseParams, stringList, text, validateParams, type EndpointName, type Params } from "./params";
import { createRefund, findRefund, listRefunds, view as refundView } from "./refunds";
import { WEBHOOK_URL_HEADER } from "./webhooks";
import STRIPE_JS_STANDIN from "./stripe-js-standin.js?raw";

/** Optional second argument of `fetch`: with `waitUntil`, webhooks are delivered in the background. */
export interface EmulatorFetchContext {
  waitUntil(promise: Promise<unknown>): void;
}

/** Every request: the Stripe.js stand-in, a health answer, or the v1 API. */
export function handleRequest(account: Account, request: Request, context?: EmulatorFetchContext): Promise<Response> | Response {
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
  if (path === "/v1" || path.startsWith("/v1/")) return handleApi(account, request, method, path, url, context);
  return new Response(
    JSON.stringify({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } }),
    {
      status: 404,
      headers: { ...BASE_HEADERS, "Content-Type": "application/json" },
    },
  );
}

/** The key in the Authorization header (the SDK) or in the `key` parameter (the stand-in Stripe.js). */
function authenticate(account: Account, request: Request, params: Params): Auth {
  const header = request.headers.get("Authorization");
  let key: string | null = null;
  if (header) {
    const [, bearer] = /^Bearer\s+(\S+)$/i.exec(header) ?? [];
    const [, basic] = /^Basic\s+(\S+)$/i.exec(header) ?? [];
    if (bearer) key = bearer;
    else if (basic) {
      try {
        key = atob(basic).split(":")[0] ?? null;
      } catch {
        key = null;
      }
    }
  } else if (typeof params.key === "string") {
    key = params.key;
  }
  if (!key) {
    throw invalid(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth " +
        "(e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, " +
        "or we can help at https://support.stripe.com/.",
      {},
      401,
    );
  }
  // Only this account's own secret key: any other `sk_test_…` is as invalid as it would be at Stripe.
  if (key === account.secretKey) return { mode: "secret", key };
  if (key.startsWith("pk_test_") && key.length > 8) return { mode: "publishable", key };
  const redacted = key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}` : key;
  throw invalid(`Invalid API Key provided: ${redacted}`, {}, 401);
}

function list<T>(items: T[], call: Call, url: string): Response {
  const limit = call.params.limit === undefined ? 10 : Number(call.params.limit);
  const sorted = [...items].reverse();
  const page: Stripe.ApiList<T> = { object: "list", data: sorted.slice(0, limit), has_more: sorted.length > limit, url };
  return json(200, page, call.requestId);
}

/** The v1 endpoints: which key each needs, its parameter table, and its handler. */
function route(account: Account, call: Call): Response {
  const { method, path, auth } = call;
  const secretOnly = () => {
    if (auth.mode !== "secret") {
      throw invalid(
        "This API call cannot be made with a publishable API key. Please use a secret API key. " +
          "You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.",
        {},
        401,
      );
    }
  };
  const validated = (endpoint: EndpointName) => validateParams(endpoint, call.params);
  const ok = (body: unknown) => json(200, body, call.requestId);
  const id = (match: RegExpExecArray) => decodeURIComponent(match[1] ?? "");
  const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
  const confirmMatch = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
  const cancelMatch = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
  const eventMatch = /^\/v1\/events\/([^/]+)$/.exec(path);
  const refundMatch = /^\/v1\/refunds\/([^/]+)$/.exec(path);
  if (path === "/v1/payment_intents" && (method === "POST" || method === "GET")) {
    secretOnly();
    if (method === "POST") {
      validated("createPaymentIntent");
      return ok(createIntent(account, call));
    }
    validated("listPaymentIntents");
    return list(
      [...account.intents.values()].map((r) => view(account, r.intent, call, "data.")),
      call,
      "/v1/payment_intents",
    );
  } else if (intentMatch && (method === "GET" || method === "POST")) {
    if (method === "GET") {
      validated("retrievePaymentIntent");
      const record = findIntent(account, id(intentMatch));
      checkClientSecret(call, record);
      return ok(view(account, record.intent, call));
    }
    secretOnly();
    validated("updatePaymentIntent");
    return ok(updateIntent(account, call, findIntent(account, id(intentMatch))));
  } else if (confirmMatch && method === "POST") {
    validated("confirmPaymentIntent");
    const record = findIntent(account, id(confirmMatch));
    checkClientSecret(call, record);
    return ok(confirmIntent(account, call, record));
  } else if (cancelMatch && method === "POST") {
    secretOnly();
    validated("cancelPaymentIntent");
    return ok(cancelIntent(account, call, findIntent(account, id(cancelMatch))));
  } else if (path === "/v1/refunds" && (method === "POST" || method === "GET")) {
    secretOnly();
    if (method === "POST") {
      validated("createRefund");
      return ok(createRefund(account, call));
    }
    validated("listRefunds");
    return list(listRefunds(account, call), call, "/v1/refunds");
  } else if (refundMatch && method === "GET") {
    secretOnly();
    validated("retrieveRefund");
    return ok(refundView(account, findRefund(account, id(refundMatch)), call));
  } else if (path === "/v1/events" && method === "GET") {
    secretOnly();
    validated("listEvents");
    const type = text(call.params, "type");
    const types = stringList(call.params.types);
    const events = account.events.filter((e) => (type === undefined || e.type === type) && (types === undefined || types.includes(e.type)));
    return list(events, call, "/v1/events");
  } else if (eventMatch && method === "GET") {
    secretOnly();
    validated("retrieveEvent");
    const eventId = id(eventMatch);
    const event = account.events.find((e) => e.id === eventId);
    if (!event) throw invalid(`No such event: '${eventId}'`, { param: "id", code: "resource_missing" }, 404);
    return ok(event);
  }
  throw invalid(
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    {},
    404,
  );
}

/** Parses and authenticates a v1 request, then runs it (once per idempotency key). */
async function handleApi(account: Account, request: Request, method: string, path: string, url: URL, context?: EmulatorFetchContext) {
  const requestId = `req_${randomString(14)}`;
  let call: Call;
  try {
    let params = parseParams(url.searchParams);
    if (method === "POST") {
      // Decoded by hand: workerd warns when .text() reads a form-encoded body.
      const body = new TextDecoder().decode(await request.arrayBuffer());
      params = { ...params, ...parseParams(new URLSearchParams(body)) };
    }
    const auth = authenticate(account, request, params);
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
    if (error instanceof HttpError) return errorResponse(error, requestId);
    if (error instanceof ParamError) return errorResponse(invalid(error.message, error.problem), requestId);
    throw error;
  }
  return call.idempotencyKey
    ? runIdempotent(account, call, call.idempotencyKey, context)
    : (await execute(account, call, context)).response;
}

/** Routes the call, turns what it throws into Stripe's error answers, then runs (or hands off) its webhook deliveries. */
async function execute(
  account: Account,
  call: Call,
  context?: EmulatorFetchContext,
): Promise<{ response: Response; stored: StoredResponse | null }> {
  let response: Response;
  try {
    response = route(account, call);
  } catch (error) {
    if (error instanceof ParamError) {
      response = errorResponse(invalid(error.message, error.problem), call.requestId);
    } else if (!(error instanceof HttpError)) {
      response = json(500, errorBody({ type: "api_error", message: `Emulator error: ${String(error)}` }, call.requestId), call.requestId);
    } else {
      response = errorResponse(error, call.requestId);
    }
  }
  // Like Stripe, only requests that ran (success or card error) are saved for replay.
  const stored =
    response.status === 200 || response.status === 402 ? { status: response.status, body: await response.clone().text() } : null;
  if (call.deliveries.length) {
    const deliveries = Promise.all(call.deliveries.map((deliver) => deliver()));
    if (context) context.waitUntil(deliveries);
    else await deliveries;
  }
  return { response, stored };
}

/**
 * `Idempotency-Key`: the same key with the same parameters replays the saved answer; with other parameters or
 * another endpoint it is an idempotency_error. Concurrent requests with one key wait for the first.
 */
async function runIdempotent(account: Account, call: Call, key: string, context?: EmulatorFetchContext): Promise<Response> {
  const { idempotency } = account;
  const endpoint = `${call.method} ${call.path}`;
  const fingerprint = canonical(call.params);
  const previous = idempotency.get(key);
  if (previous) {
    const mismatch = (message: string) => errorResponse(new HttpError(400, { type: "idempotency_error", message }), call.requestId);
    if (previous.endpoint !== endpoint) {
      return mismatch(
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${previous.endpoint}' vs '${endpoint}'). ` +
          `Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (previous.fingerprint !== fingerprint) {
      return mismatch(
        "Keys for idempotent requests can only be used with the same parameters they were first used with. " +
          `Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    const stored = await previous.result;
    if (stored) {
      return new Response(stored.body, {
        status: stored.status,
        headers: apiHeaders(call.requestId, { "Idempotency-Key": key, "Idempotent-Replayed": "true" }),
      });
    }
    // The first attempt was not saved (it failed validation): run this one afresh.
  }
  let settle!: (stored: StoredResponse | null) => void;
  const entry = { endpoint, fingerprint, result: new Promise<StoredResponse | null>((resolve) => (settle = resolve)) };
  idempotency.set(key, entry);
  try {
    const { response, stored } = await execute(account, call, context);
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
