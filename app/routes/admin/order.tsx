import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import type { Route } from "./+types/order";
import { AdminNotFound, AdminPageHeader, FormResultNotice } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { REFUND_REASON_LABELS, REFUND_WINDOW_DAYS, orderActionSchema, orderStatusLabel } from "~/lib/admin-schemas";
import { countOf, formatLongDate, formatMoney, orderReference } from "~/lib/format";
import type { FormResult } from "~/lib/form-result";
import { learnerInsight } from "~/server/admin/course-insight.server";
import { auditItemName, noteAuditObject } from "~/server/admin/audit.server";
import { adminFrom } from "~/server/admin/guard.server";
import { getOrder, refundOrder, refundPart, resendAccessLink } from "~/server/admin/orders.server";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { HttpError } from "~/server/core/http.server";
import { progressPercent } from "~/server/learning/learning.server";
import { siteUrl } from "~/server/site/seo.server";
import { stripeForRequest } from "~/server/payments/stripe.server";
import { OwnerTime } from "~/components/admin/local-time";

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const order = id === null ? null : await getOrder(getDb(), id);
  if (!order) return data({ order: null }, { status: 404 });
  return {
    order: {
      ...order,
      reference: orderReference(order.id),
      percent: progressPercent(order.completedLessons, order.totalLessons),
      learning: await learnerInsight(getDb(), order.email, order.courseId),
    },
  };
}

type ActionResult = FormResult<{ intent: "refund" | "refund-part" | "resend" }>;

