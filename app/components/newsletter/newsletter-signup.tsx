import { useState } from "react";
import { toast } from "~/components/layout/toaster";
import { ApiError, postJson, storedLanding } from "~/lib/api-client";
import { NewsletterEmail } from "./newsletter-email";
import { Button } from "../ui/button";

type SubscribeResponse = { message: string };

/**
 * The error toast of a failed signup: the title "Something went wrong" with the server's message
 * (or its fallback), except past the hourly limit (429), which is no fault and says so.
 */
export function subscribeFailureToast(error: unknown): { title: string; description: string } {
  const title = error instanceof ApiError && error.status === 429 ? "Too many attempts" : "Something went wrong";
  const description = error instanceof Error && error.message ? error.message : "Failed to subscribe. Please try again.";
  return { title, description };
}

/**
 * The signup form. With JavaScript it posts JSON to /api/newsletter/subscribe, with the tab's landing source
 * (app/lib/landing.ts), and toasts the answer; without, it posts the form to /newsletter/subscribe, which answers with a
 * page (and, with no script to have kept a landing, counts as direct). Either way: double opt-in.
 */
export function NewsletterSignup({ defaultEmail = "" }: { defaultEmail?: string }) {
  const [email, setEmail] = useState(defaultEmail);
  const [submitting, setSubmitting] = useState(false);

  async function subscribe(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || submitting) return;
    setSubmitting(true);
    try {
      const result = await postJson<SubscribeResponse>("/api/newsletter/subscribe", { email, landing: storedLanding() });
      setEmail("");
      toast.success("Success!", { description: result.message });
    } catch (error) {
      const { title, description } = subscribeFailureToast(error);
      toast.error(title, { description });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" className="bg-muted" data-full-bleed>
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h2 id="newsletter-heading" className="font-serif text-3xl font-semibold">
          Join Our Newsletter
        </h2>
        <p className="mt-3 text-muted-foreground">One thoughtful letter a month: new essays, practices and reading, and nothing else.</p>
        <form
          method="post"
          action="/newsletter/subscribe"
          onSubmit={subscribe}
          className="mx-auto mt-8 flex max-w-md flex-col gap-3 sm:flex-row"
          aria-label="Newsletter signup"
        >
          <NewsletterEmail
            id="newsletter-email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            // Grows only in the side-by-side form: a zero flex-basis in the stacked (column) form squeezed it to its text height.
            className="h-13 w-full min-w-0 rounded-full border border-input bg-card px-5 text-foreground placeholder:text-muted-foreground sm:flex-1"
          />
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? "Subscribing..." : "Subscribe"}
          </Button>
        </form>
        <p className="mt-4 text-sm text-muted-foreground">
          We e-mail you a link to confirm. No tracking: we never know who opens or clicks. Unsubscribe in one click.{" "}
          <a href="/newsletter" className="underline underline-offset-4 hover:text-foreground">
            Read past issues
          </a>
          .
        </p>
      </div>
    </section>
  );
}
