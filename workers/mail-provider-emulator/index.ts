/**
 * The mail provider stand-in as its own Worker (local development and tests only; see README.md).
 *
 * Secrets: MAIL_PROVIDER_EMULATOR_API_KEY (the only API key it accepts) and MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET (it
 * signs webhooks with it), made fresh for each run by scripts/ensure-dev-vars.mjs. Without them it refuses every
 * request with a message saying so, rather than fall back to a constant.
 *
 * Webhooks go with global fetch to the trigger's URL, else the message's `x-emulator-webhook-url`, else the one set by
 * `POST /__control { webhookUrl }`; without any, the event is recorded but not delivered.
 */
import { MISSING_SECRETS_MESSAGE, createResendEmulator, type ResendEmulator } from "./emulator";

interface Env {
  MAIL_PROVIDER_EMULATOR_API_KEY?: string;
  MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET?: string;
}

// Only the default export here: workerd takes every named export of a Worker's entry for an entrypoint.
let emulator: ResendEmulator | null = null;

function getEmulator(env: Env): ResendEmulator | null {
  const apiKey = env.MAIL_PROVIDER_EMULATOR_API_KEY?.trim();
  const webhookSecret = env.MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET?.trim();
  if (!apiKey || !webhookSecret) return null;
  emulator ??= createResendEmulator({ apiKey, webhookSecret, deliverWebhook: (request) => fetch(request) });
  return emulator;
}

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    const instance = getEmulator(env);
    if (!instance) {
      console.error(MISSING_SECRETS_MESSAGE);
      return Promise.resolve(
        Response.json({ statusCode: 503, name: "internal_server_error", message: MISSING_SECRETS_MESSAGE }, { status: 503 }),
      );
    }
    return instance.fetch(request);
  },
} satisfies ExportedHandler<Env>;
