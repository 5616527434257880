/**
 * The newsletter's subscriptions: double opt-in and unsubscribing (docs/newsletter.md).
 *
 * - A signup stores a *pending* row and e-mails a confirmation link: a single-use random token, only its
 *   SHA-256 stored, valid for 7 days. Opening it makes the row *confirmed*; only confirmed rows count
 *   anywhere (admin list, CSV, dashboard, sending).
 * - Every row has a random unsubscribe token (stored as is: newsletters are built from it at sending time,
 *   and it opens nothing but this subscription). Its URL unsubscribes with one POST (RFC 8058); the page at
 *   that URL asks first (a GET never unsubscribes: mail scanners open links) and offers to undo.
 * - Nothing the signup answers depends on whether the address was already known.
 * - A new address keeps where its signup came from (`source`, `medium`, `campaign`: docs/analytics.md, "Plays and
 *   sources"), read from the tab's landing; a signup of a known address changes nothing of it, so an address's source
 *   is that of its first signup, like its `created_at` (and nothing the answer says depends on it).
 */
import { and, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { mailLog, newsletterDeliveries, newsletterSubscribers, rateLimits } from "../../../db/schema";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";
import { listUnsubscribeHeaders, sendEmail } from "../mail/mail.server";
import { consumeRateLimit, rateLimitPerHour } from "../core/rate-limit.server";
import { hashToken, isWellFormedToken, newToken } from "../core/session-tokens.server";
import type { VisitSource } from "~/lib/analytics";
import { newsletterSchema } from "~/lib/schemas";
import { DIRECT_VISIT, landingField } from "../analytics/attribution.server";

/** A confirmation link works for 7 days after it was sent; then the pending address is deleted (retention.server.ts). */
export const NEWSLETTER_CONFIRM_TTL_DAYS = 7;
/** An unsubscribed address is kept this long, so "Undo" works; then it is deleted (retention.server.ts). */
export const NEWSLETTER_UNDO_DAYS = 30;
/**
 * A new link for a pending address is sent at most once a minute (and at most `newsletter-recipient`
 * per hour): concurrent repeats of one signup send one e-mail.
 */
export const NEWSLETTER_RESEND_INTERVAL_MS = 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

export type SubscriptionStatus = "pending" | "confirmed" | "unsubscribed";

/** One address is one subscriber, however it was typed. */
function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

export function newsletterConfirmUrl(origin: string, token: string) {
  return `${origin}/newsletter/confirm/${token}`;
}

/**
 * A subscriber's unsubscribe link and the RFC 8058 headers for a newsletter sent to them: pass `url` to
 * `sendEmail` as `listUnsubscribeUrl` (it adds the same headers) and put it in the body.
 */
export function newsletterUnsubscribeLink(origin: string, unsubscribeToken: string) {
  const url = `${origin}/newsletter/unsubscribe/${unsubscribeToken}`;
  return { url, headers: listUnsubscribeHeaders(url) };
}

/** New tokens are 32 random bytes in base64url; addresses stored before double opt-in got 32 in hex. */
function isWellFormedUnsubscribeToken(token: string) {
  return isWellFormedToken(token) || /^[0-9a-f]{64}$/.test(token);
}

/** A signup as the form and the API send it: the address, and the tab's landing (app/server/analytics/attribution.server.ts). */
export const newsletterSignupSchema = newsletterSchema.extend({ landing: landingField });

/**
 * A signup: stores the address as pending (or makes an unsubscribed one pending again) and e-mails a
 * fresh confirmation link. A confirmed address gets nothing (a third party cannot make the form mail a
 * subscriber), and a pending one gets a new link only past the re-send interval and the per-recipient
 * limit. One upsert decides, so concurrent signups of one address store one row and send one e-mail.
 * The caller answers the same whatever happened.
 */
export async function subscribeToNewsletter(
  db: Database,
  input: { email: string; origin: string; source?: VisitSource },
  now = new Date(),
) {
  const email = normaliseEmail(input.email);
  const limit = rateLimitPerHour("newsletter-recipient");
  if (await consumeRateLimit(db, { bucket: "newsletter-recipient", client: email, limit }, now)) return { email, sent: false };

  const token = newToken();
  const nowIso = now.toISOString();
  const resendBefore = new Date(now.getTime() - NEWSLETTER_RESEND_INTERVAL_MS).toISOString();
  const link = {
    status: "pending" as const,
    confirmTokenHash: await hashToken(token),
    confirmSentAt: nowIso,
    confirmExpiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_TTL_DAYS * DAY_MS).toISOString(),
  };
  const [row] = await db
    .insert(newsletterSubscribers)
    // The source goes in with a new row only (see the file's comment): the update below leaves it as it was.
    .values({ email, createdAt: nowIso, unsubscribeToken: newToken(), ...link, ...(input.source ?? DIRECT_VISIT) })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { ...link, confirmedAt: null, unsubscribedAt: null },
      setWhere: sql`${newsletterSubscribers.status} <> 'confirmed'
        and (${newsletterSubscribers.confirmSentAt} is null or ${newsletterSubscribers.confirmSentAt} <= ${resendBefore})`,
    })
    .returning({ id: newsletterSubscribers.id });
  if (!row) return { email, sent: false };

  const data = { confirmUrl: newsletterConfirmUrl(input.origin, token), expiresInDays: NEWSLETTER_CONFIRM_TTL_DAYS };
  await sendEmail({ to: email, kind: "newsletter-confirmation", data });
  return { email, sent: true };
}

