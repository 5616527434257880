import { data } from "react-router";
import type { Route } from "./+types/subscribe";
import { NewsletterPage } from "~/components/newsletter/newsletter-page";
import { NewsletterSignup } from "~/components/newsletter/newsletter-signup";
import { LinkButton } from "~/components/ui/button";
import { NEWSLETTER_SIGNUP_MESSAGE, newsletterSchema } from "~/lib/schemas";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { getDb } from "~/server/core/db.server";
import { HttpError, firstIssueMessage, readFormBody } from "~/server/core/http.server";
import { subscribeToNewsletter } from "~/server/newsletter/subscriptions.server";
import { checkRateLimit } from "~/server/core/rate-limit.server";
import { siteUrl } from "~/server/site/seo.server";

type ActionResult = { ok: true; message: string } | { ok: false; message: string; email: string };

/**
 * Where the signup form posts without JavaScript (with it, the form calls /api/newsletter/subscribe):
 * the same validation, limits and answer, as a page. GET shows the form on its own.
 */
export async function action({ request }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await readFormBody(request);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return data<ActionResult>({ ok: false, message: error.message, email: "" }, { status: error.status });
  }
  const typed = form.get("email");
  const email = typeof typed === "string" ? typed : "";
  const parsed = newsletterSchema.safeParse({ email });
  if (!parsed.success) return data<ActionResult>({ ok: false, message: firstIssueMessage(parsed.error), email }, { status: 400 });
  const refusal = await checkRateLimit(request, "newsletter");
  if (refusal) return data<ActionResult>({ ok: false, message: refusal.message, email }, { status: 429, headers: refusal.headers });
  await subscribeToNewsletter(getDb(), { email: parsed.data.email, origin: siteUrl(request) });
  return { ok: true, message: NEWSLETTER_SIGNUP_MESSAGE } satisfies ActionResult;
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
      <NewsletterSignup defaultEmail={actionData?.email} />
    </>
  );
}
