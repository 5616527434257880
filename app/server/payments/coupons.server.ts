/**
 * Coupons (docs/payments.md, "Coupons"): checking a code against a course, reserving a use when the PaymentIntent is
 * made, redeeming it when the order is recorded, releasing it when the payment is cancelled; and the owner's list.
 * The discount is always computed here from D1, never taken from the browser.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { couponRedemptions, coupons, enrollments } from "../../../db/schema";
import {
  type CouponFormInput,
  type CouponKind,
  type CouponOffer,
  type CouponRefusal,
  COUPON_CODE_MAX,
  COUPON_REFUSALS,
  describeCouponTerms,
  couponDiscountCents,
  isCouponCodeShape,
  normaliseCouponCode,
} from "~/lib/coupons";
import { formatMoney } from "~/lib/format";
import type { Database } from "../core/db.server";
import { getCoursePriceCents } from "../learning/courses.server";
import { HttpError } from "../core/http.server";
import { checkRateLimit } from "../core/rate-limit.server";
import { netRevenueCents } from "./revenue.server";

/**
 * How long a reserved use counts without a payment: long enough to type a card (Stripe's form takes a minute or two),
 * short enough that intents nobody pays cannot hold a code's last uses for long. A cancelled intent gives it back at once.
 */
export const RESERVATION_MINUTES = 15;

/** What a client that tried too many codes is told (the same for a real code as for a guess). */
export const COUPON_CHECKS_LEAD = "Too many codes tried.";

/**
 * Counts one code check of this client (the enrol page's Apply, /c/CODE, checkout with a code): null while allowed,
 * else the 429 refusal. Checked before the code is looked up, so a refusal says nothing about the code.
 */
export function couponCheckRefusal(db: Database, request: Request) {
  return checkRateLimit(request, "coupon-check", db, COUPON_CHECKS_LEAD);
}

type CouponRow = typeof coupons.$inferSelect;

/** A use that counts against the limits: redeemed, or reserved and not expired. */
const live = (now: string) =>
  sql`(${couponRedemptions.status} = 'redeemed' or (${couponRedemptions.status} = 'reserved' and ${couponRedemptions.expiresAt} > ${now}))`;

export type CouponQuote =
  | { ok: true; coupon: CouponRow; priceCents: number; discountCents: number; amountCents: number }
  | { ok: false; reason: CouponRefusal; message: string };

const refuse = (reason: CouponRefusal): CouponQuote => ({ ok: false, reason, message: COUPON_REFUSALS[reason] });

function appliesTo(coupon: CouponRow, courseId: number) {
  if (coupon.courseIds === null) return true;
  const ids = JSON.parse(coupon.courseIds) as number[];
  return ids.includes(courseId);
}

/**
 * A code for a course at a price, as of `now`: the price after the discount, or why it is refused. The total uses are
 * counted here for the enrol page's answer; the reservation counts them again atomically. The per-address limit is not
 * asked here (no address yet), only when the use is reserved.
 */
export async function quoteCoupon(
  db: Database,
  input: { code: string; courseId: number; priceCents: number },
  now = new Date(),
): Promise<CouponQuote> {
  const code = normaliseCouponCode(input.code);
  if (!isCouponCodeShape(code)) return refuse("unknown");
  const coupon = await db.select().from(coupons).where(eq(coupons.code, code)).get();
  if (!coupon?.active) return refuse("unknown");
  const at = now.toISOString();
  if (coupon.startsAt && at < coupon.startsAt) return refuse("not-started");
  if (coupon.endsAt && at >= coupon.endsAt) return refuse("expired");
  if (!appliesTo(coupon, input.courseId)) return refuse("wrong-course");
  if (coupon.maxUses !== null) {
    const used = await db
      .select({ n: sql<number>`count(*)` })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), live(at)))
      .get();
    if ((used?.n ?? 0) >= coupon.maxUses) return refuse("used-up");
  }
  const discountCents = couponDiscountCents(input.priceCents, coupon);
  return { ok: true, coupon, priceCents: input.priceCents, discountCents, amountCents: input.priceCents - discountCents };
}

export type Reservation = {
  id: number;
  couponCode: string;
  priceCents: number;
  discountCents: number;
  amountCents: number;
  paymentIntentId: string | null;
};