export type Confirmation = { ok: true; email: string; unsubscribeToken: string } | { ok: false; reason: "invalid" | "expired" | "used" };

/**
 * Opens a confirmation link: one UPDATE that succeeds only for a pending row whose link is this one and
 * has not expired, so the link works once. Otherwise says why, for the page: unknown (or tampered),
 * expired, or already used (the row is confirmed or unsubscribed since).
 */
export async function confirmNewsletterSubscription(db: Database, token: string, now = new Date()): Promise<Confirmation> {
  if (!isWellFormedToken(token)) return { ok: false, reason: "invalid" };
  const hash = await hashToken(token);
  const nowIso = now.toISOString();
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: nowIso })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, hash),
        eq(newsletterSubscribers.status, "pending"),
        sql`${newsletterSubscribers.confirmExpiresAt} > ${nowIso}`,
      ),
    )
    .returning({ email: newsletterSubscribers.email, unsubscribeToken: newsletterSubscribers.unsubscribeToken });
  if (row) return { ok: true, email: row.email, unsubscribeToken: row.unsubscribeToken };
  const known = await db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, hash))
    .get();
  if (!known) return { ok: false, reason: "invalid" };
  return { ok: false, reason: known.status === "pending" ? "expired" : "used" };
}

/**
 * What a confirmation link would do, without doing it (its page's GET, which mail scanners and link previews open):
 * "valid" for a pending row whose link is this one and has not expired, else why it would fail.
 */
export async function confirmationLinkState(
  db: Database,
  token: string,
  now = new Date(),
): Promise<"valid" | Exclude<Confirmation, { ok: true }>["reason"]> {
  if (!isWellFormedToken(token)) return "invalid";
  const known = await db
    .select({ status: newsletterSubscribers.status, expiresAt: newsletterSubscribers.confirmExpiresAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, await hashToken(token)))
    .get();
  if (!known) return "invalid";
  if (known.status !== "pending") return "used";
  return known.expiresAt !== null && known.expiresAt > now.toISOString() ? "valid" : "expired";
}

/** The subscription an unsubscribe link names, for its page: null for an unknown (or deleted) one. */
export async function subscriptionByUnsubscribeToken(db: Database, token: string) {
  if (!isWellFormedUnsubscribeToken(token)) return null;
  const row = await db
    .select({ status: newsletterSubscribers.status, confirmedAt: newsletterSubscribers.confirmedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .get();
  return row ? { status: row.status as SubscriptionStatus, canUndo: row.status === "unsubscribed" && row.confirmedAt !== null } : null;
}

/** Unsubscribes at once (idempotent: an unsubscribed row stays as it was). False for an unknown link. */
export async function unsubscribeFromNewsletter(db: Database, token: string, now = new Date()): Promise<boolean> {
  if (!isWellFormedUnsubscribeToken(token)) return false;
  const nowIso = now.toISOString();
  const [[changed]] = await db.batch([
    db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: nowIso })
      .where(and(eq(newsletterSubscribers.unsubscribeToken, token), ne(newsletterSubscribers.status, "unsubscribed")))
      .returning({ id: newsletterSubscribers.id }),
    // "Unsubscribed since" of each issue they were sent, counted now: retention deletes the address after 30 days.
    db
      .update(newsletterDeliveries)
      .set({ unsubscribedAt: nowIso })
      .where(and(isNull(newsletterDeliveries.unsubscribedAt), inArray(newsletterDeliveries.subscriberId, subscriberIdOf(db, token)))),
  ]);
  return changed !== undefined || (await subscriptionByUnsubscribeToken(db, token)) !== null;
}

