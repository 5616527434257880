import type { Route } from "./+types/stripe.webhook";
import { getDb } from "~/server/core/db.server";
import { siteUrl } from "~/server/site/seo.server";
import { HttpError, handleApi, json, WebhookSignatureError } from "~/server/core/http.server";
import { noteWebhookRefused } from "~/server/operator/operator.server";
import { handleStripeWebhook } from "~/server/payments/payments.server";
import { getPaymentsSettings, stripeForRequest } from "~/server/payments/stripe.server";

export const action = ({ request }: Route.ActionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") throw new HttpError(405, "Use POST.");
    const stripe = stripeForRequest(request);
    if (!stripe) throw new HttpError(503, "Payments are not configured.");
    const { webhookSecret } = getPaymentsSettings();
    try {
      return json(await handleStripeWebhook({ db: getDb(), stripe, webhookSecret, origin: siteUrl(request) }, request));
    } catch (error) {
      if (error instanceof WebhookSignatureError) await noteWebhookRefused(getDb(), error, request);
      throw error;
    }
  });
