/** Server-side schemas for every public write, built from the same rules the forms use. */
import { z } from "zod";
import type { FormResult } from "./form-result";
import {
  CONTACT_SUBJECTS,
  characterCount,
  EMAIL_MAX,
  EMAIL_PATTERN,
  GIFT_MESSAGE_MAX,
  MESSAGE_MAX,
  NAME_MAX,
  WRITTEN_ANSWER_MAX,
} from "./validation";

const email = z
  .string({ error: "Please enter your email address." })
  .trim()
  .min(1, "Please enter your email address.")
  .max(EMAIL_MAX, "That email address is too long.")
  .regex(EMAIL_PATTERN, "Please enter a valid email address.");

export const newsletterSchema = z.object({ email });

/** The unsubscribe link's forms: RFC 8058's one-click POST (the page's button sends the same field), or "Undo". */
export const unsubscribeActionSchema = z.union(
  [z.object({ "List-Unsubscribe": z.literal("One-Click") }), z.object({ intent: z.literal("undo") })],
  { error: "Send List-Unsubscribe=One-Click to unsubscribe." },
);

/** The confirmation link's button: a form with nothing to check (the link's token is the credential). */
export const confirmSubscriptionSchema = z.object({});
/** What every accepted signup is told, new address or not (double opt-in: nothing is subscribed until the link is opened). */
export const NEWSLETTER_SIGNUP_MESSAGE = "Thanks! Check your inbox to confirm your subscription.";

const subjectValues = CONTACT_SUBJECTS.map((s) => s.value) as [string, ...string[]];

export const contactSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(NAME_MAX, `Your name can be at most ${NAME_MAX} characters.`),
  email,
  subject: z.enum(subjectValues, { error: "Please choose a subject from the list." }),
  message: z
    .string({ error: "Please write a message." })
    .trim()
    .min(1, "Please write a message.")
    .refine((text) => characterCount(text) <= MESSAGE_MAX, `Your message can be at most ${MESSAGE_MAX} characters.`),
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

/** Who is paying, asked on the enrol page before the card: an e-mail address (required) and a name. */
export const buyerSchema = z.object({
  email,
  name: z
    .string({ error: "Your name must be text." })
    .trim()
    .max(NAME_MAX, `Your name can be at most ${NAME_MAX} characters.`)
    .optional()
    .default(""),
});

const recipientEmail = z
  .string({ error: "Please enter the recipient's email address." })
  .trim()
  .min(1, "Please enter the recipient's email address.")
  .max(EMAIL_MAX, "That email address is too long.")
  .regex(EMAIL_PATTERN, "Please enter a valid email address for the recipient.");
const recipientName = z
  .string({ error: "The recipient's name must be text." })
  .trim()
  .min(1, "Please enter the recipient's name.")
  .max(NAME_MAX, `The recipient's name can be at most ${NAME_MAX} characters.`);

/** Who gets a gift (docs/payments.md, "Gifts"): also the form of the buyer's "change the recipient". */
export const giftRecipientSchema = z.object({ recipientEmail, recipientName });

/** "Give this course": the recipient, the buyer's message and the UTC day it is sent (its range is checked on the server). */
export const giftSchema = giftRecipientSchema.extend({
  message: z
    .string({ error: "The message must be text." })
    .trim()
    .refine((text) => characterCount(text) <= GIFT_MESSAGE_MAX, `The message can be at most ${GIFT_MESSAGE_MAX} characters.`)
    .optional()
    .default(""),
  sendOn: z
    .string({ error: "Please choose the day to send the gift." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Please choose the day to send the gift.")
    .refine(
      (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
      "Please choose a real day.",
    ),
});

/** A repeat purchase's refund page (ADR 0008): its one button. */
export const repeatRefundSchema = z.object({ intent: z.literal("refund") });

/** The gift's manage page: send it again, or send it to someone else. */
export const giftManageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("resend") }),
  giftRecipientSchema.extend({ intent: z.literal("change") }),
]);

/** "Get my access link" at /learn. */
export const accessLinkRequestSchema = z.object({ email });

export const createPaymentIntentSchema = buyerSchema.extend({
  courseId: z.coerce
    .number({ error: "courseId must be a course id." })
    .int("courseId must be a course id.")
    .positive("courseId must be a course id."),
  /** The price after the coupon, if any (0 for a 100% coupon): checked against D1, never charged as sent. */
  amount: z
    .number({ error: "amount must be the course price in US dollars." })
    .min(0, "amount must be the course price in US dollars.")
    .max(1_000_000, "amount is too large."),
  /** One enrol-page visit: makes PaymentIntent creation idempotent across retries. */
  attemptId: z.string().uuid("attemptId must be a UUID.").optional(),
  couponCode: z.string({ error: "couponCode must be text." }).trim().max(64, "That code is too long.").optional(),
  /** "Give this course": the course goes to the recipient, never to the buyer's address. */
  gift: giftSchema.optional(),
});

/** A bundle's checkout (docs/payments.md, "Bundles"): the same as a course's, without coupons. */
export const createBundlePaymentIntentSchema = buyerSchema.extend({
  bundleId: z.coerce
    .number({ error: "bundleId must be a bundle id." })
    .int("bundleId must be a bundle id.")
    .positive("bundleId must be a bundle id."),
  amount: z
    .number({ error: "amount must be the bundle price in US dollars." })
    .min(0, "amount must be the bundle price in US dollars.")
    .max(1_000_000, "amount is too large."),
  attemptId: z.string().uuid("attemptId must be a UUID.").optional(),
});

export const paymentSuccessSchema = z.object({
  paymentIntentId: z
    .string({ error: "paymentIntentId is required." })
    .regex(/^pi_[A-Za-z0-9_]{1,200}$/, "paymentIntentId is not a PaymentIntent id."),
  paymentIntentClientSecret: z
    .string({ error: "paymentIntentClientSecret is required." })
    .min(1, "paymentIntentClientSecret is required.")
    .max(300, "paymentIntentClientSecret is not valid."),
});

const assessmentId = z.coerce
  .number({ error: "assessmentId must be an assessment id." })
  .int("assessmentId must be an assessment id.")
  .positive("assessmentId must be an assessment id.");

/** The lesson page's forms: mark complete, a quiz attempt, a written answer (the textarea has the same limit). */
export const lessonActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("complete") }),
    z.object({
      intent: z.literal("quiz"),
      assessmentId,
      answers: z.array(
        z.coerce
          .number({ error: "Please answer every question." })
          .int("Please answer every question.")
          .min(0, "Please answer every question."),
        {
          error: "Please answer every question.",
        },
      ),
    }),
    z.object({
      intent: z.literal("answer"),
      assessmentId,
      answer: z
        .string({ error: "Write your answer before saving it." })
        .refine(
          (text) => characterCount(text) <= WRITTEN_ANSWER_MAX,
          `Your answer can be at most ${WRITTEN_ANSWER_MAX.toLocaleString("en-US")} characters.`,
        )
        .refine((text) => text.trim() !== "", "Write your answer before saving it."),
    }),
  ],
  { error: "Choose what to do: complete, quiz or answer." },
);

/** What a lesson's forms get back: done (a quiz or a written answer names its assessment), or refused. */
export type LessonAnswer = FormResult<{ assessmentId?: number }>;

/** The name printed on a certificate. */
export const certificateNameSchema = z.object({
  name: z
    .string({ error: "Please enter the name for your certificate." })
    .trim()
    .min(1, "Please enter the name for your certificate.")
    .max(NAME_MAX, `The name can be at most ${NAME_MAX} characters.`),
});
