/**
 * The one place the app talks to Stripe. With real keys (sk_/pk_ in secrets) it calls Stripe; with no
 * keys and the local emulator Worker bound as STRIPE_EMULATOR (dev, tests, `npm start`) it calls the
 * emulator through that binding instead. Without either, payments are unavailable and the enrol page says so.
 */
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { EMULATOR_WEBHOOK_URL_HEADER } from "~/lib/stripe-emulator";
import { config } from "../core/config.server";
import { logEvent } from "../core/log.server";

/** Publishable keys are public by design: the emulator's is a constant; its secrets are not (see below). */
export const EMULATOR_PUBLISHABLE_KEY = "pk_test_emulator";
/** Where the app mounts the emulator for the browser (its stand-in Stripe.js and API). */
export const EMULATOR_PATH_PREFIX = "/__stripe";

export type PaymentsMode = "stripe" | "emulator" | "unavailable";

type StripeEnv = Pick<
  Env,
  | "STRIPE_SECRET_KEY"
  | "STRIPE_PUBLISHABLE_KEY"
  | "STRIPE_WEBHOOK_SECRET"
  | "STRIPE_EMULATOR_SECRET_KEY"
  | "STRIPE_EMULATOR_WEBHOOK_SECRET"
  | "STRIPE_EMULATOR"
>;

export const MISSING_EMULATOR_SECRETS_MESSAGE =
  "Payments are off: the Stripe emulator is bound but STRIPE_EMULATOR_SECRET_KEY / STRIPE_EMULATOR_WEBHOOK_SECRET are not set. " +
  "`npm run dev` and `npm start` generate them into .dev.vars (scripts/ensure-dev-vars.mjs).";
let warnedMissingEmulatorSecrets = false;

export type PaymentsSettings = {
  mode: PaymentsMode;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
};

export function getPaymentsSettings(source: StripeEnv = env): PaymentsSettings {
  const keys = config(source);
  const secretKey = keys.STRIPE_SECRET_KEY ?? "";
  const publishableKey = keys.STRIPE_PUBLISHABLE_KEY ?? "";
  if (secretKey.startsWith("sk_") && publishableKey.startsWith("pk_")) {
    return { mode: "stripe", secretKey, publishableKey, webhookSecret: keys.STRIPE_WEBHOOK_SECRET ?? "" };
  }
  if (source.STRIPE_EMULATOR) {
    const emulatorKey = keys.STRIPE_EMULATOR_SECRET_KEY ?? "";
    const emulatorWebhookSecret = keys.STRIPE_EMULATOR_WEBHOOK_SECRET ?? "";
    if (emulatorKey.startsWith("sk_test_") && emulatorWebhookSecret.startsWith("whsec_")) {
      return { mode: "emulator", secretKey: emulatorKey, publishableKey: EMULATOR_PUBLISHABLE_KEY, webhookSecret: emulatorWebhookSecret };
    }
    // Said once per isolate, loudly: never a silent fallback to a secret anyone could read in the source.
    if (!warnedMissingEmulatorSecrets)
      logEvent("error", "config.invalid", { setting: "STRIPE_EMULATOR_SECRET_KEY", problem: MISSING_EMULATOR_SECRETS_MESSAGE });
    warnedMissingEmulatorSecrets = true;
  }
  return { mode: "unavailable", secretKey: "", publishableKey: "", webhookSecret: "" };
}

/** What the browser needs to know: never the secret key. */
export function getPublicPaymentsConfig() {
  const { mode, publishableKey } = getPaymentsSettings();
  return {
    mode,
    publishableKey: mode === "unavailable" ? null : publishableKey,
    emulatorScript: mode === "emulator" ? `${EMULATOR_PATH_PREFIX}/v3/stripe.js` : null,
  };
}

/**
 * A Stripe client over fetch. `fetchFn` lets tests (and the emulator binding) take the place of the
 * network; the webhook URL header tells the emulator where to deliver this account's events.
 */
export function createStripeClient(secretKey: string, fetchFn?: typeof fetch) {
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(fetchFn),
    maxNetworkRetries: 2,
    timeout: 15_000,
  });
}

export function stripeForRequest(request: Request): Stripe | null {
  const settings = getPaymentsSettings();
  if (settings.mode === "unavailable") return null;
  if (settings.mode === "stripe") return createStripeClient(settings.secretKey);
  const emulator = env.STRIPE_EMULATOR;
  if (!emulator) throw new Error("Payments are in emulator mode but the STRIPE_EMULATOR binding is missing");
  const webhookUrl = new URL("/api/stripe/webhook", request.url).href;
  return createStripeClient(settings.secretKey, (input, init) => {
    const outgoing = new Request(input, init);
    outgoing.headers.set(EMULATOR_WEBHOOK_URL_HEADER, webhookUrl);
    return emulator.fetch(outgoing);
  });
}

export const webCrypto = Stripe.createSubtleCryptoProvider();