/**
 * POST intent=refund (access=remove|keep, confirm=yes), intent=refund-part (amount in dollars, reason, removeAccess=yes
 * or absent, confirm=yes) or intent=resend. Admin only: 403 cross-site, 401 without a session; 404 for an unknown
 * order, 409 for one already refunded, 400 for a part larger than what remains; never a 500 for what the admin sent.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const db = getDb();
  return formAction({ request, context }, orderActionSchema, async (input): Promise<ActionResult> => {
    const id = parseId(params.id);
    if (id === null) throw new HttpError(404, "Order not found.");
    const order = auditItemName("order", id, orderReference(id));
    noteAuditObject(context, { object: order });
    if (input.intent === "resend") {
      const { email } = await resendAccessLink(db, id, siteUrl(request));
      return { ok: true, intent: "resend", message: `A new access link is on its way to ${email}.` };
    }
    const stripe = stripeForRequest(request);
    if (!stripe) throw new HttpError(503, "Payments are not configured, so nothing can be refunded.");
    if (input.intent === "refund-part") {
      const part = await refundPart(
        { db, stripe, origin: siteUrl(request) },
        {
          enrollmentId: id,
          amountCents: input.amount,
          reason: input.reason,
          removeAccess: input.removeAccess,
          by: adminFrom(context).username,
        },
      );
      noteAuditObject(context, { object: `${money(part.refundedCents, part.currency)} of ${order}` });
      return {
        ok: true,
        intent: "refund-part",
        message: [
          `Refunded ${money(part.refundedCents, part.currency)} (${part.refundId}); ${money(part.remainingCents, part.currency)} remains paid.`,
          part.accessRemoved ? "The buyer's access has ended." : "The buyer keeps access.",
          part.email ? `A refund e-mail is on its way to ${part.email}.` : "",
        ]
          .join(" ")
          .trim(),
      };
    }
    const keepAccess = input.access === "keep";
    const result = await refundOrder(
      { db, stripe, origin: siteUrl(request) },
      { enrollmentId: id, keepAccess, by: adminFrom(context).username },
    );
    // An automatic refund (a duplicate, a price that matched nothing) never granted access: there is none to keep or end.
    const access = result.automatic
      ? "The automatic refund is made."
      : keepAccess
        ? "The buyer keeps access."
        : "The buyer's access has ended.";
    return {
      ok: true,
      intent: "refund",
      message: `Refunded (${result.refundId}). ${access} ${result.email ? `A refund e-mail is on its way to ${result.email}.` : ""}`.trim(),
    };
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  adminMeta(loaderData?.order ? `Order ${loaderData.order.reference}` : "Order not found", matches);

const money = (cents: number, currency: string) => formatMoney(cents, currency, { code: true });

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-all">{children}</dd>
    </div>
  );
}

type OrderDetails = NonNullable<Route.ComponentProps["loaderData"]["order"]>;

export default function Order({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  useActionToast(result, (done) => ({
    title: done.intent === "refund" ? "Order refunded" : done.intent === "refund-part" ? "Part refunded" : "Access link sent",
    description: done.message,
  }));

  if (!order) {
    return (
      <AdminNotFound
        title="Order not found"
        message="There is no order with this number."
        back={{ to: "/admin/orders", label: "Orders" }}
      />
    );
  }
  return (
    <>
      <AdminPageHeader
        title={`Order ${order.reference}`}
        description={`${order.bundle ? `Bundle: ${order.bundle}` : order.course} · ${orderStatusLabel(order)}`}
        back={{ to: "/admin/orders", label: "Orders" }}
      />
      <FormResultNotice result={result} />
      <div className="grid gap-6">
        <PaymentCard order={order} />
        <ProgressCard order={order} />
        <EmailsCard order={order} busy={busy} />
        <RefundCard order={order} busy={busy} />
      </div>
    </>
  );
}

/** Who paid, how much and when, the PaymentIntent, the status (and refund), and whether the buyer has access. */
function PaymentCard({ order }: { order: OrderDetails }) {
  const refunded = order.status === "refunded";
  return (
    <Card className="p-6">
      <h2 className="mb-2 font-serif text-xl font-semibold">Payment</h2>
      <dl className="text-sm">
        {order.gift ? (
          <>
            <Row label="Buyer">{order.gift.buyerEmail}</Row>
            <Row label="Gift for">
              <span data-testid="order-gift">
                {order.gift.recipientName} ({order.gift.recipientEmail}): {giftState(order.gift)}
              </span>
            </Row>
          </>
        ) : (
          <Row label="Buyer">
            {order.email || "(not recorded)"}
            {order.name ? ` (${order.name})` : ""}
          </Row>
        )}
        <Row label="Amount">{money(order.amountCents, order.currency)}</Row>
        {order.couponCode ? (
          <Row label="Coupon">
            <span data-testid="order-coupon">
              {order.couponCode}: {money(order.discountCents, order.currency)} off{" "}
              {money(order.amountCents + order.discountCents, order.currency)}
            </span>
          </Row>
        ) : null}
        {order.refundedCents > 0 ? (
          <Row label="Refunded">
            <span data-testid="order-refunded">
              {money(order.refundedCents, order.currency)} ({money(order.amountCents - order.refundedCents, order.currency)} remains paid)
            </span>
          </Row>
        ) : null}
        {order.bundle ? (
          <Row label="Bundle">
            <span data-testid="order-bundle-courses">
              {order.bundle}: {order.bundleCourses.map((course) => `${course.title}${course.hasAccess ? "" : " (closed)"}`).join(", ")}
            </span>
          </Row>
        ) : null}
        {order.creditCents > 0 ? (
          <Row label="Refunded at once">
            {money(order.creditCents, order.currency)} for the courses the address already had
            {order.creditRefundId ? "" : " (Stripe has not made it yet: retried with the payment's next webhook)"}
          </Row>
        ) : null}
        <Row label="Paid on">
          <time dateTime={order.createdAt}>{formatLongDate(order.createdAt)}</time>
        </Row>
        <Row label="PaymentIntent">
          <code>{order.paymentIntentId}</code>
        </Row>
        <Row label="Status">
          <span data-testid="order-status">{orderStatusLabel(order)}</span>
          {refunded && order.refundedAt ? ` on ${formatLongDate(order.refundedAt)}` : ""}
          {order.refundId ? (
            <>
              {" "}
              (<code>{order.refundId}</code>)
            </>
          ) : null}
        </Row>
        {order.refundReason ? (
          <Row label="Refund reason">
            <span data-testid="order-refund-reason">{REFUND_REASON_LABELS[order.refundReason] ?? order.refundReason}</span>
          </Row>
        ) : null}
        <Row label="Access">{order.hasAccess ? (refunded ? "Kept after the refund" : "Open") : "Removed"}</Row>
      </dl>
    </Card>
  );
}

