import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/repeat-refund";
import { Button, LinkButton } from "~/components/ui/button";
import { formatLongDate } from "~/lib/format";
import type { FormSuccess } from "~/lib/form-result";
import { repeatRefundSchema } from "~/lib/schemas";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { HttpError, NO_STORE } from "~/server/core/http.server";
import { refundRepeatPurchase, repeatPurchaseByToken } from "~/server/payments/repeat-purchases.server";
import { REPEAT_REFUND_DAYS } from "~/server/payments/repeat-refund-links.server";
import { stripeForRequest } from "~/server/payments/stripe.server";
import { siteUrl } from "~/server/site/seo.server";

/**
 * A repeat purchase's refund (ADR 0008), from the link in its receipt: only that inbox has it. Opening the page refunds
 * nothing (mail scanners follow links); its button does. The URL carries the token: no cache keeps it and no Referer
 * takes it elsewhere.
 */
const PAGE_HEADERS = { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" } as const;

export async function loader({ params }: Route.LoaderArgs) {
  const order = await repeatPurchaseByToken(getDb(), params.token);
  return data({ order, refundDays: REPEAT_REFUND_DAYS }, { status: order ? 200 : 404, headers: PAGE_HEADERS });
}

export const headers: Route.HeadersFunction = () => PAGE_HEADERS;

export async function action({ params, request, context }: Route.ActionArgs) {
  return formAction({ request, context }, repeatRefundSchema, async () => {
    const stripe = stripeForRequest(request);
    if (!stripe)
      throw new HttpError(503, "Card payments are not available right now, so the refund cannot be made. Please try again later.");
    await refundRepeatPurchase({ db: getDb(), stripe, origin: siteUrl(request) }, params.token);
    return {
      ok: true,
      message: "Your payment was refunded. It goes back to the card you paid with; banks usually show it within 5 to 10 days.",
    } satisfies FormSuccess;
  });
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle("Refund a repeat purchase", siteNameFromMatches(matches)) }, { name: "robots", content: "noindex" }];
}

export default function RepeatRefund({ loaderData, actionData }: Route.ComponentProps) {
  const { order, refundDays } = loaderData;
  const busy = useNavigation().state !== "idle";
  if (!order) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <h1 className="font-serif text-3xl font-semibold">This refund link doesn't work</h1>
        <p className="mt-4 text-muted-foreground">It may have been mistyped. The link is in your receipt.</p>
        <LinkButton to="/courses" className="mt-8">
          Browse courses
        </LinkButton>
      </section>
    );
  }
  const refusal = actionData && !actionData.ok ? actionData : null;
  const refunded = order.state === "refunded" || actionData?.ok;
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <h1 className="font-serif text-3xl font-semibold">{`Refund your repeat purchase of ${order.courseTitle}`}</h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2" data-testid="repeat-order">
        <dt className="font-medium">Order</dt>
        <dd>{order.orderReference}</dd>
        <dt className="font-medium">Paid</dt>
        <dd>
          {order.amount} on {formatLongDate(order.paidAt)}
        </dd>
      </dl>
      {actionData?.ok && (
        <p role="status" className="mt-6 font-medium">
          {actionData.message}
        </p>
      )}
      {refusal && (
        <p role="alert" className="mt-6 text-destructive">
          {refusal.message}
        </p>
      )}
      {refunded ? (
        !actionData?.ok && <p className="mt-8 text-muted-foreground">This payment has been refunded.</p>
      ) : order.state === "open" ? (
        <Form method="post" className="mt-8">
          <input type="hidden" name="intent" value="refund" />
          <p className="mb-3 text-muted-foreground">
            This address already had the course, so you do not need this second payment: the course and your progress stay as they are. The
            refund is in full, and the course closes on the device you paid with until you sign in with an access link.
          </p>
          <Button type="submit" disabled={busy}>
            {`Refund ${order.amount}`}
          </Button>
        </Form>
      ) : (
        <p className="mt-8 text-muted-foreground">
          This link works for {refundDays} days after the payment. To ask for a refund now, reply to your receipt.
        </p>
      )}
    </section>
  );
}
