import type { Route } from "./+types/newsletter.subscribe";
import { NEWSLETTER_SIGNUP_MESSAGE, newsletterSchema } from "~/lib/schemas";
import { getDb } from "~/server/core/db.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/core/http.server";
import { subscribeToNewsletter } from "~/server/newsletter/subscriptions.server";
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
    const { email } = await readJsonBody(request, newsletterSchema);
    await enforceRateLimit(request, "newsletter");
    const result = await subscribeToNewsletter(getDb(), { email, origin: siteUrl(request) });
    return json({ message: NEWSLETTER_SIGNUP_MESSAGE, email: result.email }, { status: 202 });
  });
