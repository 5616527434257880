/**
 * The one place the app talks to Stripe. With real keys (sk_/pk_ in secrets) it calls Stripe; with no
 * keys and the local emulator Worker bound as STRIPE_EMULATOR (dev, tests, `npm start`) it calls the
 * emulator through that binding instead. Without either, payments are unavailable and the enrol page says so.
 */
import { env } from "cloudflare:workers";
import Stripe from "stripe";

export const EMULATOR_SECRET_KEY = "sk_test_emulator";
export const EMULATOR_PUBLISHABLE_KEY = "pk_test_emulator";
export const EMULATOR_WEBHOOK_SECRET = "whsec_emulator_local";
/** Where the app mounts the emulator for the browser (its stand-in Stripe.js and API). */
export const EMULATOR_PATH_PREFIX = "/__stripe";

export type PaymentsMode = "stripe" | "emulator" | "unavailable";

type StripeEnv = {
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_EMULATOR?: Fetcher;
};

export type PaymentsSettings = {
  mode: PaymentsMode;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
};

export function getPaymentsSettings(source: StripeEnv = env as unknown as StripeEnv): PaymentsSettings {
  const secretKey = source.STRIPE_SECRET_KEY?.trim() ?? "";
  const publishableKey = source.STRIPE_PUBLISHABLE_KEY?.trim() ?? "";
  if (secretKey.startsWith("sk_") && publishableKey.startsWith("pk_") && secretKey !== EMULATOR_SECRET_KEY) {
    return { mode: "stripe", secretKey, publishableKey, webhookSecret: source.STRIPE_WEBHOOK_SECRET ?? "" };
  }
  if (source.STRIPE_EMULATOR) {
    return {
      mode: "emulator",
      secretKey: EMULATOR_SECRET_KEY,
      publishableKey: EMULATOR_PUBLISHABLE_KEY,
      webhookSecret: source.STRIPE_WEBHOOK_SECRET || EMULATOR_WEBHOOK_SECRET,
    };
  }
  return { mode: "unavailable", secretKey: "", publishableKey: "", webhookSecret: "" };
}

/** What the browser needs to know: never the secret key. */
export function getPublicPaymentsConfig() {
  const { mode, publishableKey } = getPaymentsSettings();
  return { mode, publishableKey: mode === "unavailable" ? null : publishableKey, emulatorScript: mode === "emulator" ? `${EMULATOR_PATH_PREFIX}/v3/stripe.js` : null };
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
  const emulator = (env as unknown as StripeEnv).STRIPE_EMULATOR!;
  const webhookUrl = new URL("/api/stripe/webhook", request.url).href;
  return createStripeClient(settings.secretKey, (input, init) => {
    const outgoing = new Request(input, init);
    outgoing.headers.set("x-emulator-webhook-url", webhookUrl);
    return emulator.fetch(outgoing);
  });
}

export const webCrypto = Stripe.createSubtleCryptoProvider();
