import { useEffect } from "react";
import { data, useNavigate } from "react-router";
import type { Route } from "./+types/payment-success";
import { LinkButton } from "~/components/ui/button";
import { ErrorPanel } from "~/components/ui/error-panel";
import { BackToCourses } from "~/components/courses/back-to-courses";
import { formatLongDate } from "~/lib/format";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { paymentSuccessSchema } from "~/lib/schemas";
import { getCourse } from "~/server/learning/courses.server";
import { courseDripSummary } from "~/server/learning/drip.server";
import { getDb } from "~/server/core/db.server";
import { logEvent, rootCause, shortError } from "~/server/core/log.server";
import { learnerSessionCookie, startLearnerSession } from "~/server/learning/learner.server";
import { PaymentRefundedError, confirmEnrollmentAfterPayment } from "~/server/payments/payments.server";
import { siteUrl } from "~/server/site/seo.server";
import { stripeForRequest } from "~/server/payments/stripe.server";
import { NO_STORE } from "~/server/core/http.server";

/**
 * The return page starts a learner session, since the payer is right there; later (a shared or
 * bookmarked URL) it only points to the access link. The session is unproven (docs/courses-and-learning.md): the
 * address was typed at checkout, not shown to be the payer's, so it opens only what this order grants while it is paid
 * (ADR 0008), with progress and answers of its own; the rest of the address's learning needs the e-mailed link.
 * Nothing on the page, or in its cookie, depends on what the address bought before (docs/security.md).
 */
const SESSION_FROM_RETURN_PAGE_MS = 60 * 60 * 1000;

export const PAYMENT_ERROR_REDIRECT_MS = 5_000;

type Outcome =
  | {
      status: "success";
      /** Null for a bundle: its order's course is the first the address did not have, so it would tell what the address had. */
      courseId: number | null;
      courseTitle: string;
      enrollmentId: number;
      email: string;
      signedIn: boolean;
      bundle: boolean;
      /** When the course's modules open, for a course that drips (app/lib/drip.ts); null when every lesson is open. */
      drip: string | null;
    }
  | { status: "gift"; courseId: number; courseTitle: string; recipientName: string; sendOn: string; sentToday: boolean }
  | { status: "missing" }
  | { status: "refunded"; pending: boolean }
  | { status: "error" };

