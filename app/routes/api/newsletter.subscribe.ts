import type { Route } from "./+types/newsletter.subscribe";
import { newsletterSchema } from "~/lib/schemas";
import { getDb } from "~/server/db.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/http.server";
import { subscribeToNewsletter } from "~/server/newsletter.server";
import { enforceRateLimit } from "~/server/rate-limit.server";

export const loader = () =>
  handleApi(async () => {
    throw new HttpError(405, "Subscribe with a POST request.");
  });

export const action = ({ request }: Route.ActionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") throw new HttpError(405, "Subscribe with a POST request.");
    const { email } = await readJsonBody(request, newsletterSchema);
    await enforceRateLimit(request, "newsletter");
    const result = await subscribeToNewsletter(getDb(), email);
    return json(
      {
        message: result.created ? "You have been subscribed to our newsletter." : "You are already subscribed to our newsletter.",
        email: result.email,
        alreadySubscribed: !result.created,
      },
      { status: result.created ? 201 : 200 },
    );
  });