/** Why the mail provider took an address off the list (`newsletter_subscribers.unsubscribe_reason`). */
export type ProviderUnsubscribeReason = "bounced" | "complained" | "suppressed";

/**
 * Unsubscribes a subscriber the mail provider refused (a hard bounce, a complaint, its suppression list), keeping the
 * reason, with the same bookkeeping as the link: `unsubscribed_at` on the row and "unsubscribed since" on each issue it
 * was sent. Idempotent: an address already unsubscribed keeps its first time and reason. True when it changed the row.
 */
export async function unsubscribeForProvider(
  db: Database,
  subscriberId: number,
  reason: ProviderUnsubscribeReason,
  now = new Date(),
): Promise<boolean> {
  const nowIso = now.toISOString();
  const [[changed]] = await db.batch([
    db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: nowIso, unsubscribeReason: reason })
      .where(and(eq(newsletterSubscribers.id, subscriberId), ne(newsletterSubscribers.status, "unsubscribed")))
      .returning({ id: newsletterSubscribers.id }),
    db
      .update(newsletterDeliveries)
      .set({ unsubscribedAt: nowIso })
      .where(and(isNull(newsletterDeliveries.unsubscribedAt), eq(newsletterDeliveries.subscriberId, subscriberId))),
  ]);
  return changed !== undefined;
}

function subscriberIdOf(db: Database, token: string) {
  return db.select({ id: newsletterSubscribers.id }).from(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeToken, token));
}

/**
 * "Undo" on the unsubscribe page: an address that was confirmed before is subscribed again with no new
 * opt-in (its owner proved it once, and holds its link). False when there is nothing to undo.
 */
export async function undoNewsletterUnsubscribe(db: Database, token: string): Promise<boolean> {
  if (!isWellFormedUnsubscribeToken(token)) return false;
  const undoable = and(
    eq(newsletterSubscribers.unsubscribeToken, token),
    eq(newsletterSubscribers.status, "unsubscribed"),
    isNotNull(newsletterSubscribers.confirmedAt),
  );
  const [, [changed]] = await db.batch([
    // Runs first, while the row is still unsubscribed: the undone unsubscribe no longer counts on the issues.
    db
      .update(newsletterDeliveries)
      .set({ unsubscribedAt: null })
      .where(
        inArray(newsletterDeliveries.subscriberId, db.select({ id: newsletterSubscribers.id }).from(newsletterSubscribers).where(undoable)),
      ),
    db
      .update(newsletterSubscribers)
      .set({ status: "confirmed", unsubscribedAt: null })
      .where(undoable)
      .returning({ id: newsletterSubscribers.id }),
  ]);
  return changed !== undefined;
}

/** The e-mails that exist only because of the newsletter (mail_log.kind): they go with the address (erasure, retention). */
export const NEWSLETTER_MAIL_KINDS = ["newsletter", "newsletter-confirmation", "newsletter-welcome"];

export type Erasure = { email: string; deliveries: number; mails: number; rateLimits: number };

/**
 * "Delete on request" (right to erasure): removes the address everywhere the newsletter stored it, in one
 * db.batch: the subscriber row (with its confirmation and unsubscribe tokens), its delivery records, the
 * newsletter e-mails to it in the mail log (a queued one is then never sent: the consumer acknowledges a
 * message whose row is gone), and the rate-limit counters keyed by the address (any bucket: the others are
 * keyed by network address). Orders, receipts and contact
 * messages are not newsletter data and are left alone. 404 if the subscriber is gone, 409 if the id is
 * now another address (a stale page).
 */
export async function eraseSubscriber(db: Database, id: number, email: string): Promise<Erasure> {
  const row = await db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id))
    .get();
  if (!row) throw new HttpError(404, "This subscriber no longer exists.");
  const address = normaliseEmail(email);
  if (row.email !== address) throw new HttpError(409, `This subscriber's address is not ${address}.`);
  const [deliveries, mails, limits] = await db.batch([
    db.delete(newsletterDeliveries).where(eq(newsletterDeliveries.subscriberId, id)).returning({ id: newsletterDeliveries.id }),
    db
      .delete(mailLog)
      .where(and(eq(mailLog.to, address), inArray(mailLog.kind, NEWSLETTER_MAIL_KINDS)))
      .returning({ id: mailLog.id }),
    db.delete(rateLimits).where(eq(rateLimits.client, address)).returning({ windowStart: rateLimits.windowStart }),
    db.delete(newsletterSubscribers).where(and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.email, address))),
  ]);
  return { email: address, deliveries: deliveries.length, mails: mails.length, rateLimits: limits.length };
}
