import type { Stripe } from "@stripe/stripe-js";
import { Suspense, lazy, useState } from "react";
import { Link, data, useNavigate } from "react-router";
import { toast } from "~/components/layout/toaster";
import type { Route } from "./+types/enroll";
import { ClockIcon } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ErrorPanel, PageErrorPanel } from "~/components/ui/error-panel";
import { BackToCourses } from "~/components/courses/back-to-courses";
import { BuyerForm } from "~/components/courses/buyer-form";
import { ImageWithFallback } from "~/components/ui/image";
import { ApiError, postJson, storedLanding } from "~/lib/api-client";
import { formatHours, formatUsd } from "~/lib/format";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { parseId } from "~/server/content/content.server";
import { getCourse } from "~/server/learning/courses.server";
import { getDb } from "~/server/core/db.server";
import { getPublicPaymentsConfig } from "~/server/payments/stripe.server";
import { couponCheckRefusal, couponOffer } from "~/server/payments/coupons.server";
import { COUPON_CODE_MAX, normaliseCouponCode } from "~/lib/coupons";
import { CouponField, CouponPrice } from "~/components/courses/coupon-field";
import { GiftForm, type GiftFormValues } from "~/components/courses/gift-form";

export async function loader({ params, request }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const course = id === null ? undefined : await getCourse(db, id);
  const payments = getPublicPaymentsConfig();
  // `?gift=1`: "Give this course" (docs/payments.md, "Gifts"); no code applies to a gift.
  const query = new URL(request.url).searchParams;
  const gift = query.get("gift") === "1";
  const today = new Date().toISOString().slice(0, 10);
  if (!course) return data({ course: null, payments, coupon: null, gift, today }, { status: 404 });
  const typed = gift ? "" : (query.get("coupon")?.trim() ?? "");
  if (typed === "") return { course, payments, coupon: null, gift, today };
  // Every code checked counts against the client's limit (docs/defences.md): codes cannot be guessed in bulk.
  const refusal = await couponCheckRefusal(db, request);
  if (refusal) {
    const coupon = { ok: false as const, code: normaliseCouponCode(typed).slice(0, COUPON_CODE_MAX + 1), message: refusal.message };
    return data({ course, payments, coupon, gift, today }, { status: 429, headers: refusal.headers });
  }
  return { course, payments, coupon: await couponOffer(db, course, typed), gift, today };
}

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  const site = siteNameFromMatches(matches);
  return [
    {
      title: pageTitle(
        loaderData?.course ? `${loaderData.gift ? "Give" : "Enroll"}: ${loaderData.course.title}` : "Course not found",
        site,
      ),
    },
    { name: "robots", content: "noindex" },
  ];
}

type Setup =
  | { state: "buyer"; error?: string }
  | { state: "preparing" }
  | { state: "ready"; clientSecret: string; stripe: Promise<Stripe | null> }
  | { state: "error"; message: string; detail?: string }
  | { state: "form-unavailable" }
  | { state: "free"; email: string };

/** Stripe's libraries and the card form: loaded when the payment is being prepared, not with the page. */
const stripePayment = () => import("~/components/courses/stripe-payment");
const StripePaymentForm = lazy(() => stripePayment().then((module) => ({ default: module.StripePaymentForm })));

type LoaderData = Route.ComponentProps["loaderData"];
/** What the form asked: the buyer, and for a gift its recipient, message and day. */
type Buyer = GiftFormValues & { name: string };
type Course = NonNullable<LoaderData["course"]>;
type Payments = LoaderData["payments"];
type Coupon = LoaderData["coupon"];

