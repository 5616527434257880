/**
 * The two ways a mail leaves the site (ADR 0010, docs/newsletter.md "Transports"):
 * - "email-service": Cloudflare Email Service through the `EMAIL` binding (transactional mail by default);
 * - "provider": an HTTP e-mail provider (Resend) through `fetch` (newsletter issues by default).
 *
 * Every transport answers in the same terms, so the consumer decides what to do with a failure without knowing
 * which service gave it: a `MailFailure` is retryable (back off and try again), deferred (a quota: wait for the
 * reset, never fail) or permanent (this recipient cannot get it: fail that one delivery and mark the address).
 */

/** What a transport is given: a rendered message (rendered by the consumer from its template; never stored). */
export type TransportMessage = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** Metadata the provider echoes in its webhooks (Resend tags), e.g. { delivery: "123" }. */
  tags?: Record<string, string>;
};

export type MailFailureClass = "retryable" | "deferred" | "permanent";

/** Why a permanent failure happened, as a short code stored on the row and shown in words (`failureReasonText`). */
export type PermanentReason = "suppressed" | "invalid-address" | "rejected" | "bounced" | "complained";

export type MailFailure = {
  class: MailFailureClass;
  /** The service's own error code ("daily_quota_exceeded", "E_DAILY_LIMIT_EXCEEDED", "http_503", "timeout"). */
  code: string;
  message: string;
  /** For a deferred failure: when to try again, if the service said (else the next UTC midnight). */
  retryAfterSeconds?: number;
  /** For a permanent failure. */
  reason?: PermanentReason;
};

export type SendOutcome = { ok: true; providerId: string } | { ok: false; failure: MailFailure };

export type TransportName = "email-service" | "provider";

export interface MailTransport {
  readonly name: TransportName;
  /** Sends one message. Never throws: every failure is a classified `MailFailure`. */
  send(message: TransportMessage, options?: { idempotencyKey?: string }): Promise<SendOutcome>;
  /**
   * Sends up to `maxBatch` messages in one call where the service allows it (Resend's batch endpoint, permissive
   * validation); one outcome per message, in order. A failure of the whole call is that failure for every message.
   */
  sendBatch(messages: TransportMessage[], options?: { idempotencyKey?: string }): Promise<SendOutcome[]>;
  readonly maxBatch: number;
}

/** The failure in words, for the issue page and the order page. */
export function failureReasonText(reason: string | null | undefined): string {
  switch (reason) {
    case "suppressed":
      return "The mail provider suppresses this address (an earlier bounce or complaint), so nothing was sent.";
    case "invalid-address":
      return "The address is not a valid e-mail address.";
    case "rejected":
      return "The mail provider refused the message.";
    case "bounced":
      return "The recipient's mail server refused it for good (a hard bounce).";
    case "complained":
      return "The recipient marked it as spam.";
    default:
      return reason ? `It could not be delivered (${reason}).` : "It could not be delivered.";
  }
}
