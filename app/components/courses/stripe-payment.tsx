/**
 * The card form with Stripe's libraries. The enrol page imports this module when it starts preparing
 * the payment, so Stripe's code is not part of the page's first load (the JavaScript budget).
 */
import { Elements } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { CheckoutForm } from "./checkout-form";

type PaymentsConfig = { publishableKey: string | null; emulatorScript: string | null };

/** Loads Stripe.js: the local emulator's stand-in in emulator mode, Stripe's own script otherwise. */
export function loadStripeForMode({ publishableKey, emulatorScript }: PaymentsConfig): Promise<Stripe | null> {
  if (!publishableKey) return Promise.reject(new Error("Payments are off: there is no publishable key"));
  const load = () => loadStripe(publishableKey);
  if (!emulatorScript) return load();
  return new Promise<void>((resolve, reject) => {
    if ((window as { Stripe?: unknown }).Stripe) return resolve();
    const script = document.createElement("script");
    script.src = emulatorScript;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("Stripe.js could not be loaded"));
    document.head.appendChild(script);
  }).then(load);
}

export function StripePaymentForm({
  stripe,
  clientSecret,
  cancelTo,
}: {
  stripe: Promise<Stripe | null>;
  clientSecret: string;
  /** Where "Cancel" goes: the course's or the bundle's page. */
  cancelTo: string;
}) {
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <CheckoutForm cancelTo={cancelTo} />
    </Elements>
  );
}
