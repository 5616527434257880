/**
 * Webhooks as Resend sends them: Standard Webhooks (https://www.standardwebhooks.com), headers `svix-id`,
 * `svix-timestamp`, `svix-signature` (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`), keyed with the
 * `whsec_<base64>` secret. Signed with the `standardwebhooks` package, so its `Webhook.verify` (what the app uses)
 * accepts them.
 */
import type { EmailBouncedEvent, EmailComplainedEvent, EmailSuppressedEvent } from "resend";
import { Webhook } from "standardwebhooks";

/** The events the stand-in can send: those the app acts on. */
export type ProviderEvent = EmailBouncedEvent | EmailComplainedEvent | EmailSuppressedEvent;
export type ProviderEventType = ProviderEvent["type"];

/** The headers of a signed delivery (svix-* as Resend sends them). */
export function signWebhook(secret: string, id: string, timestamp: Date, payload: string): Record<string, string> {
  return {
    "svix-id": id,
    "svix-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "svix-signature": new Webhook(secret).sign(id, timestamp, payload),
  };
}

/** The POST Resend would make to `url` for `event`. */
export function webhookRequest(url: string, secret: string, id: string, timestamp: Date, event: ProviderEvent): Request {
  const payload = JSON.stringify(event);
  return new Request(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "Svix-Webhooks/1.0 (mail-provider-emulator)",
      ...signWebhook(secret, id, timestamp, payload),
    },
    body: payload,
  });
}

/** A new random `whsec_…` secret (base64 of 24 random bytes, as Standard Webhooks expects). */
export function newWebhookSecret(): string {
  return `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;
}
