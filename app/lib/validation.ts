/**
 * Validation rules shared by the forms (browser) and the server schemas (app/lib/schemas.ts).
 * Plain constants, so importing them costs the browser bundle almost nothing.
 */
export const EMAIL_MAX = 254;
export const NAME_MAX = 120;
export const MESSAGE_MAX = 5000;
/** A gift's message travels in the PaymentIntent's metadata, whose values Stripe caps at 500 characters. */
export const GIFT_MESSAGE_MAX = 500;
export const CONTACT_SUBJECTS = [
  { value: "general", label: "General inquiry" },
  { value: "support", label: "Support" },
  { value: "partnership", label: "Partnership" },
  { value: "feedback", label: "Feedback" },
  { value: "other", label: "Other" },
] as const;

/**
 * The longest coupon code (app/lib/coupons.ts has the rest of a code's rules). Here, not there, because the enrol page's
 * field needs it and coupons.ts builds the admin's zod schemas, which would bring zod into that page's JavaScript.
 */
export const COUPON_CODE_MAX = 32;

/** A practical e-mail check (the same one on both sides): something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** The longest written answer to an exercise or reflection. */
export const WRITTEN_ANSWER_MAX = 5000;

/**
 * Characters as a reader counts them: Unicode code points, so an emoji is one (JavaScript's `length` counts UTF-16
 * units, two for an emoji). The limits above are in these characters, on the server and in the forms alike.
 */
export function characterCount(text: string) {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * The `maxLength` of a textarea whose limit is `max` characters: browsers count UTF-16 units, up to two per
 * character, so the attribute is twice the limit and never cuts off an answer the server would take; the
 * counter under the field and the server's check count characters (`characterCount`).
 */
export const textareaMaxLength = (max: number) => max * 2;
