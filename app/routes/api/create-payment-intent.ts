import type { Route } from "./+types/create-payment-intent";
import { createPaymentIntentSchema } from "~/lib/schemas";
import { getDb } from "~/server/core/db.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/core/http.server";
import { startCoursePurchase } from "~/server/payments/payments.server";
import { enforceRateLimit } from "~/server/core/rate-limit.server";
import { stripeForRequest } from "~/server/payments/stripe.server";
import { hostOf, landingField, visitSourceOfLanding } from "~/server/analytics/attribution.server";
import { siteUrl } from "~/server/site/seo.server";

export const action = ({ request }: Route.ActionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") throw new HttpError(405, "Use POST.");
    const { landing, ...input } = await readJsonBody(request, createPaymentIntentSchema.extend({ landing: landingField }));
    await enforceRateLimit(request, "payment-intent");
    const stripe = stripeForRequest(request);
    if (!stripe) throw new HttpError(503, "Card payments are not available right now. Please try again later.");
    const source = visitSourceOfLanding(landing, hostOf(siteUrl(request)));
    return json(await startCoursePurchase({ db: getDb(), stripe }, { ...input, source }));
  });
