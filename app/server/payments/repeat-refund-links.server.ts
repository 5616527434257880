/**
 * A repeat purchase's refund link (ADR 0008), as the receipt offers it: apart from repeat-purchases.server.ts (which
 * refunds through payments.server.ts) so that payments.server.ts can offer the link without the two importing each other.
 */
import { and, eq, isNull, lt } from "drizzle-orm";
import { enrollments } from "../../../db/schema";
import { REFUND_WINDOW_DAYS } from "~/lib/admin-schemas";
import type { Database } from "../core/db.server";
import { hashToken, newToken } from "../core/session-tokens.server";
import { grantsAccess } from "../learning/learner.server";

/** The refund terms' window ("within 14 days of enrolling"): the link works as long. */
export const REPEAT_REFUND_DAYS = REFUND_WINDOW_DAYS;

export function repeatRefundUrl(origin: string, token: string) {
  return `${origin}/orders/refund/${token}`;
}

/**
 * For the receipt of a newly paid order: when the address already had the course through an earlier order that grants
 * it, a refund link for this order (its token's hash stored once), else null. Asked after the order was recorded, by
 * the one recording that inserted it; of two payments racing, the later order is the repeat.
 */
export async function offerRepeatRefund(
  db: Database,
  input: { enrollmentId: number; email: string; courseId: number; origin: string },
): Promise<string | null> {
  const earlier = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.email, input.email),
        eq(enrollments.courseId, input.courseId),
        lt(enrollments.id, input.enrollmentId),
        grantsAccess(),
      ),
    )
    .limit(1)
    .get();
  if (!earlier) return null;
  const token = newToken();
  const [set] = await db
    .update(enrollments)
    .set({ refundLinkHash: await hashToken(token) })
    .where(and(eq(enrollments.id, input.enrollmentId), isNull(enrollments.refundLinkHash)))
    .returning({ id: enrollments.id });
  return set ? repeatRefundUrl(input.origin, token) : null;
}
