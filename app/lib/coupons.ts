/**
 * Coupons' shared half: the code's shape, the discount arithmetic, the refusals' wording and the admin form's schema.
 * The server (app/server/payments/coupons.server.ts) decides with these; the enrol page and the admin form show them.
 */
import { z } from "zod";
import { COUPON_CODE_MAX } from "./validation";
import { parseMoneyCents } from "./money";

export { COUPON_CODE_MAX };
const CODE_PATTERN = /^[A-Z0-9_-]+$/;

/** A code as stored and compared: trimmed, upper case. Codes are typed by people, so "spring-10" finds "SPRING-10". */
export function normaliseCouponCode(code: string) {
  return code.trim().toUpperCase();
}

/** Whether a typed code could be a code at all (anything else is "unknown" without a query). */
export function isCouponCodeShape(code: string) {
  return code.length > 0 && code.length <= COUPON_CODE_MAX && CODE_PATTERN.test(code);
}

export type CouponKind = "percent" | "amount";

/**
 * What a coupon takes off a price, in cents. A percentage is rounded to the nearest cent, half a cent in the buyer's
 * favour (10% of $0.05 is $0.01 off); an amount never takes more than the price. Integers only: no float cents.
 */
export function couponDiscountCents(priceCents: number, coupon: { kind: CouponKind; value: number }) {
  if (coupon.kind === "percent") return Math.min(priceCents, Math.floor((priceCents * coupon.value + 50) / 100));
  return Math.min(priceCents, coupon.value);
}

/** Why a code was refused at checkout. Never the per-address limit: that answer would say the address bought (docs/payments.md, "Coupons"). */
export type CouponRefusal = "unknown" | "not-started" | "expired" | "used-up" | "wrong-course";

export const COUPON_REFUSALS: Record<CouponRefusal, string> = {
  unknown: "This code is not valid.",
  "not-started": "This code cannot be used yet.",
  expired: "This code has expired.",
  "used-up": "This code has been used up.",
  "wrong-course": "This code is not for this course.",
};

/** What the enrol page shows for a typed code: the old and new prices, or why it is refused. */
export type CouponOffer =
  | { ok: true; code: string; priceCents: number; discountCents: number; amountCents: number; terms: string }
  | { ok: false; code: string; message: string };

const optionalCount = (what: string) =>
  z.preprocess(
    (value) => (value === "" || value === null || value === undefined ? null : value),
    z.coerce
      .number({ error: `${what} must be a whole number.` })
      .int(`${what} must be a whole number.`)
      .min(1, `${what} must be at least 1.`)
      .max(1_000_000)
      .nullable(),
  );

const optionalDate = (what: string) =>
  z.preprocess(
    (value) => (value === "" || value === null || value === undefined ? null : value),
    z
      .string()
      .refine((text) => !Number.isNaN(Date.parse(text)), `${what} must be a date and time.`)
      .transform((text) => new Date(text).toISOString())
      .nullable(),
  );

/** The admin's "New coupon" form, checked again by the server. `value` is per cent (1–100) or dollars for an amount. */
const couponFields = z.object({
  code: z
    .string({ error: "Please enter a code." })
    .transform(normaliseCouponCode)
    .pipe(
      z
        .string()
        .min(1, "Please enter a code.")
        .max(COUPON_CODE_MAX, `A code can be at most ${COUPON_CODE_MAX} characters.`)
        .regex(CODE_PATTERN, "A code uses letters, digits, - and _ only."),
    ),
  kind: z.enum(["percent", "amount"], { error: "Choose a percentage or an amount." }),
  /** As typed: a percentage, or dollars and cents; `couponFormSchema` turns it into the per cent or the cents. */
  value: z.union([z.string(), z.number()], { error: "Please enter the discount." }).transform((value) => String(value).trim()),
  /** Empty for every course; otherwise the ids, from checkboxes. */
  courseIds: z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.coerce.number().int().positive()).max(500),
  ),
  startsAt: optionalDate("The start"),
  endsAt: optionalDate("The end"),
  maxUses: optionalCount("The total number of uses"),
  active: z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean()),
});

/** The discount as stored: a whole per cent (1–100), or an amount in whole cents (the money parser, app/lib/money.ts). */
function couponValue(kind: CouponKind, typed: string) {
  if (kind === "percent") return /^\d{1,3}$/.test(typed) && Number(typed) >= 1 && Number(typed) <= 100 ? Number(typed) : null;
  const cents = parseMoneyCents(typed);
  return cents !== null && cents > 0 && cents <= 100_000_000 ? cents : null;
}

function refineCoupon(input: z.infer<typeof couponFields>, ctx: z.RefinementCtx) {
  if (input.value === "") ctx.addIssue({ code: "custom", path: ["value"], message: "Please enter the discount." });
  else if (couponValue(input.kind, input.value) === null) {
    const message =
      input.kind === "percent" ? "A percentage is a whole number from 1 to 100." : "An amount is in dollars and cents, e.g. 10 or 12.50.";
    ctx.addIssue({ code: "custom", path: ["value"], message });
  }
  if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must come after the start." });
  }
}

/** The typed discount as stored (`refineCoupon` has refused any other). */
const storedValue = <Input extends { kind: CouponKind; value: string }>(input: Input) => ({
  ...input,
  value: couponValue(input.kind, input.value) as number,
});

/** The form's coupon, with `value` a whole per cent or whole cents. */
export const couponFormSchema = couponFields.superRefine(refineCoupon).transform(storedValue);

/** The coupons page's two forms: "New coupon" (`intent=create`), and a coupon's Activate / Deactivate. */
export const couponActionSchema = z.discriminatedUnion(
  "intent",
  [
    couponFields
      .extend({ intent: z.literal("create") })
      .superRefine(refineCoupon)
      .transform(storedValue),
    z.object({
      intent: z.literal("set-active"),
      id: z.coerce.number({ error: "Which coupon?" }).int().positive("Which coupon?"),
      active: z.enum(["true", "false"], { error: "Activate or deactivate?" }).transform((value) => value === "true"),
    }),
  ],
  { error: "Unknown action." },
);

export type CouponFormInput = z.infer<typeof couponFormSchema>;

/** A coupon's terms in words, for the admin's list and the order page: "25% off", "$10.00 off". */
export function describeCouponTerms(coupon: { kind: CouponKind; value: number }, formatCents: (cents: number) => string) {
  return coupon.kind === "percent" ? `${coupon.value}% off` : `${formatCents(coupon.value)} off`;
}
