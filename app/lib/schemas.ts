/** Server-side schemas for every public write, built from the same rules the forms use. */
import { z } from "zod";
import { CONTACT_SUBJECTS, EMAIL_MAX, EMAIL_PATTERN, MESSAGE_MAX, NAME_MAX } from "./validation";

const email = z
  .string({ error: "Please enter your email address." })
  .trim()
  .min(1, "Please enter your email address.")
  .max(EMAIL_MAX, "That email address is too long.")
  .regex(EMAIL_PATTERN, "Please enter a valid email address.");

export const newsletterSchema = z.object({ email });

const subjectValues = CONTACT_SUBJECTS.map((s) => s.value) as [string, ...string[]];

export const contactSchema = z.object({
  name: z.string({ error: "Please enter your name." }).trim().min(1, "Please enter your name.").max(NAME_MAX, `Your name can be at most ${NAME_MAX} characters.`),
  email,
  subject: z.enum(subjectValues, { error: "Please choose a subject from the list." }),
  message: z
    .string({ error: "Please write a message." })
    .trim()
    .min(1, "Please write a message.")
    .max(MESSAGE_MAX, `Your message can be at most ${MESSAGE_MAX} characters.`),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** Field name → first message, for forms that show errors beside each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
