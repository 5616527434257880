/**
 * Which transport carries which kind of mail (ADR 0010): by configuration, transactional mail through the Email
 * Service binding and newsletter issues through the provider, unless the operator routes them otherwise.
 * Skeleton: the provider transport and full error classification are being built (issue #26).
 */
import { env } from "cloudflare:workers";
import type { MailTransport, SendOutcome, TransportMessage } from "../transport.server";

/** The Email Service binding as a transport. Skeleton: every failure is retryable until classification lands. */
export function emailServiceTransport(binding: Pick<SendEmail, "send">): MailTransport {
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
      const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return { ok: false, failure: { class: "retryable", code: "unknown", message: text.slice(0, 1000) } };
    }
  };
  return {
    name: "email-service",
    maxBatch: 1,
    send,
    sendBatch: (messages) => Promise.all(messages.map((message) => send(message))),
  };
}

/** The transport for a kind of mail. */
export function transportFor(_kind: "transactional" | "newsletter"): MailTransport {
  return emailServiceTransport(env.EMAIL);
}
