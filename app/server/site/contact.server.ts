import { contactMessages } from "../../../db/schema";
import type { ContactInput } from "~/lib/schemas";
import type { Database } from "../core/db.server";

/** Stores a contact-form message for the admin inbox. */
export async function saveContactMessage(db: Database, input: ContactInput) {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, email: input.email.toLowerCase() })
    .returning({ id: contactMessages.id });
  return row;
}
