/**
 * The mail provider's webhook (`POST /api/webhooks/mail-provider`): Resend's events, signed as Standard Webhooks
 * (`svix-id`, `svix-timestamp`, `svix-signature`; the `standardwebhooks` package checks the HMAC and that the timestamp
 * is within 5 minutes). The secret is `RESEND_WEBHOOK_SECRET` (production) or, with the local stand-in, this run's
 * `MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET`.
 *
 * What it acts on (the same path as a permanent send failure, docs/newsletter.md):
 * - `email.bounced` with `bounce.type` "Permanent" (a hard bounce) and `email.complained`: the newsletter delivery
 *   becomes "bounced" / "complained" and its subscriber is unsubscribed with that reason; a transactional mail_log row
 *   becomes "bounced" / "complained". A transient bounce changes nothing (the provider retries it).
 * - `email.suppressed`: the delivery "failed" with error "suppressed" and the subscriber unsubscribed ("suppressed");
 *   a mail_log row "failed" with last_error "suppressed" (the order page says so).
 * The row is found by the message's tags (`delivery` = newsletter_deliveries.id, `mail` = mail_log.id, set by the
 * senders) or else by the provider's id (`email_id`). Unknown messages and other events are acknowledged (200) and
 * ignored. Every effect is idempotent, so a replayed event changes nothing more.
 */
import { and, eq, notInArray } from "drizzle-orm";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { mailLog, newsletterDeliveries } from "../../../db/schema";
import type { Database } from "../core/db.server";
import { logEvent } from "../core/log.server";
import { HttpError, readTextBody, WebhookSignatureError } from "../core/http.server";
import { type ProviderUnsubscribeReason, unsubscribeForProvider } from "../newsletter/subscriptions.server";

/** Resend's events are small; anything larger is not one. */
export const MAX_PROVIDER_WEBHOOK_BODY_BYTES = 256 * 1024;

export type ProviderEventAnswer = {
  received: true;
  type: string;
  /** What changed: "delivery" or "mail" (and the row's id), or why nothing did. */
  effect: { row: "delivery" | "mail"; id: number; status: string; unsubscribed: boolean } | { ignored: string };
};

type EventData = { email_id?: unknown; tags?: unknown; bounce?: { type?: unknown } };

/** The reason an event gives for taking an address off, or why it is ignored. */
function reasonOf(type: string, data: EventData): ProviderUnsubscribeReason | { ignored: string } {
  if (type === "email.bounced")
    return data.bounce?.type === "Permanent" ? "bounced" : { ignored: "a transient bounce (the provider retries it)" };
  if (type === "email.complained") return "complained";
  if (type === "email.suppressed") return "suppressed";
  return { ignored: `${type} is not acted on` };
}

/** A tag's value as a row id, or null. Resend's webhooks carry tags as an object; arrays of {name, value} are accepted too. */
function tagId(tags: unknown, name: string): number | null {
  let value: unknown;
  if (Array.isArray(tags)) value = tags.find((tag) => tag && typeof tag === "object" && (tag as { name?: unknown }).name === name)?.value;
  else if (tags && typeof tags === "object") value = (tags as Record<string, unknown>)[name];
  const id = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : null;
  return id && Number.isSafeInteger(id) ? id : null;
}

/** Checks the signature (400 on a bad, missing, tampered or stale one) and parses the event. */
export function verifyProviderEvent(secret: string, body: string, headers: Pick<Headers, "get">): { type: string; data: EventData } {
  const header = (name: string) => headers.get(`svix-${name}`) ?? headers.get(`webhook-${name}`) ?? "";
  let event: unknown;
  try {
    event = new Webhook(secret).verify(body, {
      "webhook-id": header("id"),
      "webhook-timestamp": header("timestamp"),
      "webhook-signature": header("signature"),
    });
  } catch (error) {
    if (error instanceof WebhookVerificationError)
      throw new WebhookSignatureError("mail-provider", "invalid-signature", `Invalid webhook signature: ${error.message}.`);
    // A signature over a body that is not JSON (verify parses it after checking).
    if (error instanceof SyntaxError) throw new HttpError(400, "The event is not valid JSON.");
    throw new WebhookSignatureError("mail-provider", "invalid-signature", "Invalid webhook signature.");
  }
  const parsed = event as { type?: unknown; data?: unknown } | null;
  if (!parsed || typeof parsed.type !== "string" || !parsed.data || typeof parsed.data !== "object") {
    throw new HttpError(400, "The event has no type or data.");
  }
  return { type: parsed.type, data: parsed.data as EventData };
}