export default function EnrollPage({ loaderData }: Route.ComponentProps) {
  const { course, payments, coupon, gift, today } = loaderData;
  const { setup, buyer, preparePayment } = usePaymentSetup(course, payments, coupon, gift);
  if (!course) return <CourseNotFound />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="font-serif text-4xl font-semibold">{gift ? "Give this course" : "Complete Your Enrollment"}</h1>
      <div className="mt-10 grid gap-8 md:grid-cols-[1fr_1.3fr]">
        <CourseSummary course={course} coupon={coupon} />
        <Card className="p-6">
          <h2 className="font-serif text-2xl font-semibold">Payment details</h2>
          {!gift && payments.mode !== "unavailable" && (setup.state === "buyer" || setup.state === "preparing") && (
            <CouponField courseId={course.id} coupon={coupon} />
          )}
          <div className="mt-6">
            {payments.mode === "unavailable" ? (
              <PaymentsUnavailable />
            ) : (
              <PaymentStep setup={setup} buyer={buyer} gift={gift} today={today} courseId={course.id} onBuyer={preparePayment} />
            )}
          </div>
          <PaymentTerms />
        </Card>
      </div>
    </div>
  );
}

/**
 * The payment's steps: the buyer's form, then the payment prepared on the server and Stripe's libraries loaded, then the
 * card form (or what went wrong). Who pays comes first: the server validates it (the same schema), then prepares the
 * payment. Whether the address already has the course is not asked here: a second purchase is refunded after payment
 * (ADR 0008).
 */
function usePaymentSetup(course: Course | null, payments: Payments, coupon: Coupon, gift: boolean) {
  const [setup, setSetup] = useState<Setup>({ state: "buyer" });
  const [buyer, setBuyer] = useState<Buyer>({ email: "", name: "", recipientEmail: "", recipientName: "", message: "", sendOn: "" });

  async function preparePayment(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!course) return;
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? "");
    const next: Buyer = {
      email: field("email"),
      name: field("name"),
      recipientEmail: field("recipientEmail"),
      recipientName: field("recipientName"),
      message: field("message"),
      sendOn: field("sendOn"),
    };
    setBuyer(next);
    setSetup({ state: "preparing" });
    const stripeModule = stripePayment();
    let clientSecret: string | undefined;
    // A code the page accepted: the discounted amount is sent to be checked; the server charges what D1 says.
    const accepted = coupon?.ok ? coupon : null;
    try {
      const result = await postJson<{ clientSecret?: string; free?: boolean }>("/api/create-payment-intent", {
        courseId: course.id,
        amount: accepted ? accepted.amountCents / 100 : course.price,
        ...(accepted ? { couponCode: accepted.code } : {}),
        attemptId: crypto.randomUUID(),
        // Where this tab's visit came from (docs/analytics.md): kept on the order through the PaymentIntent.
        landing: storedLanding(),
        email: next.email,
        ...(gift
          ? {
              gift: { recipientEmail: next.recipientEmail, recipientName: next.recipientName, message: next.message, sendOn: next.sendOn },
            }
          : { name: next.name }),
      });
      if (result?.free) return setSetup({ state: "free", email: next.email });
      clientSecret = result?.clientSecret;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return setSetup({ state: "buyer", error: error.message });
      const detail = error instanceof ApiError ? error.message : undefined;
      toast.error("Error", { description: detail ?? "Failed to initialize payment" });
      return setSetup({ state: "error", message: "Failed to initialize payment", detail });
    }
    if (!clientSecret) return setSetup({ state: "error", message: "No client secret returned from server" });
    const stripe = stripeModule.then((module) => module.loadStripeForMode(payments));
    try {
      if (!(await stripe)) throw new Error("Stripe.js unavailable");
    } catch {
      return setSetup({ state: "form-unavailable" });
    }
    setSetup({ state: "ready", clientSecret, stripe });
  }

  return { setup, buyer, preparePayment };
}

function CourseNotFound() {
  return (
    <PageErrorPanel title="Course not found" action={<BackToCourses />}>
      There is no course at this address, so there is nothing to pay for.
    </PageErrorPanel>
  );
}