/** The buyer's progress in the course, and their certificate. */
function ProgressCard({ order }: { order: OrderDetails }) {
  return (
    <Card className="p-6">
      <h2 className="mb-2 font-serif text-xl font-semibold">Progress</h2>
      <dl className="text-sm">
        <Row label="Lessons completed">
          {order.completedLessons} of {order.totalLessons} ({order.percent}%)
        </Row>
        <Row label="Certificate">
          {order.certificate ? (
            <Link to={`/certificates/${order.certificate.id}`} className="text-primary underline-offset-4 hover:underline">
              Issued {formatLongDate(order.certificate.issuedAt)}
            </Link>
          ) : (
            "Not yet"
          )}
        </Row>
        <Row label="Last visit">{order.learning?.lastVisit ? <OwnerTime iso={order.learning.lastVisit} /> : "Never"}</Row>
      </dl>
      {order.learning && order.learning.lessons.length > 0 ? <LessonsTable learning={order.learning} /> : null}
      <p className="mt-3 text-sm">
        <Link to={`/admin/courses/${order.courseId}/insight`} className="text-primary underline-offset-4 hover:underline">
          Learner insight for the whole course
        </Link>
      </p>
    </Card>
  );
}

/**
 * Each lesson: last visit, completion, and its assessments: a quiz's latest score and attempts, a written answer as
 * "written, N words" only (its text is the learner's; the loader never has it).
 */
