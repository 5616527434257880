import type { Stripe } from "@stripe/stripe-js";
import { Suspense, lazy, useState } from "react";
import { Link, data } from "react-router";
import type { Route } from "./+types/bundle-enroll";
import { toast } from "~/components/layout/toaster";
import { Card } from "~/components/ui/card";
import { ErrorPanel, PageErrorPanel } from "~/components/ui/error-panel";
import { BackToCourses } from "~/components/courses/back-to-courses";
import { BuyerForm } from "~/components/courses/buyer-form";
import { ApiError, postJson, storedLanding } from "~/lib/api-client";
import { formatMoney } from "~/lib/format";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";
import { getPublicBundle } from "~/server/payments/bundles.server";
import { getPublicPaymentsConfig } from "~/server/payments/stripe.server";

/** A bundle's checkout: the course enrol page's steps (buyer, then Stripe's card form), at the bundle's price. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const bundle = id === null ? undefined : await getPublicBundle(getDb(), id);
  const payments = getPublicPaymentsConfig();
  if (!bundle) return data({ bundle: null, payments }, { status: 404 });
  return { bundle, payments };
}

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  const site = siteNameFromMatches(matches);
  return [
    { title: pageTitle(loaderData?.bundle ? `Buy: ${loaderData.bundle.title}` : "Bundle not found", site) },
    { name: "robots", content: "noindex" },
  ];
}

type Setup =
  | { state: "buyer"; error?: string }
  | { state: "preparing" }
  | { state: "ready"; clientSecret: string; stripe: Promise<Stripe | null> }
  | { state: "error"; message: string };

const stripePayment = () => import("~/components/courses/stripe-payment");
const StripePaymentForm = lazy(() => stripePayment().then((module) => ({ default: module.StripePaymentForm })));

export default function BundleEnrollPage({ loaderData }: Route.ComponentProps) {
  const { bundle, payments } = loaderData;
  const [setup, setSetup] = useState<Setup>({ state: "buyer" });
  const [buyer, setBuyer] = useState({ email: "", name: "" });
  if (!bundle) {
    return (
      <PageErrorPanel title="Bundle not found" action={<BackToCourses />}>
        There is no bundle at this address, so there is nothing to pay for.
      </PageErrorPanel>
    );
  }

  // The same steps as a course's enrol page; what the address owns is not asked here (refunded after payment instead).
  async function preparePayment(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!bundle) return;
    const form = new FormData(event.currentTarget);
    const next = { email: String(form.get("email") ?? ""), name: String(form.get("name") ?? "") };
    setBuyer(next);
    setSetup({ state: "preparing" });
    const stripeModule = stripePayment();
    let clientSecret: string | undefined;
    try {
      const result = await postJson<{ clientSecret?: string }>("/api/create-payment-intent", {
        bundleId: bundle.id,
        amount: bundle.priceCents / 100,
        attemptId: crypto.randomUUID(),
        landing: storedLanding(),
        ...next,
      });
      clientSecret = result?.clientSecret;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return setSetup({ state: "buyer", error: error.message });
      const detail = error instanceof ApiError ? error.message : "Failed to initialize payment";
      toast.error("Error", { description: detail });
      return setSetup({ state: "error", message: detail });
    }
    if (!clientSecret) return setSetup({ state: "error", message: "No client secret returned from server" });
    const stripe = stripeModule.then((module) => module.loadStripeForMode(payments));
    try {
      if (!(await stripe)) throw new Error("Stripe.js unavailable");
    } catch {
      return setSetup({ state: "error", message: "Unable to initialize payment form. Please try again later." });
    }
    setSetup({ state: "ready", clientSecret, stripe });
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="font-serif text-4xl font-semibold">Buy the bundle</h1>
      <div className="mt-10 grid gap-8 md:grid-cols-[1fr_1.3fr]">
        <Card className="h-fit p-5">
          <h2 className="font-serif text-xl font-semibold">{bundle.title}</h2>
          <ul className="mt-3 list-disc pl-5 text-sm text-muted-foreground">
            {bundle.courses.map((course) => (
              <li key={course.id}>{course.title}</li>
            ))}
          </ul>
          <p className="mt-4 text-2xl font-semibold" data-testid="enroll-price">
            {formatMoney(bundle.priceCents, "usd")}
          </p>
          <p className="mt-2 text-xs text-muted-foreground">
            If this address already has some of these courses, their share of the price is refunded after payment.
          </p>
        </Card>
        <Card className="p-6">
          <h2 className="font-serif text-2xl font-semibold">Payment details</h2>
          <div className="mt-6">
            {payments.mode === "unavailable" ? (
              <ErrorPanel title="Payments unavailable" action={<BackToCourses />}>
                Card payments are not available right now. Please try again later.
              </ErrorPanel>
            ) : setup.state === "buyer" ? (
              <BuyerForm defaults={buyer} error={setup.error} onSubmit={preparePayment} />
            ) : setup.state === "preparing" ? (
              <p role="status" className="text-muted-foreground">
                Preparing your payment...
              </p>
            ) : setup.state === "error" ? (
              <ErrorPanel title="Failed to initialize payment" action={<BackToCourses />}>
                {setup.message}
              </ErrorPanel>
            ) : (
              <>
                <p className="mb-4 text-sm text-muted-foreground" data-testid="paying-as">
                  Paying as <span className="font-medium text-foreground">{buyer.email}</span>. The receipt and your access link go there.
                </p>
                <Suspense fallback={<p role="status">Preparing your payment...</p>}>
                  <StripePaymentForm stripe={setup.stripe} clientSecret={setup.clientSecret} cancelTo={`/bundles/${bundle.id}`} />
                </Suspense>
              </>
            )}
          </div>
          <p className="mt-6 text-xs text-muted-foreground">
            By completing your purchase you agree to our{" "}
            <Link to="/legal/terms" className="underline underline-offset-2">
              Terms of Service
            </Link>
            . Payments are processed securely by Stripe; your card details never reach our servers.
          </p>
        </Card>
      </div>
    </div>
  );
}
