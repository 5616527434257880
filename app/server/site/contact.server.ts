import { contactMessages } from "../../../db/schema";
import type { ContactInput } from "~/lib/schemas";
import { CONTACT_SUBJECTS } from "~/lib/validation";
import type { Database } from "../core/db.server";
import { notifyOwner } from "./owner-notices.server";

/**
 * Stores a contact-form message for the admin inbox, and tells the owner (if that notice is on). The notice names the
 * chosen subject only: who wrote, and what, stay in the inbox, under the message's own retention.
 */
export async function saveContactMessage(db: Database, input: ContactInput, origin?: string) {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, email: input.email.toLowerCase() })
    .returning({ id: contactMessages.id });
  const subject = CONTACT_SUBJECTS.find((each) => each.value === input.subject)?.label ?? input.subject;
  if (row) await notifyOwner(db, "contact", { title: subject, details: [], path: `/admin/messages/${row.id}`, origin });
  return row;
}
