/** The admin inbox (contact messages) and the newsletter subscriber list with its CSV export. */
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { contactMessages, newsletterSubscribers } from "../../../db/schema";
import { SUBSCRIBERS_PER_PAGE, type SubscriberFilters } from "~/lib/admin-schemas";
import { CONTACT_SUBJECTS } from "~/lib/validation";
import { toCsv } from "../core/csv.server";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";

export function subjectLabel(value: string) {
  return CONTACT_SUBJECTS.find((subject) => subject.value === value)?.label ?? value;
}

/** Unhandled first, newest first. */
export function listMessages(db: Database) {
  return db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      handled: contactMessages.handled,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .orderBy(asc(contactMessages.handled), desc(contactMessages.createdAt), desc(contactMessages.id));
}

export function getMessage(db: Database, id: number) {
  return db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
}

export async function setMessageHandled(db: Database, id: number, handled: boolean) {
  const [updated] = await db
    .update(contactMessages)
    .set({ handled })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id, handled: contactMessages.handled });
  if (!updated) throw new HttpError(404, "Message not found.");
  return updated;
}

const subscribedAt = sql<string>`coalesce(${newsletterSubscribers.confirmedAt}, ${newsletterSubscribers.createdAt})`;

/** The confirmed subscribers, newest first (pending and unsubscribed addresses receive nothing and count nowhere). */
export function listSubscribers(db: Database) {
  return db
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, createdAt: subscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "confirmed"))
    .orderBy(desc(subscribedAt), desc(newsletterSubscribers.id));
}

/**
 * One page of the admin's subscriber list, every status, newest signup first: a literal search in the address (instr,
 * not LIKE: no wildcards, and no 50-byte LIKE limit), an optional status, the matching total and the count by status.
 */
export async function listSubscriberPage(db: Database, filters: SubscriberFilters = {}) {
  const page = filters.page ?? 1;
  const where: SQL[] = [];
  if (filters.q) where.push(sql`instr(${newsletterSubscribers.email}, ${filters.q.toLowerCase()}) > 0`);
  if (filters.status) where.push(eq(newsletterSubscribers.status, filters.status));
  const matching = where.length > 0 ? and(...where) : undefined;
  const [subscribers, [total], byStatus] = await db.batch([
    db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        status: newsletterSubscribers.status,
        createdAt: newsletterSubscribers.createdAt,
        confirmedAt: newsletterSubscribers.confirmedAt,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      })
      .from(newsletterSubscribers)
      .where(matching)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(SUBSCRIBERS_PER_PAGE)
      .offset((page - 1) * SUBSCRIBERS_PER_PAGE),
    db.select({ n: count() }).from(newsletterSubscribers).where(matching),
    db.select({ status: newsletterSubscribers.status, n: count() }).from(newsletterSubscribers).groupBy(newsletterSubscribers.status),
  ]);
  const countOf = (status: string) => byStatus.find((row) => row.status === status)?.n ?? 0;
  const n = total?.n ?? 0;
  return {
    subscribers,
    total: n,
    page,
    pages: Math.max(1, Math.ceil(n / SUBSCRIBERS_PER_PAGE)),
    counts: { pending: countOf("pending"), confirmed: countOf("confirmed"), unsubscribed: countOf("unsubscribed") },
  };
}

export function getSubscriber(db: Database, id: number) {
  return db
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id))
    .get();
}

export async function subscribersCsv(db: Database) {
  const rows = await listSubscribers(db);
  return toCsv([["email", "subscribed_at"], ...rows.map((row) => [row.email, row.createdAt])]);
}

/** The messages nobody has marked handled: what the sidebar's badge and the dashboard's "Unread messages" count. */
const unhandled = eq(contactMessages.handled, false);

/** The count of unhandled messages, as a statement of its own or inside another (the dashboard's batch). */
export const unhandledMessagesQuery = (db: Database) => db.select({ n: count() }).from(contactMessages).where(unhandled);

/** The same count as a scalar subquery: the admin sidebar's badge, read with the session (admin-guard). */
export const unhandledMessagesFigure = () => sql<number>`(select count(*) from ${contactMessages} where ${unhandled})`;

export async function countUnhandledMessages(db: Database) {
  const [row] = await unhandledMessagesQuery(db);
  return row?.n ?? 0;
}
