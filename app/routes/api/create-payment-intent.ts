import type { Route } from "./+types/create-payment-intent";
import { createPaymentIntentSchema } from "~/lib/schemas";
import { getDb } from "~/server/core/db.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/core/http.server";
import { createPaymentIntentForCourse } from "~/server/payments/payments.server";
import { enforceRateLimit } from "~/server/core/rate-limit.server";
import { stripeForRequest } from "~/server/payments/stripe.server";

export const action = ({ request }: Route.ActionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") throw new HttpError(405, "Use POST.");
    const input = await readJsonBody(request, createPaymentIntentSchema);
    await enforceRateLimit(request, "payment-intent");
    const stripe = stripeForRequest(request);
    if (!stripe) throw new HttpError(503, "Card payments are not available right now. Please try again later.");
    return json(await createPaymentIntentForCourse({ db: getDb(), stripe }, input));
  });
