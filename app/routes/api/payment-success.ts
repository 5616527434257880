import type { Route } from "./+types/payment-success";
import { paymentSuccessSchema } from "~/lib/schemas";
import { getDb } from "~/server/core/db.server";
import { siteUrl } from "~/server/site/seo.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/core/http.server";
import { confirmEnrollmentAfterPayment } from "~/server/payments/payments.server";
import { stripeForRequest } from "~/server/payments/stripe.server";

export const action = ({ request }: Route.ActionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") throw new HttpError(405, "Use POST.");
    const input = await readJsonBody(request, paymentSuccessSchema);
    const stripe = stripeForRequest(request);
    if (!stripe) throw new HttpError(503, "Card payments are not available right now.");
    const enrollment = await confirmEnrollmentAfterPayment({ db: getDb(), stripe, origin: siteUrl(request) }, input);
    return json({ enrollment: { id: enrollment.id, courseId: enrollment.courseId } });
  });