/**
 * Reserves one use of a quoted coupon for an enrol-page attempt, in ONE statement: the INSERT happens only while the
 * live uses are under the coupon's total, so N buyers racing for the last use get exactly one row (D1 runs each
 * statement atomically). The same attempt sent again gets its own reservation back; 400 "used up" otherwise. The
 * per-address limit is not asked here: the answer would tell anyone what the address bought. The order's INSERT asks
 * it (payments.server.ts), and a payment over it is refunded with the reason told to the inbox only.
 */
export async function reserveCoupon(
  db: Database,
  quote: Extract<CouponQuote, { ok: true }>,
  input: { attemptKey: string; courseId: number; email: string },
  now = new Date(),
): Promise<Reservation> {
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + RESERVATION_MINUTES * 60_000).toISOString();
  const { coupon } = quote;
  const [inserted] = await db.all<{ id: number }>(sql`
    insert into ${couponRedemptions} (coupon_id, attempt_key, course_id, email, price_cents, discount_cents, amount_cents, status, expires_at)
    select c.id, ${input.attemptKey}, ${input.courseId}, ${input.email}, ${quote.priceCents}, ${quote.discountCents}, ${quote.amountCents}, 'reserved', ${expiresAt}
    from ${coupons} c
    where c.id = ${coupon.id} and c.active = 1
      and (c.max_uses is null or (select count(*) from ${couponRedemptions} r where r.coupon_id = c.id
            and (r.status = 'redeemed' or (r.status = 'reserved' and r.expires_at > ${at}))) < c.max_uses)
    on conflict (attempt_key) do nothing
    returning id`);
  const shown = {
    couponCode: coupon.code,
    priceCents: quote.priceCents,
    discountCents: quote.discountCents,
    amountCents: quote.amountCents,
  };
  if (inserted) return { id: inserted.id, paymentIntentId: null, ...shown };
  const again = await db.select().from(couponRedemptions).where(eq(couponRedemptions.attemptKey, input.attemptKey)).get();
  if (
    again &&
    again.status !== "released" &&
    again.couponId === coupon.id &&
    again.email === input.email &&
    again.amountCents === quote.amountCents
  ) {
    return { id: again.id, paymentIntentId: again.paymentIntentId, ...shown };
  }
  if (again) throw new HttpError(409, "This payment was already started with other details. Reload the page and try again.");
  throw new HttpError(400, COUPON_REFUSALS["used-up"]);
}

/** The PaymentIntent Stripe made for a reservation: from now on the order's recording finds the coupon's terms by it. */
export async function attachPaymentIntent(db: Database, reservationId: number, paymentIntentId: string) {
  await db.update(couponRedemptions).set({ paymentIntentId }).where(eq(couponRedemptions.id, reservationId));
}

/** Gives a reserved use back (the intent failed to be made, was cancelled, or its order opens nothing). A redeemed use stays. */
export async function releaseReservation(db: Database, where: { id: number } | { paymentIntentId: string }) {
  await db
    .update(couponRedemptions)
    .set({ status: "released" })
    .where(
      and(
        "id" in where ? eq(couponRedemptions.id, where.id) : eq(couponRedemptions.paymentIntentId, where.paymentIntentId),
        eq(couponRedemptions.status, "reserved"),
      ),
    );
}

/** The use a paid order consumed: counted for good, even when it was paid after its reservation expired. */
export async function redeemReservation(db: Database, paymentIntentId: string) {
  await db.update(couponRedemptions).set({ status: "redeemed" }).where(eq(couponRedemptions.paymentIntentId, paymentIntentId));
}

/** The coupon's terms as they were when this PaymentIntent was made; undefined for an intent without a coupon (or unknown to D1). */
export async function reservationForPaymentIntent(db: Database, paymentIntentId: string) {
  return db
    .select({
      id: couponRedemptions.id,
      status: couponRedemptions.status,
      couponCode: coupons.code,
      priceCents: couponRedemptions.priceCents,
      discountCents: couponRedemptions.discountCents,
      amountCents: couponRedemptions.amountCents,
    })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(eq(couponRedemptions.paymentIntentId, paymentIntentId))
    .get();
}

export type CouponSummary = {
  id: number;
  code: string;
  kind: CouponKind;
  value: number;
  courseIds: number[] | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  active: boolean;
  /** Paid orders with the coupon (refunded ones are not counted); revenue net of partial refunds. */
  uses: number;
  revenueCents: number;
  discountCents: number;
};

