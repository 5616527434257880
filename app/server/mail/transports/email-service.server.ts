/**
 * Cloudflare Email Service through the `EMAIL` binding (`send_email` in wrangler.toml), as a `MailTransport`.
 *
 * The binding throws an `Error` with a string `code` (Cloudflare's "Workers API" error table), e.g.
 * `E_DAILY_LIMIT_EXCEEDED`. Each is classified once here, so the consumer never knows which service failed:
 * - deferred: `E_DAILY_LIMIT_EXCEEDED` (the account's daily quota; wait for the reset at UTC midnight, never fail);
 * - retryable: `E_RATE_LIMIT_EXCEEDED`, `E_INTERNAL_SERVER_ERROR`, `E_DELIVERY_FAILED`, an unknown code, no code at
 *   all (a network error, a timeout): back off and try again;
 * - deferred an hour: `E_SENDER_NOT_VERIFIED`, `E_SENDER_DOMAIN_NOT_AVAILABLE` (the site's sending domain is not set
 *   up: every message would fail alike, so none is failed, and an operator fixes the domain);
 * - permanent: the recipient or the message can never be sent as it is: `E_RECIPIENT_SUPPRESSED` (suppressed),
 *   `E_VALIDATION_ERROR` / `E_FIELD_MISSING` / `E_TOO_MANY_RECIPIENTS` (invalid-address), `E_RECIPIENT_NOT_ALLOWED`,
 *   `E_CONTENT_TOO_LARGE`, `E_TOO_MANY_ATTACHMENTS` and the `E_HEADER*` codes (rejected).
 * An error without a `code` is classified by a code in its message (`E_…`) or by its words ("daily limit", …).
 * The binding has no batch call: `sendBatch` sends one at a time (maxBatch 1) and no idempotency key.
 */
import type { MailFailure, MailTransport, PermanentReason, SendOutcome, TransportMessage } from "../transport.server";

/** The binding's error codes by class (Cloudflare's docs, Email Service → Workers API → error codes). */
const DEFERRED_CODES = new Set(["E_DAILY_LIMIT_EXCEEDED"]);
/** The sender's domain is not (or no longer) set up: every message would fail alike until an operator fixes it. */
const CONFIGURATION_CODES = new Set(["E_SENDER_NOT_VERIFIED", "E_SENDER_DOMAIN_NOT_AVAILABLE"]);
const CONFIGURATION_RETRY_SECONDS = 3600;
const RETRYABLE_CODES = new Set(["E_RATE_LIMIT_EXCEEDED", "E_INTERNAL_SERVER_ERROR", "E_DELIVERY_FAILED"]);
const PERMANENT_CODES: Record<string, PermanentReason> = {
  E_RECIPIENT_SUPPRESSED: "suppressed",
  E_VALIDATION_ERROR: "invalid-address",
  E_FIELD_MISSING: "invalid-address",
  E_TOO_MANY_RECIPIENTS: "invalid-address",
  E_RECIPIENT_NOT_ALLOWED: "rejected",
  E_CONTENT_TOO_LARGE: "rejected",
  E_TOO_MANY_ATTACHMENTS: "rejected",
  E_HEADER_NOT_ALLOWED: "rejected",
  E_HEADER_USE_API_FIELD: "rejected",
  E_HEADER_VALUE_INVALID: "rejected",
  E_HEADER_VALUE_TOO_LONG: "rejected",
  E_HEADER_NAME_INVALID: "rejected",
  E_HEADERS_TOO_LARGE: "rejected",
  E_HEADERS_TOO_MANY: "rejected",
};

/** Seconds from `now` to the next UTC midnight: when Email Service's daily quota resets. */
export function secondsToUtcMidnight(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/** The code an error carries: its `code` property, else an `E_…` word in its message, else by its words; "" when none. */
function codeOf(error: unknown, message: string): string {
  const own = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof own === "string" && own.trim()) return own.trim();
  const inMessage = /\bE_[A-Z][A-Z_]+\b/.exec(message)?.[0];
  if (inMessage) return inMessage;
  if (/daily (sending )?(limit|quota)/i.test(message)) return "E_DAILY_LIMIT_EXCEEDED";
  if (/rate limit|too many requests/i.test(message)) return "E_RATE_LIMIT_EXCEEDED";
  if (/suppress/i.test(message)) return "E_RECIPIENT_SUPPRESSED";
  if (/not verified/i.test(message)) return "E_SENDER_NOT_VERIFIED";
  return "";
}

/** A thrown error of the binding as a `MailFailure`. */
export function classifyEmailServiceError(error: unknown, now = new Date()): MailFailure {
  const text = error instanceof Error ? error.message : String(error);
  const message = text.slice(0, 1000);
  const code = codeOf(error, text);
  if (DEFERRED_CODES.has(code)) return { class: "deferred", code, message, retryAfterSeconds: secondsToUtcMidnight(now) };
  if (CONFIGURATION_CODES.has(code)) return { class: "deferred", code, message, retryAfterSeconds: CONFIGURATION_RETRY_SECONDS };
  const reason = PERMANENT_CODES[code];
  if (reason) return { class: "permanent", code, message, reason };
  if (RETRYABLE_CODES.has(code)) return { class: "retryable", code, message };
  const name = error instanceof Error && error.name === "TimeoutError" ? "timeout" : "";
  return { class: "retryable", code: code || name || "unknown", message };
}

/** The Email Service binding as a transport. Never throws: every failure is classified. */
export function emailServiceTransport(binding: Pick<SendEmail, "send">, clock: () => Date = () => new Date()): MailTransport {
  const send = async (message: TransportMessage): Promise<SendOutcome> => {
    try {
      const result = await binding.send({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
      return { ok: true, providerId: result?.messageId ?? "" };
    } catch (error) {
      return { ok: false, failure: classifyEmailServiceError(error, clock()) };
    }
  };
  return {
    name: "email-service",
    maxBatch: 1,
    send: (message) => send(message),
    // One call per message, in order (not at once: a daily limit met part-way stops the rest the same way).
    async sendBatch(messages) {
      const outcomes: SendOutcome[] = [];
      for (const message of messages) {
        const outcome = await send(message);
        outcomes.push(outcome);
        if (!outcome.ok && outcome.failure.class === "deferred") {
          // The quota is spent: the rest would fail alike, so they are deferred without a call each.
          while (outcomes.length < messages.length) outcomes.push(outcome);
          break;
        }
      }
      return outcomes;
    },
  };
}
