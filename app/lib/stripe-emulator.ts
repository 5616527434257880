/** What the app and the local Stripe emulator (workers/stripe-emulator) agree on. */

/** Sent with the request that creates a PaymentIntent: where the emulator delivers that account's webhooks. */
export const EMULATOR_WEBHOOK_URL_HEADER = "x-emulator-webhook-url";