/** Stripe redirects here with ?payment_intent=…&payment_intent_client_secret=…; the server asks Stripe before enrolling. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const paymentIntentId = url.searchParams.get("payment_intent");
  const paymentIntentClientSecret = url.searchParams.get("payment_intent_client_secret");
  if (!paymentIntentId || !paymentIntentClientSecret) return { status: "missing" } as Outcome;
  const parsed = paymentSuccessSchema.safeParse({ paymentIntentId, paymentIntentClientSecret });
  const stripe = stripeForRequest(request);
  if (!parsed.success || !stripe) return { status: "error" } as Outcome;
  try {
    const db = getDb();
    const enrollment = await confirmEnrollmentAfterPayment({ db, stripe, origin: siteUrl(request) }, parsed.data);
    const course = await getCourse(db, enrollment.courseId, { published: "any" });
    if (enrollment.gift) {
      // A gift opens nothing for the buyer: no session here; the recipient gets their own link (docs/payments.md, "Gifts").
      return {
        status: "gift",
        courseId: enrollment.courseId,
        courseTitle: course?.title ?? "the course",
        recipientName: enrollment.gift.recipientName,
        sendOn: enrollment.gift.sendOn,
        sentToday: enrollment.gift.sendOn <= new Date().toISOString().slice(0, 10),
      } as Outcome;
    }
    const recent = Date.now() - Date.parse(enrollment.createdAt) < SESSION_FROM_RETURN_PAGE_MS;
    // A course's paid order, first or repeat purchase alike (ADR 0008: a repeat is honoured, the inbox alone told): the
    // same page and the same unproven session, holding this order's grants only, so it closes if this order is refunded.
    // A bundle's order starts none: which of its courses it opens depends on what the address had, so the page names
    // the bundle and the receipt's link opens its courses (docs/payments.md, "Bundles").
    const signIn = enrollment.email !== "" && enrollment.status === "paid" && enrollment.bundleTitle === null && recent;
    const outcome: Outcome = {
      status: "success",
      courseId: enrollment.bundleTitle === null ? enrollment.courseId : null,
      courseTitle: enrollment.bundleTitle ?? course?.title ?? "your course",
      enrollmentId: enrollment.id,
      email: enrollment.email,
      signedIn: signIn,
      bundle: enrollment.bundleTitle !== null,
      // A bundle names no course here (see above), so it says nothing of when one opens either.
      drip: enrollment.bundleTitle === null ? await courseDripSummary(db, enrollment.courseId, enrollment.createdAt) : null,
    };
    if (!signIn) return outcome;
    const session = await startLearnerSession(db, enrollment.email, { scopeCourseId: enrollment.courseId, enrollmentId: enrollment.id });
    if (!session) return { ...outcome, signedIn: false };
    return data(outcome, { headers: { "Set-Cookie": learnerSessionCookie(session, request), "Cache-Control": NO_STORE } });
  } catch (error) {
    // Paid, but for no course at its price: refunded at once (or being refunded), and the buyer was e-mailed.
    if (error instanceof PaymentRefundedError) {
      return { status: "refunded", pending: error.refundPending } as Outcome;
    }
    logEvent("warn", "payment.confirm_failed", { error: shortError(rootCause(error)) });
    return { status: "error" } as Outcome;
  }
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle("Payment", siteNameFromMatches(matches)) }, { name: "robots", content: "noindex" }];
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const failed = loaderData.status === "missing" || loaderData.status === "error";
  useEffect(() => {
    if (!failed) return;
    const timer = window.setTimeout(() => navigate("/"), PAYMENT_ERROR_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [failed, navigate]);

  if (loaderData.status === "success") {
    return (
      <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
        <div
          aria-hidden="true"
          className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-badge-mindfulness text-3xl text-badge-mindfulness-foreground"
        >
          ✓
        </div>
        <h1 className="mt-6 font-serif text-4xl font-semibold">Payment Successful!</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Thank you for enrolling in {loaderData.courseTitle}. Your enrollment has been confirmed
          {loaderData.signedIn ? ` and ${loaderData.drip ? "the course" : "every lesson"} is open on this device.` : "."}
        </p>
        {loaderData.drip && (
          <p className="mt-3 text-muted-foreground" data-testid="drip-summary">
            {loaderData.drip}
          </p>
        )}
        <p className="mt-3 text-muted-foreground" data-testid="receipt-note">
          {loaderData.bundle && loaderData.email
            ? `A receipt with a link that opens the bundle's courses is on its way to ${loaderData.email}.`
            : loaderData.email
              ? `A receipt with a link back to your course is on its way to ${loaderData.email}. To continue on another device, ask for an access link at My learning.`
              : "To come back to your course later, ask for an access link at My learning."}
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <LinkButton to={loaderData.signedIn ? `/courses/${loaderData.courseId}/learn` : "/learn"} size="lg">
            {loaderData.signedIn ? "Start learning" : "Get my access link"}
          </LinkButton>
          <LinkButton to="/courses" size="lg" variant="outline">
            Explore More Courses
          </LinkButton>
        </div>
      </section>
    );
  }
  if (loaderData.status === "gift") return <GiftScheduled outcome={loaderData} />;
  if (loaderData.status === "refunded") {
    return (
      <section className="mx-auto max-w-2xl px-4 py-20 sm:px-6">
        <ErrorPanel title="Your payment was refunded" titleLevel={1} action={<BackToCourses />}>
          {loaderData.pending
            ? "Your payment went through, but it did not match the course at its current price (the price or the course changed while you were paying), so you have not been enrolled and it is being refunded in full. You will get an e-mail when the refund is made."
            : "Your payment went through, but it did not match the course at its current price (the price or the course changed while you were paying), so you have not been enrolled and it was refunded in full. An e-mail with the details is on its way."}
        </ErrorPanel>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 sm:px-6">
      <ErrorPanel title="Payment Error" titleLevel={1}>
        {loaderData.status === "missing"
          ? "Missing payment information"
          : "There was an error confirming your payment. Please contact support."}
      </ErrorPanel>
      <p className="mt-4 text-center text-sm text-muted-foreground" role="status">
        Taking you to the home page in 5 seconds…
      </p>
    </section>
  );
}

/** A gift paid for: when it goes out, and where the buyer manages it. */
function GiftScheduled({ outcome }: { outcome: Extract<Outcome, { status: "gift" }> }) {
  const who = outcome.recipientName || "The recipient";
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6" data-testid="gift-scheduled">
      <h1 className="font-serif text-4xl font-semibold">Your gift is scheduled</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        {outcome.sentToday
          ? `${who} is being e-mailed a link that opens ${outcome.courseTitle} today.`
          : `${who} will be e-mailed a link that opens ${outcome.courseTitle} on ${formatLongDate(outcome.sendOn)}.`}
      </p>
      <p className="mt-3 text-muted-foreground" data-testid="receipt-note">
        Your receipt is on its way to you, with a link to send the gift again or to someone else until it is opened.
      </p>
      <div className="mt-10 flex justify-center">
        <LinkButton to="/courses" size="lg" variant="outline">
          Explore More Courses
        </LinkButton>
      </div>
    </section>
  );
}
