/**
 * Resend's HTTP API (https://resend.com/docs/api-reference) as a `MailTransport`, over `fetch` (no SDK at run time:
 * the `resend` package is a devDependency for its types only).
 *
 * - `send`: `POST /emails`; `sendBatch`: `POST /emails/batch` (at most 100 a call, `x-batch-validation: permissive`, so
 *   one bad address fails only itself: the answer is `{ data: [{ id }], errors: [{ index, message }] }`).
 * - `Idempotency-Key` on both (Resend keeps a key for 24 hours): a retried call never sends twice.
 * - A timeout (`AbortSignal.timeout`) on every call.
 * - Every failure classified (`classifyResendError`): `daily_quota_exceeded` / `monthly_quota_exceeded` are deferred
 *   (`Retry-After` when given, else the next UTC midnight); `rate_limit_exceeded`, 5xx, `application_error`,
 *   `internal_server_error`, `concurrent_idempotent_requests`, a timeout or a network error are retryable; a key or
 *   sender the provider refuses (`invalid_api_key`, `invalid_from_address`, …) is deferred an hour (an operator must fix
 *   the configuration; failing every recipient for it would be wrong); a message the provider refuses
 *   (`validation_error`, …) is permanent with a reason. A per-index error of a permissive batch is permanent for that
 *   message only.
 * Tags (`TransportMessage.tags`) are sent as Resend tags and come back in its webhooks (provider-events.server.ts).
 */
// The header naming where the local stand-in delivers the webhooks of this call's messages (never sent to Resend).
import { EMULATOR_WEBHOOK_URL_HEADER } from "~/lib/stripe-emulator";
import type {
  CreateBatchOptions,
  CreateBatchSuccessResponse,
  CreateEmailOptions,
  CreateEmailResponseSuccess,
  ErrorResponse,
  Tag,
} from "resend";
import type { MailFailure, MailTransport, PermanentReason, SendOutcome, TransportMessage } from "../transport.server";
import { secondsToUtcMidnight } from "./email-service.server";

export const RESEND_API_URL = "https://api.resend.com";
/** Resend's limit per batch call. */
export const RESEND_MAX_BATCH = 100;
const DEFAULT_TIMEOUT_MS = 15_000;
/** How long a configuration error (a refused key or sender) defers mail: an hour, until an operator fixes it. */
const CONFIGURATION_RETRY_SECONDS = 3600;

export type ResendTransportOptions = {
  apiKey: string;
  /** The network by default; tests and the local stand-in (the MAIL_PROVIDER_EMULATOR binding) pass their own. */
  fetch?: typeof fetch;
  baseUrl?: string;
  timeoutMs?: number;
  /** For deferrals without a Retry-After (the next UTC midnight). */
  clock?: () => Date;
  /** Local stand-in only: where it should deliver this account's webhooks. */
  emulatorWebhookUrl?: string;
};

type PermissiveBatchAnswer = CreateBatchSuccessResponse<{ batchValidation: "permissive" }>;

const QUOTA_CODES = new Set(["daily_quota_exceeded", "monthly_quota_exceeded"]);
const RETRYABLE_CODES = new Set(["rate_limit_exceeded", "application_error", "internal_server_error", "concurrent_idempotent_requests"]);
const CONFIGURATION_CODES = new Set([
  "missing_api_key",
  "invalid_api_key",
  "restricted_api_key",
  "invalid_access",
  "invalid_from_address",
  "invalid_region",
  "security_error",
]);

/** Seconds in a `Retry-After` header (seconds, or an HTTP date), or undefined. */
export function retryAfterSeconds(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Math.max(1, Number(trimmed));
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}

/** Why the provider refused one message, from its words. */
export function permanentReasonOf(message: string): PermanentReason {
  if (/suppress/i.test(message)) return "suppressed";
  if (/\b(to|email|address|recipient)\b/i.test(message) && /invalid|not a valid|malformed/i.test(message)) return "invalid-address";
  return "rejected";
}

/** An error answer of Resend (`{ statusCode, name, message }`) as a `MailFailure`. */
export function classifyResendError(
  status: number,
  body: Partial<ErrorResponse> | null,
  headers: Pick<Headers, "get">,
  now = new Date(),
): MailFailure {
  const code = typeof body?.name === "string" && body.name ? body.name : `http_${status}`;
  const message = (typeof body?.message === "string" && body.message ? body.message : `HTTP ${status}`).slice(0, 1000);
  if (QUOTA_CODES.has(code)) {
    return {
      class: "deferred",
      code,
      message,
      retryAfterSeconds: retryAfterSeconds(headers.get("retry-after"), now) ?? secondsToUtcMidnight(now),
    };
  }
  if (CONFIGURATION_CODES.has(code) || status === 401 || status === 403) {
    return { class: "deferred", code, message, retryAfterSeconds: CONFIGURATION_RETRY_SECONDS };
  }
  if (RETRYABLE_CODES.has(code) || status === 429 || status >= 500 || status === 408) return { class: "retryable", code, message };
  return { class: "permanent", code, message, reason: permanentReasonOf(message) };
}

