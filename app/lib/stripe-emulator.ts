/** What the app and the local emulators (workers/stripe-emulator, workers/mail-provider-emulator) agree on. */

/**
 * Where an emulator delivers its webhooks: sent with the request that creates a PaymentIntent (Stripe), or with a
 * send (the mail provider's stand-in).
 */
export const EMULATOR_WEBHOOK_URL_HEADER = "x-emulator-webhook-url";
