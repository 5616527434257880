import { createContext, data } from "react-router";
import type { Route } from "./+types/confirm";
import { NewsletterPage } from "~/components/newsletter/newsletter-page";
import { Button, LinkButton } from "~/components/ui/button";
import type { FormSuccess } from "~/lib/form-result";
import { confirmSubscriptionSchema } from "~/lib/schemas";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { getDb } from "~/server/core/db.server";
import { formAction, formRefusal } from "~/server/core/form-action.server";
import { confirmationLinkState, newsletterUnsubscribeLink } from "~/server/newsletter/subscriptions.server";
import { confirmAndWelcome } from "~/server/newsletter/welcome.server";
import { NEWSLETTER_LINK_PAGE_HEADERS } from "~/server/newsletter/pages.server";
import { siteUrl } from "~/server/site/seo.server";

type Failure = "invalid" | "expired" | "used";
/** What the link's page shows before its button is pressed. */
type Outcome = { outcome: "ask" } | { outcome: Failure };

const failureStatus = (reason: Failure) => (reason === "invalid" ? 404 : 410);

/**
 * Set by the action when its press confirmed. React Router runs the page's loader after the action in the same
 * request, and a document answer takes the loader's status: without this, "You're subscribed" went out as the now
 * used link's 410.
 */
const confirmedNow = createContext(false);

/**
 * The link of the double opt-in e-mail. Opening it (GET, HEAD, a prefetch, a mail scanner or link preview) changes
 * nothing: the page asks, with one button, and only that button's POST confirms. Works without JavaScript.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (context.get(confirmedNow)) return data<Outcome>({ outcome: "ask" }, { headers: NEWSLETTER_LINK_PAGE_HEADERS });
  const state = await confirmationLinkState(getDb(), params.token);
  if (state === "valid") return data<Outcome>({ outcome: "ask" }, { headers: NEWSLETTER_LINK_PAGE_HEADERS });
  return data<Outcome>({ outcome: state }, { status: failureStatus(state), headers: NEWSLETTER_LINK_PAGE_HEADERS });
}

/** POST (the page's button): confirms the subscription, once. A cross-site post is refused (403: its policy), like the admin's forms. */
export async function action({ params, request, context }: Route.ActionArgs) {
  return formAction({ request, context }, confirmSubscriptionSchema, async () => {
    // Confirms, and the press that confirmed sends the welcome e-mail (if it is on in Settings).
    const result = await confirmAndWelcome(getDb(), params.token, siteUrl(request));
    if (!result.ok) return formRefusal(failureStatus(result.reason), { message: FAILURES[result.reason].title, reason: result.reason });
    context.set(confirmedNow, true);
    const { url } = newsletterUnsubscribeLink(siteUrl(request), result.unsubscribeToken);
    return { ok: true, message: "You're subscribed.", unsubscribeUrl: url } satisfies FormSuccess<{ unsubscribeUrl: string }>;
  });
}

export const headers: Route.HeadersFunction = () => NEWSLETTER_LINK_PAGE_HEADERS;

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle("Newsletter", siteNameFromMatches(matches)) }, { name: "robots", content: "noindex" }];
}

const FAILURES = {
  invalid: { title: "This link doesn't work", text: "It may have been mistyped, or replaced by a newer confirmation e-mail." },
  expired: { title: "This link has expired", text: "Confirmation links work for 7 days. Sign up again and we'll send you a new one." },
  used: { title: "This link was already used", text: "Each confirmation link works once. If you confirmed, you're on the list." },
} as const;

export default function ConfirmNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.ok) {
    return (
      <NewsletterPage title="You're subscribed">
        <p>Thank you for confirming. The next letter will come to your inbox.</p>
        <p>
          Every letter has an unsubscribe link. Changed your mind already?{" "}
          <a href={actionData.unsubscribeUrl} className="text-foreground underline underline-offset-4">
            Unsubscribe
          </a>
          .
        </p>
        <p>
          <LinkButton to="/">Back to the home page</LinkButton>
        </p>
      </NewsletterPage>
    );
  }
  // The link itself failed (unknown, expired, used), or the press was refused (another site's page, not a form).
  const failure = actionData && "reason" in actionData ? actionData.reason : loaderData.outcome === "ask" ? null : loaderData.outcome;
  if (failure === null) {
    return (
      <NewsletterPage title="Confirm your subscription">
        {actionData ? (
          <p role="alert" className="text-destructive">
            {actionData.message}
          </p>
        ) : null}
        <form method="post">
          <p className="mb-3">
            One click, and the newsletter comes to your inbox. If you didn't sign up, close this page: nothing happens.
          </p>
          <input type="hidden" name="intent" value="confirm" />
          <Button type="submit">Confirm my subscription</Button>
        </form>
      </NewsletterPage>
    );
  }
  const { title, text } = FAILURES[failure];
  return (
    <NewsletterPage title={title}>
      <p>{text}</p>
      <p>
        <LinkButton to="/newsletter/subscribe">Sign up again</LinkButton>
      </p>
    </NewsletterPage>
  );
}
