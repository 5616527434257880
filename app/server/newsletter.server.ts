import { newsletterSubscribers } from "../../db/schema";
import type { Database } from "./db.server";

/**
 * Stores an address once (it arrives trimmed and is lower-cased here). Subscribing again is not an
 * error: the visitor's wish is already fulfilled, so `created` only tells whether a row was added.
 */
export async function subscribeToNewsletter(db: Database, email: string) {
  const normalized = email.trim().toLowerCase();
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: normalized })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return { email: normalized, created: inserted.length > 0 };
}