/** A thrown fetch (timeout, network) as a retryable failure. */
function thrownFailure(error: unknown): MailFailure {
  const name = error instanceof Error ? error.name : "";
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  if (name === "TimeoutError" || name === "AbortError")
    return { class: "retryable", code: "timeout", message: message || "The provider did not answer in time." };
  return { class: "retryable", code: "network", message };
}

/** Resend's tag rules: ASCII letters, digits, `_` and `-`, at most 256 characters. */
function tagText(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 256);
}

/** A message as Resend's `CreateEmailOptions`. */
export function toResendEmail(message: TransportMessage): CreateEmailOptions {
  const tags: Tag[] = Object.entries(message.tags ?? {}).map(([name, value]) => ({ name: tagText(name), value: tagText(value) }));
  return {
    from: message.from,
    to: [message.to],
    subject: message.subject,
    html: message.html,
    text: message.text,
    ...(message.headers && Object.keys(message.headers).length ? { headers: message.headers } : {}),
    ...(tags.length ? { tags } : {}),
  };
}

/** The Resend transport. `options.fetch` lets tests and the local stand-in take the network's place. */
export function resendTransport(options: ResendTransportOptions): MailTransport {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const baseUrl = (options.baseUrl ?? RESEND_API_URL).replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const clock = options.clock ?? (() => new Date());

  /** One POST; the parsed body on success, else a classified failure. */
  const post = async <T>(
    path: string,
    body: unknown,
    extraHeaders: Record<string, string>,
  ): Promise<{ ok: true; body: T } | { ok: false; failure: MailFailure }> => {
    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}${path}`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          "Content-Type": "application/json",
          ...(options.emulatorWebhookUrl ? { [EMULATOR_WEBHOOK_URL_HEADER]: options.emulatorWebhookUrl } : {}),
          ...extraHeaders,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return { ok: false, failure: thrownFailure(error) };
    }
    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch (error) {
      if (response.ok) return { ok: false, failure: thrownFailure(error) };
    }
    if (!response.ok)
      return {
        ok: false,
        failure: classifyResendError(response.status, parsed as Partial<ErrorResponse> | null, response.headers, clock()),
      };
    return { ok: true, body: parsed as T };
  };

  const send = async (message: TransportMessage, sendOptions?: { idempotencyKey?: string }): Promise<SendOutcome> => {
    const result = await post<CreateEmailResponseSuccess>(
      "/emails",
      toResendEmail(message),
      sendOptions?.idempotencyKey ? { "Idempotency-Key": sendOptions.idempotencyKey } : {},
    );
    if (!result.ok) return result;
    if (typeof result.body?.id !== "string")
      return { ok: false, failure: { class: "retryable", code: "bad_answer", message: "The provider's answer has no id." } };
    return { ok: true, providerId: result.body.id };
  };

  /** One batch call of at most 100: one outcome per message, in order. */
  const sendChunk = async (messages: TransportMessage[], idempotencyKey?: string): Promise<SendOutcome[]> => {
    const payload: CreateBatchOptions = messages.map(toResendEmail);
    const result = await post<PermissiveBatchAnswer>("/emails/batch", payload, {
      "x-batch-validation": "permissive",
      ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
    });
    if (!result.ok) return messages.map(() => ({ ok: false, failure: result.failure }));
    const errors = new Map((result.body.errors ?? []).map((error) => [error.index, error.message]));
    const ids = (result.body.data ?? []).map((entry) => entry.id);
    // Permissive answers list the created emails in order, leaving out the refused indexes.
    let next = 0;
    return messages.map((_, index): SendOutcome => {
      const refused = errors.get(index);
      if (refused !== undefined) {
        return {
          ok: false,
          failure: { class: "permanent", code: "validation_error", message: refused.slice(0, 1000), reason: permanentReasonOf(refused) },
        };
      }
      const id = ids[next++];
      return typeof id === "string"
        ? { ok: true, providerId: id }
        : { ok: false, failure: { class: "retryable", code: "bad_answer", message: "The provider's answer has no id for this message." } };
    });
  };

  return {
    name: "provider",
    maxBatch: RESEND_MAX_BATCH,
    send,
    async sendBatch(messages, sendOptions) {
      const outcomes: SendOutcome[] = [];
      for (let start = 0; start < messages.length; start += RESEND_MAX_BATCH) {
        const chunk = messages.slice(start, start + RESEND_MAX_BATCH);
        const key = sendOptions?.idempotencyKey;
        // Each chunk its own key (a key names one request body).
        const chunkKey = key && messages.length > RESEND_MAX_BATCH ? `${key}/${start / RESEND_MAX_BATCH}` : key;
        outcomes.push(...(await sendChunk(chunk, chunkKey)));
      }
      return outcomes;
    },
  };
}