/** Handles one webhook request: verifies it, then applies its effect once. */
export async function handleProviderWebhook(
  { db, secret, now = new Date() }: { db: Database; secret: string | undefined; now?: Date },
  request: Pick<Request, "headers" | "body">,
): Promise<ProviderEventAnswer> {
  if (!secret) {
    // Logged on every delivery by the route (`webhook.refused`, with the secret to set): Resend retries, so nothing
    // is lost once the secret is set.
    throw new WebhookSignatureError(
      "mail-provider",
      "secret-not-set",
      "The mail provider's webhook is not configured (RESEND_WEBHOOK_SECRET).",
      503,
    );
  }
  const hasSignature = (request.headers.get("svix-signature") ?? request.headers.get("webhook-signature")) !== null;
  if (!hasSignature) throw new WebhookSignatureError("mail-provider", "missing-signature", "Missing webhook signature.");
  const body = await readTextBody(request, MAX_PROVIDER_WEBHOOK_BODY_BYTES);
  const { type, data } = verifyProviderEvent(secret, body, request.headers);
  return { received: true, type, effect: await applyProviderEvent(db, type, data, now) };
}

/** The event's effect on its delivery or mail_log row (exported for the consumer's tests and the dev mailbox). */
export async function applyProviderEvent(
  db: Database,
  type: string,
  data: EventData,
  now = new Date(),
): Promise<ProviderEventAnswer["effect"]> {
  const reason = reasonOf(type, data);
  if (typeof reason !== "string") return reason;
  const providerId = typeof data.email_id === "string" && data.email_id ? data.email_id : null;

  const deliveryId = tagId(data.tags, "delivery");
  const delivery = deliveryId
    ? await db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.id, deliveryId)).get()
    : providerId
      ? await db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.providerId, providerId)).get()
      : undefined;
  if (delivery) {
    const status = reason === "suppressed" ? "failed" : reason;
    // A bounce or complaint already recorded stays (a later suppression of the same mail is its consequence).
    await db
      .update(newsletterDeliveries)
      .set({ status, error: reason, ...(providerId && !delivery.providerId ? { providerId } : {}) })
      .where(and(eq(newsletterDeliveries.id, delivery.id), notInArray(newsletterDeliveries.status, ["bounced", "complained"])));
    const unsubscribed = await unsubscribeForProvider(db, delivery.subscriberId, reason, now);
    if (unsubscribed)
      logEvent("warn", "newsletter.provider_unsubscribed", { reason, delivery: delivery.id, subscriber: delivery.subscriberId });
    return { row: "delivery", id: delivery.id, status, unsubscribed };
  }

  const mailId = tagId(data.tags, "mail");
  const mail = mailId
    ? await db.select({ id: mailLog.id, providerId: mailLog.providerId }).from(mailLog).where(eq(mailLog.id, mailId)).get()
    : providerId
      ? await db.select({ id: mailLog.id, providerId: mailLog.providerId }).from(mailLog).where(eq(mailLog.providerId, providerId)).get()
      : undefined;
  if (mail) {
    const status = reason === "suppressed" ? "failed" : reason;
    await db
      .update(mailLog)
      .set({ status, lastError: reason, ...(providerId && !mail.providerId ? { providerId } : {}) })
      .where(and(eq(mailLog.id, mail.id), notInArray(mailLog.status, ["bounced", "complained"])));
    logEvent("warn", "mail.provider_refused", { reason, id: mail.id });
    return { row: "mail", id: mail.id, status, unsubscribed: false };
  }
  return { ignored: "no delivery or mail of this site has this message" };
}
