/**
 * What an order brought in, wherever revenue is summed (the dashboard, analytics, the coupons' and bundles' totals):
 * the amount paid less everything refunded (partial refunds, and a bundle's credit for courses already owned, both in
 * `refunded_cents`), as the Orders CSV's net column (docs/payments.md, "Partial refunds").
 */
import { sql } from "drizzle-orm";
import { enrollments } from "../../../db/schema";

/** An order's net in cents, for `sum(…)` over paid orders. */
export const netRevenueCents = sql<number>`(${enrollments.amountCents} - ${enrollments.refundedCents})`;
