import { useEffect } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/payment-success";
import { LinkButton } from "~/components/ui/button";
import { ErrorPanel } from "~/components/ui/error-panel";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { paymentSuccessSchema } from "~/lib/schemas";
import { getCourse } from "~/server/courses.server";
import { getDb } from "~/server/db.server";
import { confirmEnrollmentAfterPayment } from "~/server/payments.server";
import { stripeForRequest } from "~/server/stripe.server";

export const PAYMENT_ERROR_REDIRECT_MS = 5_000;

type Outcome =
  | { status: "success"; courseId: number; courseTitle: string; enrollmentId: number }
  | { status: "missing" }
  | { status: "error" };

/** Stripe redirects here with ?payment_intent=…&payment_intent_client_secret=…; the server asks Stripe before enrolling. */
export async function loader({ request }: Route.LoaderArgs): Promise<Outcome> {
  const url = new URL(request.url);
  const paymentIntentId = url.searchParams.get("payment_intent");
  const paymentIntentClientSecret = url.searchParams.get("payment_intent_client_secret");
  if (!paymentIntentId || !paymentIntentClientSecret) return { status: "missing" };
  const parsed = paymentSuccessSchema.safeParse({ paymentIntentId, paymentIntentClientSecret });
  const stripe = stripeForRequest(request);
  if (!parsed.success || !stripe) return { status: "error" };
  try {
    const db = getDb();
    const enrollment = await confirmEnrollmentAfterPayment({ db, stripe }, parsed.data);
    const course = await getCourse(db, enrollment.courseId);
    return { status: "success", courseId: enrollment.courseId, courseTitle: course?.title ?? "your course", enrollmentId: enrollment.id };
  } catch (error) {
    console.warn("Payment confirmation failed", error instanceof Error ? error.message : error);
    return { status: "error" };
  }
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle("Payment", siteNameFromMatches(matches)) }, { name: "robots", content: "noindex" }];
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const failed = loaderData.status !== "success";
  useEffect(() => {
    if (!failed) return;
    const timer = window.setTimeout(() => navigate("/"), PAYMENT_ERROR_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [failed, navigate]);

  if (loaderData.status === "success") {
    return (
      <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
        <div aria-hidden="true" className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-badge-mindfulness text-3xl text-badge-mindfulness-foreground">
          ✓
        </div>
        <h1 className="mt-6 font-serif text-4xl font-semibold">Payment Successful!</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Thank you for enrolling in {loaderData.courseTitle}. Your enrollment has been confirmed and you now have access to all course materials.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <LinkButton to={`/courses/${loaderData.courseId}`} size="lg">
            Go to Course
          </LinkButton>
          <LinkButton to="/courses" size="lg" variant="outline">
            Explore More Courses
          </LinkButton>
        </div>
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
