/**
 * The one money parser: an amount typed (or sent) in dollars and cents, as whole cents, read digit by digit from its
 * text, never through a float (19.99 × 100 is 1998.9999999999998 in floating point). Every money field's zod schema
 * is built from it (`moneyCents`), on the server and in the forms alike.
 */
import { z } from "zod";

/** "49", "49.9", "49.99", " $1,299.50 "; at most two decimals and nine whole digits. */
const MONEY_TEXT = /^\$?(\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.(\d{1,2}))?$/;

/**
 * Whole cents of a dollar amount, or null when it is not one. A JSON number is read through its shortest decimal text
 * (`String(19.99)` is "19.99"), so a number sent is read as it was written.
 */
export function parseMoneyCents(input: string | number): number | null {
  const text = (typeof input === "number" ? (Number.isFinite(input) ? String(input) : "") : input).trim().replace(/^\$\s*/, "$");
  const match = MONEY_TEXT.exec(text);
  if (!match) return null;
  const whole = (match[1] ?? "0").replaceAll(",", "");
  const cents = (match[2] ?? "").padEnd(2, "0");
  return Number(whole) * 100 + Number(cents);
}

/** The least a card payment can be (Stripe's minimum charge in USD): a price is 0 (free) or at least this. */
export const MIN_CARD_PAYMENT_CENTS = 50;

/** Cents as the text a form shows and parses back: 1999 → "19.99", 4900 → "49.00". */
export function centsToText(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

type MoneyMessages = {
  required: string;
  invalid: string;
  /** A minus sign, or a negative number (else `invalid`). */
  negative?: string;
  /** A third decimal (else `invalid`). */
  decimals?: string;
  max?: [cents: number, message: string];
};

/**
 * A money field: text or a number in dollars and cents, as whole cents, at most `max` cents. `required` answers an
 * empty field, `invalid` anything else that is not an amount (letters, an exponent), unless a closer message is given.
 */
export function moneyCents(messages: MoneyMessages) {
  return z
    .union([z.string(), z.number()], {
      error: (issue) => (issue.input === undefined || issue.input === null ? messages.required : messages.invalid),
    })
    .transform((value, ctx) => {
      const text = String(value).trim();
      const refuse = (message: string) => {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      };
      if (text === "") return refuse(messages.required);
      const cents = parseMoneyCents(value);
      if (cents === null) {
        if (messages.negative && /^-/.test(text)) return refuse(messages.negative);
        if (messages.decimals && /^\$?[\d,]+\.\d{3,}$/.test(text)) return refuse(messages.decimals);
        return refuse(messages.invalid);
      }
      if (messages.max && cents > messages.max[0]) return refuse(messages.max[1]);
      return cents;
    });
}
