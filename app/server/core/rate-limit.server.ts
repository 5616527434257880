/**
 * Abuse limits on the public writes: newsletter signups, contact messages and PaymentIntent creation.
 *
 * One D1 counter per (bucket, client address, fixed one-hour window), incremented with a single
 * atomic upsert, so concurrent requests are counted exactly. Limits come from configuration
 * (`RATE_LIMIT_*_PER_HOUR` vars in wrangler.toml; the load test raises them with `--var`).
 * Handlers check the limit after validating the input, so a malformed request costs no D1 write
 * and a visitor's typo does not use up their allowance.
 */
import { env } from "cloudflare:workers";
import { lt, sql } from "drizzle-orm";
import { rateLimits } from "../../../db/schema";
import { requestClientKey } from "./request.server";
import { getDb, type Database } from "./db.server";
import { HttpError } from "./http.server";
import { config } from "./config.server";

export const RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;

/** Each bucket's var; its default (when unset) is in app/server/core/config.server.ts. */
export const RATE_LIMIT_BUCKETS = {
  newsletter: { variable: "RATE_LIMIT_NEWSLETTER_PER_HOUR" },
  contact: { variable: "RATE_LIMIT_CONTACT_PER_HOUR" },
  "payment-intent": { variable: "RATE_LIMIT_PAYMENT_INTENTS_PER_HOUR" },
  /** "Get my access link", per client address. */
  "access-link": { variable: "RATE_LIMIT_ACCESS_LINKS_PER_HOUR" },
  /** …and per recipient, so nobody can fill one inbox from many addresses. */
  "access-link-recipient": { variable: "RATE_LIMIT_ACCESS_LINKS_PER_RECIPIENT_PER_HOUR" },
  /** Newsletter confirmation e-mails per recipient (a signup is also limited per client by "newsletter"). */
  "newsletter-recipient": { variable: "RATE_LIMIT_NEWSLETTER_PER_RECIPIENT_PER_HOUR" },
  /** A gift's "send it again" and "send it to someone else" (each mails the buyer's message), per client address… */
  "gift-send": { variable: "RATE_LIMIT_GIFT_SENDS_PER_HOUR" },
  /** …and per gift, so a manage link is no mail relay from many addresses either. */
  "gift-send-gift": { variable: "RATE_LIMIT_GIFT_SENDS_PER_GIFT_PER_HOUR" },
  /** Coupon codes checked (enrol page, /c/CODE, checkout with a code), per client: codes cannot be guessed in bulk. */
  "coupon-check": { variable: "RATE_LIMIT_COUPON_CHECKS_PER_HOUR" },
} as const;

export type RateLimitBucket = keyof typeof RATE_LIMIT_BUCKETS;
type RateLimitVariable = (typeof RATE_LIMIT_BUCKETS)[RateLimitBucket]["variable"];

/** What a refused request is told: the message, and how long until the window ends. */
export type RateLimitRefusal = { message: string; retryAfterSeconds: number; headers: Record<string, string> };

/** The configured limit per hour for a bucket (app/server/core/config.server.ts: a whole number ≥ 1, else the default). */
export function rateLimitPerHour(bucket: RateLimitBucket, source: Partial<Record<RateLimitVariable, string>> = env): number {
  return config(source)[RATE_LIMIT_BUCKETS[bucket].variable];
}

/** "Too many requests. Please try again in N minutes."; `lead` names what there were too many of, where that helps. */
export function rateLimitMessage(retryAfterSeconds: number, lead = "Too many requests."): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${lead} Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/**
 * Counts one request of `client` in `bucket` and says whether it is within `limit` for the current
 * window. Refused requests are counted too (they cannot lengthen the wait: the window is fixed).
 */
export async function consumeRateLimit(
  db: Database,
  input: { bucket: RateLimitBucket; client: string; limit: number; lead?: string },
  now: Date = new Date(),
): Promise<RateLimitRefusal | null> {
  const windowStart = Math.floor(now.getTime() / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS;
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket: input.bucket, client: input.client, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.client, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  // Housekeeping once per client and window: counters of past windows no longer matter to anyone.
  if (count === 1) await db.delete(rateLimits).where(lt(rateLimits.windowStart, windowStart));
  if (count <= input.limit) return null;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + RATE_LIMIT_WINDOW_MS - now.getTime()) / 1000));
  return {
    message: rateLimitMessage(retryAfterSeconds, input.lead),
    retryAfterSeconds,
    headers: { "Retry-After": String(retryAfterSeconds) },
  };
}

/** The limit check for a request: null when allowed, else the refusal. */
export function checkRateLimit(
  request: Request,
  bucket: RateLimitBucket,
  db: Database = getDb(),
  lead?: string,
): Promise<RateLimitRefusal | null> {
  return consumeRateLimit(db, { bucket, client: requestClientKey(request), limit: rateLimitPerHour(bucket), lead });
}

/** The 429 refusal as an HttpError with `Retry-After`. */
export function rateLimitError(refusal: RateLimitRefusal) {
  return new HttpError(429, refusal.message, undefined, refusal.headers);
}

/**
 * Throws the 429 refusal (an HttpError with `Retry-After`) past the limit: JSON endpoints answer it as `{ message }`
 * (`handleApi`), page forms as `{ ok: false, message }` (`formAction`).
 */
export async function enforceRateLimit(request: Request, bucket: RateLimitBucket, db: Database = getDb(), lead?: string): Promise<void> {
  const refusal = await checkRateLimit(request, bucket, db, lead);
  if (refusal) throw rateLimitError(refusal);
}
