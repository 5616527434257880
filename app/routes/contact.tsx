import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/contact";
import { MailIcon, MapPinIcon, PhoneIcon } from "~/components/ui/contact-icons";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import type { FormSuccess } from "~/lib/form-result";
import { contactSchema, type ContactInput } from "~/lib/schemas";
import { fixedPageMeta } from "~/lib/seo";
import { useSiteSettings } from "~/lib/site";
import { CONTACT_SUBJECTS, EMAIL_MAX, MESSAGE_MAX, NAME_MAX, textareaMaxLength } from "~/lib/validation";
import { saveContactMessage } from "~/server/site/contact.server";
import { getDb } from "~/server/core/db.server";
import { logEvent, rootCause, shortError } from "~/server/core/log.server";
import { formAction } from "~/server/core/form-action.server";
import { DATABASE_RETRY_AFTER_SECONDS, HttpError, isDatabaseFailure } from "~/server/core/http.server";
import { checkRateLimit, type RateLimitRefusal } from "~/server/core/rate-limit.server";

const CONTACT_FIELDS = Object.keys(contactSchema.shape) as (keyof ContactInput)[];

/**
 * POST the contact form: checked (400, each field's error), limited per client (429), stored. A refusal sends back what
 * was typed, so that a page posted without JavaScript refills the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return formAction(
    { request, context },
    contactSchema,
    async (input) => {
      let limited: RateLimitRefusal | null;
      try {
        limited = await checkRateLimit(request, "contact");
        if (!limited) await saveContactMessage(getDb(), input, new URL(request.url).origin);
      } catch (error) {
        logEvent("error", "contact.store_failed", { database: isDatabaseFailure(error), error: shortError(rootCause(error)) });
        // The form page itself, with what was typed, rather than the site's 503 page: nothing typed is lost.
        const headers = isDatabaseFailure(error) ? { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } : undefined;
        throw new HttpError(503, "We could not send your message just now. Please try again in a moment.", undefined, headers);
      }
      if (limited) throw new HttpError(429, limited.message, undefined, limited.headers);
      return { ok: true, message: "Thank you for your message!" } satisfies FormSuccess;
    },
    { keep: CONTACT_FIELDS },
  );
}

/** The action's Retry-After (a 429, or D1 failing: 503) reaches the page's answer. */
export const headers: Route.HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const merged = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
};

export const meta = fixedPageMeta("Contact", "Write to us about counselling, workshops, contributing, or anything else.");

const FAQ = [
  {
    q: "Do you offer one-to-one counselling?",
    a: "Our counsellors are registered practitioners. Write to us with the subject “Support” and we will reply with availability and fees, or point you to services near you. In a crisis, please contact your local emergency number.",
  },
  {
    q: "Can you run a workshop for our organisation?",
    a: "Yes. We run corporate workshops on Stoic resilience, mindful attention and meaningful work, online or in person. Choose “Partnership” and tell us about your team.",
  },
  {
    q: "How can I contribute content?",
    a: "We welcome essay pitches and practice scripts from teachers, clinicians and philosophers. Send a short outline and a writing sample with the subject “Other”.",
  },
];

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <div className="mb-10 max-w-3xl">
        <h1 className="font-serif text-4xl font-semibold tracking-tight sm:text-5xl">Contact Us</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Questions, ideas, or a word of thanks: we read every message. We answer Monday to Friday, 9AM to 5PM.
        </p>
      </div>
      <ContactCards />
      <div className="mt-16 grid gap-12 lg:grid-cols-2">
        <MessageSection actionData={actionData} />
        <Faq />
      </div>
    </div>
  );
}

