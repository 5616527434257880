import { data } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { NewsletterPage } from "~/components/newsletter/newsletter-page";
import { Button, LinkButton } from "~/components/ui/button";
import type { FormSuccess } from "~/lib/form-result";
import { unsubscribeActionSchema } from "~/lib/schemas";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { HttpError } from "~/server/core/http.server";
import {
  subscriptionByUnsubscribeToken,
  undoNewsletterUnsubscribe,
  unsubscribeFromNewsletter,
  type SubscriptionStatus,
} from "~/server/newsletter/subscriptions.server";
import { NEWSLETTER_LINK_PAGE_HEADERS } from "~/server/newsletter/pages.server";

type PageState = { state: SubscriptionStatus | "unknown"; canUndo: boolean; done?: "unsubscribed" | "resubscribed" };

const UNKNOWN: PageState = { state: "unknown", canUndo: false };

/**
 * GET never unsubscribes (mail scanners and link previews open links): it shows what a POST would do.
 * RFC 8058 one-click clients POST `List-Unsubscribe=One-Click` here without cookies; the page's button
 * posts the same field, and "Undo" posts `intent=undo`.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const subscription = await subscriptionByUnsubscribeToken(getDb(), params.token);
  if (!subscription) return data<PageState>(UNKNOWN, { status: 404, headers: NEWSLETTER_LINK_PAGE_HEADERS });
  return data<PageState>({ state: subscription.status, canUndo: subscription.canUndo }, { headers: NEWSLETTER_LINK_PAGE_HEADERS });
}

const UNKNOWN_LINK = "It may have been mistyped, or the address was removed from our list.";

/** POST: the one-click unsubscribe (anyone, from anywhere: the link's token is the credential), or undo it. */
export async function action({ params, request, context }: Route.ActionArgs) {
  return formAction({ request, context }, unsubscribeActionSchema, async (input) => {
    const db = getDb();
    let done: PageState["done"];
    if ("List-Unsubscribe" in input) {
      if (!(await unsubscribeFromNewsletter(db, params.token))) throw new HttpError(404, UNKNOWN_LINK);
      done = "unsubscribed";
    } else {
      await undoNewsletterUnsubscribe(db, params.token);
      done = "resubscribed";
    }
    const subscription = await subscriptionByUnsubscribeToken(db, params.token);
    if (!subscription) throw new HttpError(404, UNKNOWN_LINK);
    // An undo that had nothing to undo (never confirmed, or already subscribed) just shows where things stand.
    if (done === "resubscribed" && subscription.status !== "confirmed") done = undefined;
    const message =
      done === "unsubscribed" ? "You're unsubscribed." : done === "resubscribed" ? "You're subscribed again." : "Nothing to undo.";
    return { ok: true, message, state: subscription.status, canUndo: subscription.canUndo, done } satisfies FormSuccess<PageState>;
  });
}

export const headers: Route.HeadersFunction = () => NEWSLETTER_LINK_PAGE_HEADERS;

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle("Unsubscribe", siteNameFromMatches(matches)) }, { name: "robots", content: "noindex" }];
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData && !actionData.ok ? actionData.message : null;
  const page: PageState = actionData?.ok ? actionData : loaderData;
  if (refused !== null || page.state === "unknown") {
    return (
      <NewsletterPage title="This link doesn't work">
        <p>{refused ?? UNKNOWN_LINK}</p>
        <p>
          <LinkButton to="/">Back to the home page</LinkButton>
        </p>
      </NewsletterPage>
    );
  }
  if (page.state === "unsubscribed") {
    return (
      <NewsletterPage title="You're unsubscribed">
        <p>We won't send you the newsletter any more.</p>
        {page.canUndo ? (
          <form method="post">
            <p className="mb-3">Unsubscribed by mistake? Undo it within 30 days, with no new confirmation.</p>
            <input type="hidden" name="intent" value="undo" />
            <Button type="submit" variant="outline">
              Undo
            </Button>
          </form>
        ) : null}
      </NewsletterPage>
    );
  }
  return (
    <NewsletterPage title={page.done === "resubscribed" ? "You're subscribed again" : "Unsubscribe from the newsletter?"}>
      {page.done === "resubscribed" ? <p>Welcome back. The next letter will come to your inbox.</p> : null}
      <form method="post">
        <p className="mb-3">One click, and we stop sending you the newsletter.</p>
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <Button type="submit">Unsubscribe</Button>
      </form>
    </NewsletterPage>
  );
}
