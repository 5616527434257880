import { PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { useState } from "react";
import { toast } from "~/components/layout/toaster";
import { Button, LinkButton } from "../ui/button";

/** The card form inside <Elements>. On success Stripe redirects to the payment-success page. */
export function CheckoutForm({ cancelTo }: { cancelTo: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function pay(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    setMessage(null);
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: new URL("/courses/payment-success", window.location.origin).href },
      });
      // Only reached when the payment did not go through (success redirects away).
      const text = error?.message ?? "An unexpected error occurred";
      setMessage(text);
      toast.error("Payment failed", { description: text });
    } catch {
      const text = "An unexpected error occurred during payment processing";
      setMessage(text);
      toast.error("Payment error", { description: text });
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={pay} aria-label="Card payment" aria-busy={processing}>
      <PaymentElement />
      {message && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {message}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <LinkButton to={cancelTo} variant="outline">
          Cancel
        </LinkButton>
        <Button type="submit" disabled={!stripe || !elements || processing}>
          {processing ? "Processing..." : "Complete Payment"}
        </Button>
      </div>
    </form>
  );
}
