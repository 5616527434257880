import { data, Link } from "react-router";
import type { Route } from "./+types/orders";
import { AdminFilterForm } from "~/components/admin/admin-filter-form";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, REFUND_REASON_LABELS, orderFiltersSchema, orderStatusLabel } from "~/lib/admin-schemas";
import { buttonClass } from "~/components/ui/button";
import { formatMoney, orderReference } from "~/lib/format";
import { listOrders, listUnmatchedPayments, orderCourseChoices } from "~/server/admin/orders.server";
import { getDb } from "~/server/core/db.server";
import { firstIssueMessage } from "~/server/core/http.server";
import { progressPercent } from "~/server/learning/learning.server";
import { AdminTable } from "~/components/admin/admin-table";
import { OwnerTime } from "~/components/admin/local-time";

/** The filters come from the URL (a plain GET form): `?course=1&status=refunded&from=2026-01-01&to=2026-01-31`. */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = orderFiltersSchema.safeParse(query);
  const [courses, unmatched] = await Promise.all([orderCourseChoices(db), listUnmatchedPayments(db)]);
  const shown = { course: query.course ?? "", status: query.status ?? "", from: query.from ?? "", to: query.to ?? "" };
  if (!parsed.success)
    return data({ orders: [], courses, unmatched, filters: shown, error: firstIssueMessage(parsed.error), csvHref: null }, { status: 400 });
  const rows = await listOrders(db, parsed.data);
  // The CSV takes the same filters, as the URL has them.
  const csvQuery = new URLSearchParams(Object.entries(shown).filter(([, value]) => value !== "")).toString();
  return {
    csvHref: `/admin/orders.csv${csvQuery ? `?${csvQuery}` : ""}`,
    orders: rows.map((row) => ({
      ...row,
      reference: orderReference(row.id),
      percent: progressPercent(row.completedLessons, row.totalLessons),
    })),
    courses,
    unmatched,
    filters: shown,
    error: null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Orders", matches);

type OrdersData = Route.ComponentProps["loaderData"];

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, courses, unmatched, filters, error, csvHref } = loaderData;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <AdminPageHeader
        title="Orders"
        description={`${orders.length} ${orders.length === 1 ? "order" : "orders"}${filtered ? " matching the filters" : ""}, newest first.`}
        back={{ to: "/admin", label: "Dashboard" }}
      />
      <AdminFilterForm
        path="/admin/orders"
        idPrefix="orders"
        layout="grid"
        submitLabel="Filter"
        fields={[
          {
            kind: "select",
            name: "course",
            label: "Course",
            value: filters.course,
            anyLabel: "All courses",
            options: courses.map((course) => ({ value: course.id, label: course.title })),
          },
          {
            kind: "select",
            name: "status",
            label: "Status",
            value: filters.status,
            anyLabel: "Any status",
            options: ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] ?? status })),
          },
          { kind: "date", name: "from", label: "From", value: filters.from },
          { kind: "date", name: "to", label: "To", value: filters.to },
        ]}
      />
      {csvHref ? (
        <p className="mb-6">
          <a href={csvHref} download className={buttonClass("outline")} data-testid="orders-csv">
            Download CSV{filtered ? " (these filters)" : ""}
          </a>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mb-6 rounded-xl border border-destructive p-4 text-destructive">
          {error}
        </p>
      ) : null}
      {orders.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {filtered ? "No orders match these filters." : "No orders yet."}
        </p>
      ) : (
        <OrdersTable orders={orders} />
      )}
      {unmatched.length > 0 ? <RefundedAtOnce payments={unmatched} /> : null}
    </>
  );
}

