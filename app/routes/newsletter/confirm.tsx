import { data } from "react-router";
import type { Route } from "./+types/confirm";
import { NewsletterPage } from "~/components/newsletter-page";
import { LinkButton } from "~/components/ui/button";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { getDb } from "~/server/db.server";
import { confirmNewsletterSubscription, newsletterUnsubscribeLink } from "~/server/newsletter.server";
import { NEWSLETTER_LINK_PAGE_HEADERS } from "~/server/newsletter-pages.server";
import { siteUrl } from "~/server/seo.server";

type Outcome = { outcome: "confirmed"; unsubscribeUrl: string } | { outcome: "invalid" | "expired" | "used" };

/** The link of the double opt-in e-mail: opening it confirms the subscription (once). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const result = await confirmNewsletterSubscription(getDb(), params.token);
  if (result.ok) {
    const { url } = newsletterUnsubscribeLink(siteUrl(request), result.unsubscribeToken);
    return data<Outcome>({ outcome: "confirmed", unsubscribeUrl: url }, { headers: NEWSLETTER_LINK_PAGE_HEADERS });
  }
  return data<Outcome>(
    { outcome: result.reason },
    { status: result.reason === "invalid" ? 404 : 410, headers: NEWSLETTER_LINK_PAGE_HEADERS },
  );
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

export default function ConfirmNewsletter({ loaderData }: Route.ComponentProps) {
  if (loaderData.outcome === "confirmed") {
    return (
      <NewsletterPage title="You're subscribed">
        <p>Thank you for confirming. The next letter will come to your inbox.</p>
        <p>
          Every letter has an unsubscribe link. Changed your mind already?{" "}
          <a href={loaderData.unsubscribeUrl} className="text-foreground underline underline-offset-4">
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
  const failure = FAILURES[loaderData.outcome];
  return (
    <NewsletterPage title={failure.title}>
      <p>{failure.text}</p>
      <p>
        <LinkButton to="/newsletter/subscribe">Sign up again</LinkButton>
      </p>
    </NewsletterPage>
  );
}
