/** The admin inbox (contact messages) and the newsletter subscriber list with its CSV export. */
import { asc, count, desc, eq, sql } from "drizzle-orm";
import { contactMessages, newsletterSubscribers } from "../../db/schema";
import { CONTACT_SUBJECTS } from "~/lib/validation";
import type { Database } from "./db.server";
import { HttpError } from "./http.server";

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
  const updated = await db
    .update(contactMessages)
    .set({ handled })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id, handled: contactMessages.handled });
  if (updated.length === 0) throw new HttpError(404, "Message not found.");
  return updated[0];
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

/** How many addresses wait for their confirmation link to be opened (deleted after 7 days if it never is). */
export async function countPendingSubscribers(db: Database) {
  const [row] = await db.select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.status, "pending"));
  return row?.n ?? 0;
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled.
 * A cell starting with =, +, -, @, tab or carriage return gets a leading apostrophe so a spreadsheet
 * shows it as text instead of running it as a formula.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

export async function subscribersCsv(db: Database) {
  const rows = await listSubscribers(db);
  return toCsv([["email", "subscribed_at"], ...rows.map((row) => [row.email, row.createdAt])]);
}

export async function countUnhandledMessages(db: Database) {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.handled, false));
  return row?.n ?? 0;
}
