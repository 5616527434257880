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

export const createPaymentIntentSchema = z.object({
  courseId: z.coerce.number({ error: "courseId must be a course id." }).int("courseId must be a course id.").positive("courseId must be a course id."),
  amount: z.number({ error: "amount must be the course price in US dollars." }).positive("amount must be the course price in US dollars.").max(1_000_000, "amount is too large."),
  /** One enrol-page visit: makes PaymentIntent creation idempotent across retries. */
  attemptId: z.string().uuid("attemptId must be a UUID.").optional(),
});

export const paymentSuccessSchema = z.object({
  paymentIntentId: z.string({ error: "paymentIntentId is required." }).regex(/^pi_[A-Za-z0-9_]{1,200}$/, "paymentIntentId is not a PaymentIntent id."),
  paymentIntentClientSecret: z.string({ error: "paymentIntentClientSecret is required." }).min(1, "paymentIntentClientSecret is required.").max(300, "paymentIntentClientSecret is not valid."),
});
