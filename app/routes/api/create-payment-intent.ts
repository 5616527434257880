import type { Route } from "./+types/create-payment-intent";
import type { z } from "zod";
import { createBundlePaymentIntentSchema, createPaymentIntentSchema } from "~/lib/schemas";
import { getDb } from "~/server/core/db.server";
import { HttpError, fieldOfIssue, firstIssueMessage, handleApi, json, readJsonBody } from "~/server/core/http.server";
import { startBundlePurchase, startCoursePurchase } from "~/server/payments/payments.server";
import { COUPON_CHECKS_LEAD } from "~/server/payments/coupons.server";
import { enforceRateLimit } from "~/server/core/rate-limit.server";
import { stripeForRequest } from "~/server/payments/stripe.server";
import { hostOf, landingField, visitSourceOfLanding } from "~/server/analytics/attribution.server";
import { siteUrl } from "~/server/site/seo.server";

const courseBody = createPaymentIntentSchema.extend({ landing: landingField });
/** A bundle's checkout names `bundleId` instead of `courseId` (docs/payments.md, "Bundles"). */
const bundleBody = createBundlePaymentIntentSchema.extend({ landing: landingField });

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, firstIssueMessage(result.error), fieldOfIssue(result.error));
  return result.data;
}

export const action = ({ request }: Route.ActionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") throw new HttpError(405, "Use POST.");
    // Read once (JSON, within the size limit), then checked by the course's or the bundle's schema.
    const body = await readJsonBody(request, createPaymentIntentSchema.partial().loose());
    const bundle = "bundleId" in body ? parse(bundleBody, body) : null;
    const course = bundle ? null : parse(courseBody, body);
    await enforceRateLimit(request, "payment-intent");
    // A code is checked here too, and counted with the enrol page's (docs/defences.md).
    if (course?.couponCode?.trim()) await enforceRateLimit(request, "coupon-check", getDb(), COUPON_CHECKS_LEAD);
    const stripe = stripeForRequest(request);
    if (!stripe) throw new HttpError(503, "Card payments are not available right now. Please try again later.");
    const deps = { db: getDb(), stripe };
    if (bundle) {
      const { landing, ...input } = bundle;
      return json(await startBundlePurchase(deps, { ...input, source: visitSourceOfLanding(landing, hostOf(siteUrl(request))) }));
    }
    const { landing, ...input } = course as z.infer<typeof courseBody>;
    return json(await startCoursePurchase(deps, { ...input, source: visitSourceOfLanding(landing, hostOf(siteUrl(request))) }));
  });