/** The site's e-mail address, phone number (with its hours) and office. */
function ContactCards() {
  const site = useSiteSettings();
  return (
    <div className="grid gap-6 md:grid-cols-3">
      <Card className="p-6">
        <MailIcon className="h-6 w-6 text-primary" />
        <h2 className="mt-3 font-semibold">Email</h2>
        <a href={`mailto:${site.email}`} className="inline-flex min-h-11 items-center text-muted-foreground underline underline-offset-4">
          {site.email}
        </a>
      </Card>
      <Card className="p-6">
        <PhoneIcon className="h-6 w-6 text-primary" />
        <h2 className="mt-3 font-semibold">Phone</h2>
        <p className="mt-1 text-muted-foreground">{site.phone}</p>
        <p className="text-sm text-muted-foreground">Monday to Friday, 9AM to 5PM</p>
      </Card>
      <Card className="p-6">
        <MapPinIcon className="h-6 w-6 text-primary" />
        <h2 className="mt-3 font-semibold">Office</h2>
        <p className="mt-1 text-muted-foreground">{site.address}</p>
      </Card>
    </div>
  );
}

/**
 * The message form. With JavaScript it posts through a fetcher; without it the browser posts the page, and the answer
 * comes back as the page's action data. On success the form is cleared; on failure everything the visitor typed stays.
 */
function MessageSection({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";
  // With JavaScript the form posts through the fetcher; without it the browser posts the page, and the
  // answer comes back as the page's action data.
  const result = fetcher.data ?? actionData;
  const refusal = result && !result.ok ? result : undefined;
  // Each field's error when the checks refused the form; otherwise one message for the whole form (a limit, an outage).
  const errors: Record<string, string> = refusal?.fieldErrors ?? {};
  const formError = refusal && !refusal.fieldErrors ? refusal.message : undefined;
  // Always a string: a default that becomes undefined is not reset on a <textarea>, so `reset()` would bring old text back.
  const typed = (field: keyof ContactInput) => refusal?.values?.[field] ?? "";
  // A field's id, error line and name.
  const wired = (field: keyof ContactInput) => ({ id: `contact-${field}`, errorId: `${field}-error`, error: errors[field], name: field });
  const sent = result?.ok === true && !sending;

  // On success the form is cleared; on failure everything the visitor typed stays.
  useEffect(() => {
    if (sent) formRef.current?.reset();
  }, [sent]);

  return (
    <section aria-labelledby="form-heading">
      <h2 id="form-heading" className="font-serif text-3xl font-semibold">
        Send a Message
      </h2>
      {sent && (
        <div role="status" className="mt-6 rounded-lg border border-success/40 bg-card p-4 text-success">
          <p className="font-semibold">Thank you for your message!</p>
          <p className="text-sm">We will get back to you within two working days.</p>
        </div>
      )}
      {formError && (
        <p role="alert" className="mt-6 text-destructive">
          {formError}
        </p>
      )}
      <fetcher.Form ref={formRef} method="post" className="mt-6 space-y-2" noValidate={false}>
        <Field label="Name" {...wired("name")} defaultValue={typed("name")} required maxLength={NAME_MAX} autoComplete="name" />
        <Field
          label="Email"
          {...wired("email")}
          type="email"
          defaultValue={typed("email")}
          required
          maxLength={EMAIL_MAX}
          autoComplete="email"
        />
        <SelectField label="Subject" {...wired("subject")} required defaultValue={typed("subject")}>
          <option value="" disabled>
            Choose a subject
          </option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject.value} value={subject.value}>
              {subject.label}
            </option>
          ))}
        </SelectField>
        <TextareaField
          label="Message"
          {...wired("message")}
          defaultValue={typed("message")}
          required
          maxLength={textareaMaxLength(MESSAGE_MAX)}
          rows={6}
        />
        <Button type="submit" size="lg" disabled={sending}>
          {sending ? "Sending..." : "Send Message"}
        </Button>
      </fetcher.Form>
    </section>
  );
}

function Faq() {
  return (
    <section aria-labelledby="faq-heading">
      <h2 id="faq-heading" className="font-serif text-3xl font-semibold">
        Frequently Asked Questions
      </h2>
      <div className="mt-6 space-y-4">
        {FAQ.map((item) => (
          <details key={item.q} className="group rounded-lg border border-border bg-card p-5">
            <summary className="min-h-11 cursor-pointer py-2.5 font-semibold">{item.q}</summary>
            <p className="mt-3 text-muted-foreground">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
