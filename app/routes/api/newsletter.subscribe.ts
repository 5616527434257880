import type { Route } from "./+types/newsletter.subscribe";
import { NEWSLETTER_SIGNUP_MESSAGE } from "~/lib/schemas";
import { getDb } from "~/server/core/db.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/core/http.server";
import { newsletterSignupSchema, subscribeToNewsletter } from "~/server/newsletter/subscriptions.server";
import { hostOf, visitSourceOfLanding } from "~/server/analytics/attribution.server";
import { enforceRateLimit } from "~/server/core/rate-limit.server";
import { siteUrl } from "~/server/site/seo.server";

export const loader = () =>
  handleApi(async () => {
    throw new HttpError(405, "Subscribe with a POST request.");
  });

/**
 * A signup (double opt-in): 202 with the same answer whether the address is new, pending or already
 * subscribed, so the answer never tells whether an address is on the list.
 */
export const action = ({ request }: Route.ActionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") throw new HttpError(405, "Subscribe with a POST request.");
    const { email, landing } = await readJsonBody(request, newsletterSignupSchema);
    await enforceRateLimit(request, "newsletter");
    const origin = siteUrl(request);
    const result = await subscribeToNewsletter(getDb(), { email, origin, source: visitSourceOfLanding(landing, hostOf(origin)) });
    return json({ message: NEWSLETTER_SIGNUP_MESSAGE, email: result.email }, { status: 202 });
  });