/** The owner's coupons page: every coupon with what its paid orders brought in and gave away. */
export async function listCoupons(db: Database): Promise<CouponSummary[]> {
  const rows = await db
    .select({
      coupon: coupons,
      uses: sql<number>`count(${enrollments.id})`,
      revenueCents: sql<number>`coalesce(sum(${netRevenueCents}), 0)`,
      discountCents: sql<number>`coalesce(sum(${enrollments.discountCents}), 0)`,
    })
    .from(coupons)
    .leftJoin(enrollments, and(eq(enrollments.couponCode, coupons.code), eq(enrollments.status, "paid")))
    .groupBy(coupons.id)
    .orderBy(desc(coupons.id));
  return rows.map(({ coupon, ...totals }) => ({
    ...coupon,
    courseIds: coupon.courseIds === null ? null : (JSON.parse(coupon.courseIds) as number[]),
    ...totals,
  }));
}

/** The enrol page's quote for `?coupon=`: the same check as checkout's, at the course's price in D1. */
export async function couponOffer(db: Database, course: { id: number }, typed: string): Promise<CouponOffer> {
  const code = normaliseCouponCode(typed).slice(0, COUPON_CODE_MAX + 1);
  const priceCents = await getCoursePriceCents(db, course.id);
  if (priceCents === undefined) return { ok: false, code, message: COUPON_REFUSALS.unknown };
  const quote = await quoteCoupon(db, { code, courseId: course.id, priceCents });
  if (!quote.ok) return { ok: false, code, message: quote.message };
  const { priceCents: price, discountCents, amountCents } = quote;
  return {
    ok: true,
    code,
    priceCents: price,
    discountCents,
    amountCents,
    terms: describeCouponTerms(quote.coupon, (cents) => formatMoney(cents, "usd")),
  };
}

/** A campaign tag the landing reads (app/lib/landing.ts: `utm_*` and `ref`), kept through a discount link's redirect. */
const CAMPAIGN_TAG = /^(utm_[a-z_]{1,30}|ref)$/;

/** The link's own `utm_*` and `ref` tags (at most 10, each value at most 200 characters), in their order. */
function campaignTags(query: URLSearchParams) {
  const kept = new URLSearchParams();
  for (const [name, value] of query) {
    if (CAMPAIGN_TAG.test(name) && kept.size < 10) kept.append(name, value.slice(0, 200));
  }
  return kept;
}

/**
 * Where a discount link /c/{code} goes: its course's page with the code, for a coupon of one course; the courses for
 * any other code (every course, several, or none known). An unknown code is not told apart: the enrol page says why.
 * The link's campaign tags go along, so the page redirected to keeps them as the tab's landing and the sale is the
 * campaign's, not "(direct)" (docs/analytics.md).
 */
export async function couponLinkTarget(db: Database, typed: string, query = new URLSearchParams()) {
  const code = normaliseCouponCode(typed);
  const coupon = isCouponCodeShape(code)
    ? await db.select({ courseIds: coupons.courseIds }).from(coupons).where(eq(coupons.code, code)).get()
    : undefined;
  const ids = coupon?.courseIds ? (JSON.parse(coupon.courseIds) as number[]) : [];
  const target = new URLSearchParams(ids.length === 1 ? { coupon: code } : {});
  for (const [name, value] of campaignTags(query)) target.append(name, value);
  const path = ids.length === 1 ? `/courses/${ids[0]}` : "/courses";
  return target.size === 0 ? path : `${path}?${target}`;
}

/** A new coupon. The code is unique: a taken one is a 409 `{ message }`. */
export async function createCoupon(db: Database, input: CouponFormInput) {
  const existing = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, input.code)).get();
  if (existing) throw new HttpError(409, `There is already a coupon ${input.code}.`);
  const [row] = await db
    .insert(coupons)
    .values({
      code: input.code,
      kind: input.kind,
      value: input.value,
      courseIds: input.courseIds.length === 0 ? null : JSON.stringify([...new Set(input.courseIds)].sort((a, b) => a - b)),
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      maxUses: input.maxUses,
      active: input.active,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new HttpError(409, `There is already a coupon ${input.code}.`);
  return row;
}

/** Turns a coupon on or off; an inactive code is "not valid" to buyers, and its reservations already made stand. */
export async function setCouponActive(db: Database, id: number, active: boolean) {
  const [row] = await db.update(coupons).set({ active }).where(eq(coupons.id, id)).returning({ id: coupons.id, code: coupons.code });
  if (!row) throw new HttpError(404, "Coupon not found.");
  return row;
}