function LessonsTable({ learning }: { learning: NonNullable<OrderDetails["learning"]> }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-medium">Each lesson</caption>
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Lesson
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Last visit
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Completed
            </th>
            <th scope="col" className="py-2 font-medium">
              Quizzes and written answers
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {learning.lessons.map((lesson) => (
            <tr key={lesson.id} data-lesson={lesson.id}>
              <th scope="row" className="py-2 pr-4 font-medium">
                {lesson.title}
              </th>
              <td className="py-2 pr-4">{lesson.visitedAt ? <OwnerTime iso={lesson.visitedAt} /> : "Not opened"}</td>
              <td className="py-2 pr-4">{lesson.completedAt ? <OwnerTime iso={lesson.completedAt} /> : "No"}</td>
              <td className="py-2">
                <ul>
                  {lesson.assessments.map((a) => (
                    <li key={a.title}>
                      {a.title}: {assessmentText(a)}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type AssessmentInsight = NonNullable<OrderDetails["learning"]>["lessons"][number]["assessments"][number];

function assessmentText(a: AssessmentInsight): string {
  if (a.kind === "written") return a.words === null ? "not written" : `written, ${countOf(a.words, "word")}`;
  if (a.attempts === 0) return "not attempted";
  const tries = countOf(a.attempts, "attempt");
  return a.passed
    ? `passed, latest score ${a.score}% (${tries}${a.attemptsToPass ? `, passed on attempt ${a.attemptsToPass}` : ""})`
    : `not passed, latest score ${a.score}% (${tries})`;
}

const MAIL_STATUS_LABELS: Record<string, string> = {
  queued: "queued",
  sent: "sent",
  deferred: "deferred",
  failed: "not delivered",
  bounced: "bounced",
  complained: "marked as spam",
  suppressed: "suppressed",
};

/** The e-mails sent to the buyer (each with how its delivery went, and its text), and the button that sends their access link again (while they have access). */
function EmailsCard({ order, busy }: { order: OrderDetails; busy: boolean }) {
  return (
    <Card className="p-6">
      <h2 className="mb-2 font-serif text-xl font-semibold">Emails to the buyer</h2>
      {order.emails.length === 0 ? (
        <p className="text-sm text-muted-foreground">None recorded.</p>
      ) : (
        <ul className="divide-y divide-border text-sm">
          {order.emails.map((mail) => (
            <li key={mail.id} className="py-2" data-testid="order-email">
              <div className="flex flex-wrap justify-between gap-2">
                <span>{mail.subject}</span>
                <span className="text-muted-foreground">
                  {mail.kind} · {MAIL_STATUS_LABELS[mail.status] ?? mail.status}
                  {mail.status === "deferred" && mail.deferredUntil ? (
                    <>
                      {" "}
                      until <time dateTime={mail.deferredUntil}>{formatLongDate(mail.deferredUntil)}</time>
                    </>
                  ) : null}{" "}
                  · <time dateTime={mail.createdAt}>{formatLongDate(mail.createdAt)}</time>
                </span>
              </div>
              {mail.reason ? (
                <p className="mt-1 text-destructive" data-testid="order-email-reason">
                  {mail.reason}
                </p>
              ) : null}
              {mail.text === null ? null : (
                <details className="mt-1">
                  <summary className="cursor-pointer text-muted-foreground">Show the e-mail</summary>
                  <pre className="mt-2 whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-xs">{mail.text}</pre>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
      {order.email && order.hasAccess ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="resend" />
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            Resend access link
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

/** The refund: done (when), due (an automatic refund Stripe has not made yet: retry), or the form that makes one. */
function RefundCard({ order, busy }: { order: OrderDetails; busy: boolean }) {
  const remaining = order.amountCents - order.refundedCents;
  return (
    <Card className="p-6">
      <h2 className="mb-2 font-serif text-xl font-semibold">Refund</h2>
      {order.status === "refunded" && remaining <= 0 ? (
        <p className="text-sm">This order was refunded{order.refundedAt ? ` on ${formatLongDate(order.refundedAt)}` : ""}.</p>
      ) : order.status === "refunded" ? null : (
        <Form method="post" className="grid gap-4 text-sm">
          <input type="hidden" name="intent" value="refund" />
          {order.status === "refund-due" ? <RefundDueFields order={order} busy={busy} /> : <RefundFields order={order} busy={busy} />}
        </Form>
      )}
      {order.status !== "refund-due" && remaining > 0 ? <RefundPartForm order={order} busy={busy} /> : null}
      <RefundHistory order={order} />
    </Card>
  );
}

/** "Refund part": an amount up to what remains, a reason, whether access ends, and the confirmation. */
function RefundPartForm({ order, busy }: { order: OrderDetails; busy: boolean }) {
  const remaining = order.amountCents - order.refundedCents;
  return (
    <Form method="post" className="mt-6 grid gap-4 border-t border-border pt-6 text-sm" aria-labelledby="refund-part-heading">
      <h3 id="refund-part-heading" className="font-serif text-lg font-semibold">
        Refund part
      </h3>
      <input type="hidden" name="intent" value="refund-part" />
      <p>
        Up to {money(remaining, order.currency)} can still be refunded. The buyer keeps access unless you tick "remove access", and gets an
        e-mail saying what was refunded and what remains paid.
      </p>
      <label className="grid gap-1">
        <span className="font-medium">Amount to refund (dollars)</span>
        <input
          name="amount"
          inputMode="decimal"
          required
          pattern="\d{1,7}(\.\d{1,2})?"
          placeholder="e.g. 15 or 12.50"
          className="min-h-11 rounded-md border border-input bg-background px-3"
        />
      </label>
      <label className="grid gap-1">
        <span className="font-medium">Reason</span>
        <input name="reason" required maxLength={500} className="min-h-11 rounded-md border border-input bg-background px-3" />
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="removeAccess" value="yes" /> Remove access to the course
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="confirm" value="yes" required /> Confirm: refund this part to the buyer
      </label>
      <div>
        <Button type="submit" variant="destructive" disabled={busy}>
          Refund part
        </Button>
      </div>
    </Form>
  );
}

/** Every refund of the order, oldest first: amount, reason, access, who and when, and Stripe's refund. */
function RefundHistory({ order }: { order: OrderDetails }) {
  if (order.refunds.length === 0) return null;
  return (
    <section className="mt-6 border-t border-border pt-6 text-sm" aria-labelledby="refund-history-heading">
      <h3 id="refund-history-heading" className="mb-2 font-serif text-lg font-semibold">
        Refund history
      </h3>
      <ul className="divide-y divide-border">
        {order.refunds.map((refund) => (
          <li key={refund.id} className="py-2" data-testid="refund-history-row">
            <div className="flex flex-wrap justify-between gap-2">
              <span>
                {money(refund.amountCents, order.currency)} · {refund.reason || "no reason given"}
                {refund.removeAccess ? " · access removed" : ""}
                {refund.status === "succeeded" ? "" : ` · ${refund.status}`}
              </span>
              <span className="text-muted-foreground">
                {refund.createdBy === "stripe" ? "in Stripe's dashboard" : `by ${refund.createdBy}`} ·{" "}
                <time dateTime={refund.createdAt}>{formatLongDate(refund.createdAt)}</time>
                {refund.stripeRefundId ? (
                  <>
                    {" "}
                    · <code>{refund.stripeRefundId}</code>
                  </>
                ) : null}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A refund that is due: why, and the button that tries it again (the access goes: the order never opened the course). */
function RefundDueFields({ order, busy }: { order: OrderDetails; busy: boolean }) {
  return (
    <>
      <p data-testid="refund-due">
        This payment is refunded automatically ({REFUND_REASON_LABELS[order.refundReason ?? ""] ?? "no order it could open"}), but Stripe
        could not make the refund yet. It is tried again with each delivery of the payment's webhook; you can try now. The order never
        opened the course, so there is no access to keep or end.
      </p>
      <input type="hidden" name="access" value="remove" />
      <input type="hidden" name="confirm" value="yes" />
      <div>
        <Button type="submit" variant="destructive" disabled={busy}>
          Retry the refund of {money(order.amountCents, order.currency)}
        </Button>
      </div>
    </>
  );
}

/** A refund's form: the refund window, whether the buyer keeps access, and the confirmation. */
function RefundFields({ order, busy }: { order: OrderDetails; busy: boolean }) {
  return (
    <>
      <p data-testid="refund-window">
        {order.refundWindow.within
          ? `Within the ${REFUND_WINDOW_DAYS}-day refund window (until ${formatLongDate(order.refundWindow.endsAt)}).`
          : `Outside the ${REFUND_WINDOW_DAYS}-day refund window (it ended ${formatLongDate(order.refundWindow.endsAt)}). You may still refund.`}
      </p>
      <p>
        Refunds {order.refundedCents > 0 ? "the remaining" : "the full"} {money(order.amountCents - order.refundedCents, order.currency)}{" "}
        through Stripe and e-mails the buyer.
        {order.bundle ? " A bundle is refunded whole: the access choice applies to all its courses." : ""}
      </p>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium">After the refund, the buyer</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="access" value="remove" required /> loses access to the course
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="access" value="keep" required /> keeps access to the course
        </label>
      </fieldset>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="confirm" value="yes" required /> I confirm: refund{" "}
        {money(order.amountCents - order.refundedCents, order.currency)} to the buyer
      </label>
      <div>
        <Button type="submit" variant="destructive" disabled={busy}>
          Refund order
        </Button>
      </div>
    </>
  );
}

/** Where a gift stands: to be sent on its day, sent, or opened by its recipient (who then owns the course). */
function giftState(gift: { sendOn: string; sentAt: string | null; redeemedAt: string | null }) {
  if (gift.redeemedAt) return `sent, opened on ${formatLongDate(gift.redeemedAt)}`;
  if (gift.sentAt) return `sent on ${formatLongDate(gift.sentAt)}, not opened yet`;
  return `to be sent on ${formatLongDate(gift.sendOn)}`;
}
