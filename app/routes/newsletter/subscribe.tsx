import type { Route } from "./+types/subscribe";
import { NewsletterPage } from "~/components/newsletter/newsletter-page";
import { NewsletterSignup } from "~/components/newsletter/newsletter-signup";
import { LinkButton } from "~/components/ui/button";
import type { FormSuccess } from "~/lib/form-result";
import { NEWSLETTER_SIGNUP_MESSAGE } from "~/lib/schemas";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { newsletterSignupSchema, subscribeToNewsletter } from "~/server/newsletter/subscriptions.server";
import { hostOf, landingOfReferer, visitSourceOfLanding } from "~/server/analytics/attribution.server";
import { enforceRateLimit } from "~/server/core/rate-limit.server";
import { siteUrl } from "~/server/site/seo.server";

/**
 * Where the signup form posts without JavaScript (with it, the form calls /api/newsletter/subscribe):
 * the same validation, limits and answer, as a page. GET shows the form on its own.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return formAction(
    { request, context },
    newsletterSignupSchema,
    async (input) => {
      await enforceRateLimit(request, "newsletter");
      const origin = siteUrl(request);
      // Without JavaScript the tab sent no landing: the page the form was on (its Referer) holds the tags it came with.
      const landing = input.landing || landingOfReferer(request.headers.get("Referer"), hostOf(origin));
      await subscribeToNewsletter(getDb(), { email: input.email, origin, source: visitSourceOfLanding(landing, hostOf(origin)) });
      return { ok: true, message: NEWSLETTER_SIGNUP_MESSAGE } satisfies FormSuccess;
    },
    { keep: ["email"] },
  );
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle("Newsletter", siteNameFromMatches(matches)) }];
}

export default function SubscribePage({ actionData }: Route.ComponentProps) {
  if (actionData?.ok) {
    return (
      <NewsletterPage title="Check your inbox">
        <p>{actionData.message}</p>
        <p>The link in the e-mail works for 7 days. Nothing is sent until you open it.</p>
        <p>
          <LinkButton to="/">Back to the home page</LinkButton>
        </p>
      </NewsletterPage>
    );
  }
  return (
    <>
      {actionData ? (
        <p role="alert" className="mx-auto mt-10 max-w-md rounded-md border border-destructive px-4 py-3 text-center text-destructive">
          {actionData.message}
        </p>
      ) : null}
      <NewsletterSignup defaultEmail={actionData?.values?.email} />
    </>
  );
}
