/**
 * A small in-memory stand-in for Resend's HTTP API (the part the app uses), typed with the `resend` package's own
 * types: POST /emails, POST /emails/batch (strict and permissive), GET /emails/:id, GET /emails, Idempotency-Key,
 * Resend's error shape `{ statusCode, name, message }`, and signed Standard-Webhooks events. It can be told to fail
 * (POST /__control, or the factory's methods): a seeded fail rate, a daily quota by its own clock, an outage,
 * suppressed addresses, and triggers that send email.bounced / email.complained / email.suppressed webhooks.
 * No Worker globals: it runs in workerd (index.ts, and in-process in the app's tests) and in Node alike. See README.md.
 */
// The header (on a send) naming where the webhooks of its messages go; the app's transport sets it.
import { EMULATOR_WEBHOOK_URL_HEADER as WEBHOOK_URL_HEADER } from "../../app/lib/stripe-emulator";
import type {
  CreateBatchSuccessResponse,
  CreateEmailOptions,
  CreateEmailResponseSuccess,
  ErrorResponse,
  GetEmailResponseSuccess,
  ListEmail,
  ListEmailsResponseSuccess,
} from "resend";
import { type ProviderEvent, type ProviderEventType, webhookRequest } from "./webhooks";

export { newWebhookSecret, signWebhook, type ProviderEvent, type ProviderEventType } from "./webhooks";

export const MAX_BATCH = 100;

export const MISSING_SECRETS_MESSAGE =
  "The mail provider emulator has no MAIL_PROVIDER_EMULATOR_API_KEY / MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET. " +
  "Start it with `npm run dev` or `npm start`, which generate them (scripts/ensure-dev-vars.mjs).";

export type ResendEmulatorOptions = {
  /**
   * The only API key it accepts (`Authorization: Bearer …`): the Worker's is made fresh per run. Without one (tests that
   * build it in-process) any non-empty key is accepted; a missing key is still 401.
   */
  apiKey?: string;
  /** Signs its webhooks (`whsec_<base64>`). */
  webhookSecret: string;
  /** Milliseconds since the epoch: its clock for daily quotas and `created_at` (default Date.now). */
  now?: () => number;
  /** Seeds the fail-rate PRNG (default 1). */
  seed?: number;
  /** Delivers one signed webhook Request; without it nothing is delivered (events are still recorded). */
  deliverWebhook?: (request: Request, info: { event: ProviderEvent; webhookUrl: string }) => Promise<unknown>;
};

/** What `POST /__control` (and `control()`) can set; every field optional, unset ones are kept. */
export type EmulatorControl = {
  /** 0…1: each send (POST /emails, /emails/batch) fails at this rate with a retryable 500 application_error or 429 rate_limit_exceeded. */
  failRate?: number;
  /** Restarts the PRNG with this seed. */
  seed?: number;
  /** Messages accepted per UTC day (by its clock), then 429 daily_quota_exceeded; null for none. */
  dailyQuota?: number | null;
  /** On: every API call is 503. */
  outage?: boolean;
  /** Addresses the provider suppresses (replaces the list). */
  suppressed?: string[];
  /** Where webhooks go when neither the trigger nor the message names a URL. */
  webhookUrl?: string | null;
  /** Forgets every message, key, count and setting (not the secrets). */
  reset?: boolean;
  /** Sends one event about an accepted message. */
  trigger?: EmulatorTrigger;
};

export type EmulatorTrigger = {
  type: ProviderEventType;
  emailId: string;
  /** For email.bounced: "Permanent" (a hard bounce, the default) or "Transient". */
  bounceType?: "Permanent" | "Transient";
  webhookUrl?: string;
};

export type EmulatorState = {
  failRate: number;
  dailyQuota: number | null;
  outage: boolean;
  suppressed: string[];
  webhookUrl: string | null;
  /** Accepted today (by its clock). */
  sentToday: number;
  emails: number;
};

/** One accepted message as kept (and shown by GET /emails/:id). */
export type StoredEmail = GetEmailResponseSuccess & { headers: Record<string, string> | null; webhookUrl: string | null };

export type TriggerResult = { event: ProviderEvent; delivered: boolean; status: number | null };