/** The orders, newest first: reference (a link), buyer, course, amount, date, status (and refund) and progress. */
function OrdersTable({ orders }: { orders: OrdersData["orders"] }) {
  return (
    <AdminTable caption="Orders" headings={["Order", "Buyer", "Course", "Amount", "Date", "Status", "Progress"]}>
      {orders.map((row) => (
        <tr key={row.id} data-testid="order-row">
          <td className="whitespace-nowrap px-4 py-3">
            <Link to={`/admin/orders/${row.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
              {row.reference}
            </Link>
          </td>
          <td className="break-all px-4 py-3">
            {row.email || <span className="text-muted-foreground">(not recorded)</span>}
            {row.name ? <span className="block text-xs text-muted-foreground">{row.name}</span> : null}
          </td>
          <td className="px-4 py-3">
            {row.bundle ? (
              <span data-testid="order-bundle">
                Bundle: {row.bundle}
                <span className="block text-xs text-muted-foreground">first course {row.course}</span>
              </span>
            ) : (
              row.course
            )}
          </td>
          <AmountAndDateCells row={row} />
          <td className="px-4 py-3">
            <span data-testid="order-row-status">{orderStatusLabel(row)}</span>
            {row.refundedCents > 0 && row.refundedCents < row.amountCents ? (
              <span className="block text-xs text-muted-foreground">
                {formatMoney(row.refundedCents, row.currency, { code: true })} refunded
              </span>
            ) : null}
            {row.status === "refunded" && row.keepAccess ? <span className="block text-xs text-muted-foreground">access kept</span> : null}
            {row.refundReason ? (
              <span className="block text-xs text-muted-foreground" data-testid="refund-reason">
                {REFUND_REASON_LABELS[row.refundReason] ?? row.refundReason}
              </span>
            ) : null}
          </td>
          <td className="whitespace-nowrap px-4 py-3 tabular-nums">
            {row.completedLessons}/{row.totalLessons} · {row.percent}%
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** An order's or a payment's amount and date, two cells of a row. */
function AmountAndDateCells({
  row,
}: {
  row: { amountCents: number; currency: string; createdAt: string; couponCode?: string | null; isGift?: number | boolean };
}) {
  return (
    <>
      <td className="whitespace-nowrap px-4 py-3 tabular-nums">
        {formatMoney(row.amountCents, row.currency, { code: true })}
        {row.couponCode ? (
          <span className="block text-xs text-muted-foreground" data-testid="order-coupon">
            coupon {row.couponCode}
          </span>
        ) : null}
        {row.isGift ? (
          <span className="block text-xs text-muted-foreground" data-testid="order-gift">
            gift
          </span>
        ) : null}
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
        <OwnerTime iso={row.createdAt} />
      </td>
    </>
  );
}

/** Payments for a course that no longer exists, refunded at once (no order could be made). */
function RefundedAtOnce({ payments: unmatched }: { payments: OrdersData["unmatched"] }) {
  return (
    <section className="mt-10" aria-labelledby="unmatched-heading">
      <h2 id="unmatched-heading" className="mb-2 font-serif text-xl font-semibold">
        Payments refunded at once
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        Card payments for a course that no longer exists: no order could be made, so each was refunded in full and the buyer and the site's
        contact address were e-mailed. "Refund due" means Stripe has not made the refund yet; it is retried with each delivery of the
        payment's webhook.
      </p>
      <AdminTable caption="Payments refunded at once" headings={["Payment", "Buyer", "Course id", "Amount", "Date", "Status"]}>
        {unmatched.map((row) => (
          <tr key={row.paymentIntentId} data-testid="unmatched-row">
            <td className="break-all px-4 py-3">
              <code>{row.paymentIntentId}</code>
            </td>
            <td className="break-all px-4 py-3">{row.email || <span className="text-muted-foreground">(not recorded)</span>}</td>
            <td className="px-4 py-3">{row.courseId ?? "?"}</td>
            <AmountAndDateCells row={row} />
            <td className="px-4 py-3">
              {ORDER_STATUS_LABELS[row.status] ?? row.status}
              <span className="block text-xs text-muted-foreground">{REFUND_REASON_LABELS[row.reason] ?? row.reason}</span>
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
