/**
 * Bundles' shared half: the admin form's schema and the rule for what a buyer who already owns some of the courses
 * gets back (docs/payments.md, "Bundles"). The server (app/server/payments/bundles.server.ts) decides with these.
 */
import { z } from "zod";
import { formVersion } from "./form-version";
import { centsToText, MIN_CARD_PAYMENT_CENTS, moneyCents } from "./money";

/**
 * The part of a bundle's price refunded for the courses the address already owned: the price shared out by the
 * courses' list prices, rounded up to the cent (in the buyer's favour), never more than what was paid. Integers only.
 * With no list prices at all (free courses), nothing is refunded.
 */
export function bundleCreditCents(paidCents: number, ownedListCents: number, totalListCents: number) {
  if (totalListCents <= 0 || ownedListCents <= 0) return 0;
  return Math.min(paidCents, Math.floor((paidCents * ownedListCents + totalListCents - 1) / totalListCents));
}

/** What buying the bundle saves against buying each course at its list price (never below zero). */
export function bundleSavingsCents(priceCents: number, listCents: number[]) {
  return Math.max(0, listCents.reduce((sum, cents) => sum + cents, 0) - priceCents);
}

/** The admin's bundle form (new and edit), checked again by the server. The price is typed in dollars, kept in cents. */
export const bundleFormSchema = z
  .object({
    id: z.preprocess((value) => (value === "" || value === undefined ? undefined : value), z.coerce.number().int().positive().optional()),
    title: z
      .string({ error: "Please enter a title." })
      .trim()
      .min(1, "Please enter a title.")
      .max(200, "A title can be at most 200 characters."),
    description: z.string().trim().max(2000, "A description can be at most 2000 characters.").optional().default(""),
    price: moneyCents({
      required: "Please enter the price in dollars.",
      invalid: "A price is in dollars and cents, e.g. 99 or 99.50.",
      max: [100_000_000, "The price is too large."],
    }).refine((cents) => cents >= MIN_CARD_PAYMENT_CENTS, {
      // A bundle is paid by card (it has no free path), and a card cannot pay less.
      message: `A bundle's price is at least $${centsToText(MIN_CARD_PAYMENT_CENTS)}, the smallest card payment.`,
    }),
    courseIds: z.preprocess(
      (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
      z.array(z.coerce.number().int().positive()).min(2, "Tick at least two courses.").max(100),
    ),
    published: z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean()),
    /** An edit's version (the bundle's updatedAt as the form showed it; the server requires it with an id). */
    version: formVersion.optional(),
  })
  .transform(({ price, ...input }) => ({ ...input, priceCents: price }));

export type BundleFormInput = z.infer<typeof bundleFormSchema>;
