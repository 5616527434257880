import type { Route } from "./+types/webhooks.mail-provider";
import { getDb } from "~/server/core/db.server";
import { HttpError, handleApi, json, WebhookSignatureError } from "~/server/core/http.server";
import { noteWebhookRefused } from "~/server/operator/operator.server";
import { handleProviderWebhook } from "~/server/mail/provider-events.server";
import { providerWebhookSecret } from "~/server/mail/transports/index.server";

/** The mail provider's bounce, complaint and suppression events (app/server/mail/provider-events.server.ts). */
export const action = ({ request }: Route.ActionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") throw new HttpError(405, "Use POST.");
    try {
      return json(await handleProviderWebhook({ db: getDb(), secret: providerWebhookSecret() }, request));
    } catch (error) {
      if (error instanceof WebhookSignatureError) await noteWebhookRefused(getDb(), error, request);
      throw error;
    }
  });