/** What is being bought: the course's image, level, title, length and price (the old and the new, with a code). */
function CourseSummary({ course, coupon }: { course: Course; coupon: Coupon }) {
  return (
    <Card className="h-fit">
      <ImageWithFallback src={course.imageUrl} alt="" width={1200} height={675} className="aspect-video w-full bg-muted object-cover" />
      <div className="p-5">
        <Badge>{course.level}</Badge>
        <h2 className="mt-3 font-serif text-xl font-semibold">{course.title}</h2>
        <p className="mt-2 inline-flex items-center gap-1 text-sm text-muted-foreground">
          <ClockIcon className="h-4 w-4" /> {formatHours(course.duration)}
        </p>
        {coupon?.ok ? (
          <CouponPrice coupon={coupon} />
        ) : (
          <p className="mt-4 text-2xl font-semibold" data-testid="enroll-price">
            {formatUsd(course.price)}
          </p>
        )}
      </div>
    </Card>
  );
}

function PaymentsUnavailable() {
  return (
    <ErrorPanel title="Payments unavailable" action={<BackToCourses />}>
      Card payments are not available right now. Please try again later, or write to us and we will enrol you by hand.
    </ErrorPanel>
  );
}

function Preparing() {
  return (
    <p role="status" className="text-muted-foreground">
      Preparing your payment...
    </p>
  );
}

/** The step the payment is at: the buyer's form, preparing, what went wrong, or the card form. */
function PaymentStep({
  setup,
  buyer,
  gift,
  today,
  courseId,
  onBuyer,
}: {
  setup: Setup;
  buyer: Buyer;
  gift: boolean;
  today: string;
  courseId: number;
  onBuyer: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const navigate = useNavigate();
  switch (setup.state) {
    case "buyer":
      return gift ? (
        <GiftForm defaults={buyer} today={today} error={setup.error} onSubmit={onBuyer} />
      ) : (
        <BuyerForm defaults={buyer} error={setup.error} onSubmit={onBuyer} />
      );
    case "preparing":
      return <Preparing />;
    case "free":
      return (
        <div role="status" data-testid="enrolled-free">
          <p className="font-semibold">Nothing to pay: your code covers the whole price.</p>
          <p className="mt-2 text-muted-foreground">
            We have e-mailed {setup.email} the receipt and a link that opens the course. Check your inbox.
          </p>
        </div>
      );
    case "error":
      return (
        <ErrorPanel title={setup.message} action={<BackToCourses />}>
          {setup.detail ?? "Please try again in a moment."}
        </ErrorPanel>
      );
    case "form-unavailable":
      return (
        <ErrorPanel
          action={
            <Button variant="outline" onClick={() => navigate(-1)}>
              Go Back
            </Button>
          }
        >
          Unable to initialize payment form. Please try again later.
        </ErrorPanel>
      );
    case "ready":
      return (
        <>
          <p className="mb-4 text-sm text-muted-foreground" data-testid="paying-as">
            Paying as <span className="font-medium text-foreground">{buyer.email}</span>.{" "}
            {gift
              ? `The receipt and the link to manage the gift go there; ${buyer.recipientEmail} gets the course.`
              : "The receipt and your access link go there."}
          </p>
          <Suspense fallback={<Preparing />}>
            <StripePaymentForm stripe={setup.stripe} clientSecret={setup.clientSecret} cancelTo={`/courses/${courseId}`} />
          </Suspense>
        </>
      );
  }
}

function PaymentTerms() {
  return (
    <p className="mt-6 text-xs text-muted-foreground">
      By completing your enrollment you agree to our{" "}
      <Link to="/legal/terms" className="underline underline-offset-2">
        Terms of Service
      </Link>{" "}
      and{" "}
      <Link to="/legal/privacy" className="underline underline-offset-2">
        Privacy Policy
      </Link>
      . Payments are processed securely by Stripe; your card details never reach our servers.
    </p>
  );
}