export interface ResendEmulator {
  fetch(request: Request, context?: { waitUntil(promise: Promise<unknown>): void }): Promise<Response>;
  control(settings: EmulatorControl): Promise<{ state: EmulatorState; trigger?: TriggerResult }>;
  trigger(trigger: EmulatorTrigger): Promise<TriggerResult>;
  state(): EmulatorState;
  /** Accepted messages, newest first. */
  emails(): StoredEmail[];
  /** Every event it made, oldest first. */
  events(): ProviderEvent[];
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorResponse["name"],
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const JSON_HEADERS = { "Content-Type": "application/json" };
const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

function errorResponse(error: ApiError): Response {
  const body: ErrorResponse = { statusCode: error.status, name: error.code, message: error.message };
  return json(error.status, body, error.headers);
}

/** mulberry32: a small seeded PRNG, so a fail rate gives the same failures for the same seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The address inside "Name <address>", lower-cased. */
function addressOf(value: string): string {
  const inside = /<([^<>]+)>\s*$/.exec(value)?.[1];
  return (inside ?? value).trim().toLowerCase();
}

function list(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** Resend's checks of one message; the problem in its words, or null. */
function problemOf(input: unknown): string | null {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return "The email must be an object.";
  const email = input as Partial<CreateEmailOptions> & Record<string, unknown>;
  if (typeof email.from !== "string" || !email.from.trim()) return "The `from` field is missing.";
  if (!EMAIL_PATTERN.test(addressOf(email.from)))
    return "Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.";
  const to = list(email.to);
  if (to.length === 0) return "The `to` field is missing.";
  if (to.length > 50) return "The `to` field can have at most 50 addresses.";
  const bad = to.find((address) => !EMAIL_PATTERN.test(addressOf(address)));
  if (bad !== undefined) return `Invalid \`to\` field. The email address needs to follow the \`email@example.com\` format: ${bad}`;
  if (typeof email.subject !== "string" || !email.subject) return "The `subject` field is missing.";
  if (typeof email.html !== "string" && typeof email.text !== "string") return "Either `html` or `text` must be provided.";
  if (email.tags !== undefined) {
    if (!Array.isArray(email.tags)) return "The `tags` field must be an array.";
    for (const tag of email.tags as unknown[]) {
      const { name, value } = (tag ?? {}) as { name?: unknown; value?: unknown };
      if (
        typeof name !== "string" ||
        typeof value !== "string" ||
        !/^[A-Za-z0-9_-]{1,256}$/.test(name) ||
        !/^[A-Za-z0-9_-]{0,256}$/.test(value)
      ) {
        return "Tags may only contain ASCII letters (a–z, A–Z), numbers (0–9), underscores (_), or dashes (-).";
      }
    }
  }
  return null;
}

/** One isolated provider account, in memory. Throws without a `whsec_` secret, or with a blank API key (no defaults). */
export function createResendEmulator(options: ResendEmulatorOptions): ResendEmulator {
  if (options.apiKey !== undefined && !options.apiKey.trim()) throw new Error("createResendEmulator: the apiKey is blank");
  if (!options.webhookSecret?.startsWith("whsec_")) throw new Error("createResendEmulator needs a whsec_… webhookSecret");
  const now = options.now ?? (() => Date.now());
  const settings = {
    failRate: 0,
    dailyQuota: null as number | null,
    outage: false,
    suppressed: new Set<string>(),
    webhookUrl: null as string | null,
  };
  let random = prng(options.seed ?? 1);
  let stored: StoredEmail[] = [];
  let byId = new Map<string, StoredEmail>();
  let sentByDay = new Map<string, number>();
  let idempotency = new Map<string, { fingerprint: string; answer: Promise<{ status: number; body: string } | null> }>();
  let events: ProviderEvent[] = [];

  const day = () => new Date(now()).toISOString().slice(0, 10);
  const secondsToReset = () => {
    const at = new Date(now());
    return Math.max(1, Math.ceil((Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1) - at.getTime()) / 1000));
  };

  const state = (): EmulatorState => ({
    failRate: settings.failRate,
    dailyQuota: settings.dailyQuota,
    outage: settings.outage,
    suppressed: [...settings.suppressed],
    webhookUrl: settings.webhookUrl,
    sentToday: sentByDay.get(day()) ?? 0,
    emails: stored.length,
  });

  /**
   * Outage (every API call), then the fail rate (sends only, so reads such as the dev mailbox's never draw from the
   * PRNG and a seed fails the same sends whatever else is read): what a call may meet before it runs.
   */
  const failures = (send = false) => {
    if (settings.outage) throw new ApiError(503, "internal_server_error", "The service is temporarily unavailable (emulated outage).");
    if (send && settings.failRate > 0 && random() < settings.failRate) {
      if (random() < 0.5)
        throw new ApiError(429, "rate_limit_exceeded", "Too many requests. You can only make 10 requests per second.", {
          "Retry-After": "1",
        });
      throw new ApiError(500, "application_error", "An unexpected error occurred (emulated).");
    }
  };

  /** Room for `count` more messages today, else 429 daily_quota_exceeded (a batch counts each message). */
  const quota = (count: number) => {
    if (settings.dailyQuota === null) return;
    const used = sentByDay.get(day()) ?? 0;
    if (used + count > settings.dailyQuota) {
      throw new ApiError(429, "daily_quota_exceeded", `You have reached your daily email sending quota of ${settings.dailyQuota}.`, {
        "Retry-After": String(secondsToReset()),
      });
    }
  };

  const suppressedIn = (email: CreateEmailOptions) => list(email.to).find((address) => settings.suppressed.has(addressOf(address)));

  const accept = (email: CreateEmailOptions, webhookUrl: string | null): string => {
    const id = crypto.randomUUID();
    const record: StoredEmail = {
      object: "email",
      id,
      to: list(email.to),
      from: email.from as string,
      subject: email.subject as string,
      html: typeof email.html === "string" ? email.html : null,
      text: typeof email.text === "string" ? email.text : null,
      cc: email.cc ? list(email.cc) : null,
      bcc: email.bcc ? list(email.bcc) : null,
      reply_to: email.replyTo ? list(email.replyTo) : null,
      created_at: new Date(now()).toISOString(),
      last_event: "delivered",
      message_id: `<${id}@emulator.resend.invalid>`,
      scheduled_at: null,
      tags: email.tags?.map(({ name, value }) => ({ name, value })) ?? [],
      headers: email.headers ?? null,
      webhookUrl,
    };
    stored.push(record);
    byId.set(id, record);
    sentByDay.set(day(), (sentByDay.get(day()) ?? 0) + 1);
    return id;
  };

  const sendOne = (body: unknown, webhookUrl: string | null): CreateEmailResponseSuccess => {
    const problem = problemOf(body);
    if (problem) throw new ApiError(422, "validation_error", problem);
    const email = body as CreateEmailOptions;
    const suppressed = suppressedIn(email);
    if (suppressed)
      throw new ApiError(422, "validation_error", `The address ${suppressed} is on the suppression list, so nothing was sent.`);
    quota(1);
    return { id: accept(email, webhookUrl) };
  };

  const sendBatch = (body: unknown, permissive: boolean, webhookUrl: string | null) => {
    if (!Array.isArray(body)) throw new ApiError(422, "validation_error", "The batch must be an array of emails.");
    if (body.length === 0) throw new ApiError(422, "validation_error", "The batch is empty.");
    if (body.length > MAX_BATCH) throw new ApiError(422, "validation_error", `A batch can have at most ${MAX_BATCH} emails.`);
    const errors: { index: number; message: string }[] = [];
    body.forEach((email, index) => {
      if (typeof email === "object" && email !== null && "attachments" in email) {
        errors.push({ index, message: "Attachments are not supported in batch sending." });
        return;
      }
      const problem = problemOf(email);
      if (problem) errors.push({ index, message: problem });
      else {
        const suppressed = suppressedIn(email as CreateEmailOptions);
        if (suppressed) errors.push({ index, message: `The address ${suppressed} is on the suppression list, so nothing was sent.` });
      }
    });
    if (!permissive && errors.length) {
      const [first] = errors;
      throw new ApiError(422, "validation_error", `emails[${first?.index}]: ${first?.message}`);
    }
    const refused = new Set(errors.map((error) => error.index));
    quota(body.length - refused.size);
    const data = body.flatMap((email, index) => (refused.has(index) ? [] : [{ id: accept(email as CreateEmailOptions, webhookUrl) }]));
    const answer: CreateBatchSuccessResponse<{ batchValidation: "permissive" }> = { data, errors };
    return permissive ? answer : { data };
  };

  const listEmails = (url: URL): ListEmailsResponseSuccess => {
    const limit = Math.min(100, Math.max(1, Number(url.searchParams.get("limit") ?? 20) || 20));
    const newest = [...stored].reverse();
    const data: ListEmail[] = newest
      .slice(0, limit)
      .map(({ html: _h, text: _t, tags: _g, object: _o, headers: _x, webhookUrl: _w, ...rest }) => rest);
    return { object: "list", has_more: newest.length > limit, data };
  };

  const trigger = async ({ type, emailId, bounceType = "Permanent", webhookUrl }: EmulatorTrigger): Promise<TriggerResult> => {
    const email = byId.get(emailId);
    if (!email) throw new ApiError(404, "not_found", `Email not found: ${emailId}`);
    const createdAt = new Date(now()).toISOString();
    const base = {
      created_at: createdAt,
      email_id: email.id,
      message_id: email.message_id,
      from: email.from,
      to: email.to,
      subject: email.subject,
      tags: Object.fromEntries((email.tags ?? []).map(({ name, value }) => [name, value])),
    };
    let event: ProviderEvent;
    if (type === "email.bounced") {
      const bounce =
        bounceType === "Permanent"
          ? { type: "Permanent", subType: "General", message: "The recipient's mail server permanently rejected the email." }
          : { type: "Transient", subType: "MailboxFull", message: "The recipient's mailbox is full." };
      event = { type, created_at: createdAt, data: { ...base, bounce } };
      if (bounceType === "Permanent") email.last_event = "bounced";
    } else if (type === "email.complained") {
      event = { type, created_at: createdAt, data: base };
      email.last_event = "complained";
    } else if (type === "email.suppressed") {
      event = {
        type,
        created_at: createdAt,
        data: { ...base, suppressed: { type: "OnAccountSuppressionList", message: "The address is on the suppression list." } },
      };
      email.last_event = "suppressed";
      for (const address of email.to) settings.suppressed.add(addressOf(address));
    } else {
      throw new ApiError(422, "validation_error", `Unknown event type: ${String(type)}`);
    }
    events.push(event);
    const url = webhookUrl ?? email.webhookUrl ?? settings.webhookUrl;
    if (!url || !options.deliverWebhook) return { event, delivered: false, status: null };
    // Signed with the wall clock (not its own): the receiver checks the timestamp against its time.
    const request = webhookRequest(url, options.webhookSecret, `msg_${crypto.randomUUID()}`, new Date(), event);
    try {
      const answer = await options.deliverWebhook(request, { event, webhookUrl: url });
      const status = answer instanceof Response ? answer.status : null;
      return { event, delivered: true, status };
    } catch {
      return { event, delivered: false, status: null };
    }
  };

  const control = async (input: EmulatorControl) => {
    if (input.reset) {
      settings.failRate = 0;
      settings.dailyQuota = null;
      settings.outage = false;
      settings.suppressed = new Set();
      settings.webhookUrl = null;
      random = prng(options.seed ?? 1);
      stored = [];
      byId = new Map();
      sentByDay = new Map();
      idempotency = new Map();
      events = [];
    }
    if (input.failRate !== undefined) {
      if (typeof input.failRate !== "number" || !(input.failRate >= 0 && input.failRate <= 1))
        throw new ApiError(422, "validation_error", "failRate must be a number from 0 to 1.");
      settings.failRate = input.failRate;
    }
    if (input.seed !== undefined) random = prng(Number(input.seed));
    if (input.dailyQuota !== undefined) {
      if (input.dailyQuota !== null && !(Number.isInteger(input.dailyQuota) && input.dailyQuota >= 0))
        throw new ApiError(422, "validation_error", "dailyQuota must be a whole number or null.");
      settings.dailyQuota = input.dailyQuota;
    }
    if (input.outage !== undefined) settings.outage = Boolean(input.outage);
    if (input.suppressed !== undefined) settings.suppressed = new Set(list(input.suppressed).map(addressOf));
    if (input.webhookUrl !== undefined)
      settings.webhookUrl = input.webhookUrl && /^https?:\/\//i.test(input.webhookUrl) ? input.webhookUrl : null;
    const fired = input.trigger ? await trigger(input.trigger) : undefined;
    return { state: state(), ...(fired ? { trigger: fired } : {}) };
  };

  /** The API calls: auth, then (for sends) the idempotency key, the failure controls, and the send. */
  const api = async (request: Request, method: string, path: string, url: URL): Promise<Response> => {
    const [, key] = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "") ?? [];
    if (!key)
      throw new ApiError(
        401,
        "missing_api_key",
        "Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY.",
      );
    if (options.apiKey !== undefined && key !== options.apiKey) throw new ApiError(403, "invalid_api_key", "API key is invalid.");

    if (path === "/__control" && method === "POST") return json(200, await control((await readJson(request)) as EmulatorControl));
    if (path === "/emails" && method === "GET") {
      failures();
      return json(200, listEmails(url));
    }
    const emailMatch = /^\/emails\/([^/]+)$/.exec(path);
    if (emailMatch && method === "GET") {
      failures();
      const email = byId.get(decodeURIComponent(emailMatch[1] ?? ""));
      if (!email) throw new ApiError(404, "not_found", "Email not found");
      // Resend's answer, plus the headers it was given (Resend does not return them; the dev mailbox shows them).
      const { webhookUrl: _w, ...answer } = email;
      return json(200, answer satisfies GetEmailResponseSuccess);
    }
    if (method === "POST" && (path === "/emails" || path === "/emails/batch")) {
      const text = await request.text();
      const rawWebhookUrl = request.headers.get(WEBHOOK_URL_HEADER);
      const webhookUrl = rawWebhookUrl && /^https?:\/\//i.test(rawWebhookUrl) ? rawWebhookUrl : null;
      const permissive = request.headers.get("x-batch-validation")?.toLowerCase() === "permissive";
      const run = async (): Promise<Response> => {
        failures(true);
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          throw new ApiError(422, "validation_error", "The body is not valid JSON.");
        }
        return json(200, path === "/emails" ? sendOne(body, webhookUrl) : sendBatch(body, permissive, webhookUrl));
      };
      const idempotencyKey = request.headers.get("Idempotency-Key");
      return idempotencyKey ? idempotent(idempotencyKey, `${path} ${permissive} ${text}`, run) : run();
    }
    throw new ApiError(405, "method_not_allowed", `Method ${method} not allowed on ${path}.`);
  };

  /** Same key and body: the saved answer, nothing sent again; same key, other body: 409. Only successes are saved. */
  const idempotent = async (key: string, fingerprint: string, run: () => Promise<Response>): Promise<Response> => {
    if (key.length > 256) throw new ApiError(400, "invalid_idempotency_key", "The idempotency key must be 1-256 characters.");
    const previous = idempotency.get(key);
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        throw new ApiError(
          409,
          "invalid_idempotent_request",
          "Same idempotency key used with a different request payload. Change your idempotency key or payload.",
        );
      }
      const saved = await previous.answer;
      if (saved) return new Response(saved.body, { status: saved.status, headers: { ...JSON_HEADERS, "Idempotent-Replayed": "true" } });
    }
    let settle!: (saved: { status: number; body: string } | null) => void;
    const entry = { fingerprint, answer: new Promise<{ status: number; body: string } | null>((resolve) => (settle = resolve)) };
    idempotency.set(key, entry);
    try {
      const response = await run();
      const saved = response.status === 200 ? { status: 200, body: await response.clone().text() } : null;
      if (!saved && idempotency.get(key) === entry) idempotency.delete(key);
      settle(saved);
      return response;
    } catch (error) {
      if (idempotency.get(key) === entry) idempotency.delete(key);
      settle(null);
      throw error;
    }
  };

  return {
    async fetch(request) {
      const url = new URL(request.url);
      let path = url.pathname.replace(/\/+$/, "") || "/";
      if (path.startsWith("/__mail-provider")) path = path.slice("/__mail-provider".length) || "/";
      const method = request.method.toUpperCase();
      if (method === "GET" && path === "/") return json(200, { emulator: "resend", ok: true });
      try {
        return await api(request, method, path, url);
      } catch (error) {
        if (error instanceof ApiError) return errorResponse(error);
        return errorResponse(new ApiError(500, "internal_server_error", `Emulator error: ${String(error)}`));
      }
    },
    async control(settingsInput) {
      try {
        return await control(settingsInput);
      } catch (error) {
        if (error instanceof ApiError) throw new Error(error.message);
        throw error;
      }
    },
    async trigger(input) {
      try {
        return await trigger(input);
      } catch (error) {
        if (error instanceof ApiError) throw new Error(error.message);
        throw error;
      }
    },
    state,
    emails: () => [...stored].reverse(),
    events: () => [...events],
  };
}

async function readJson(request: Request): Promise<unknown> {
  try {
    const text = await request.text();
    return text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError(422, "validation_error", "The body is not valid JSON.");
  }
}
