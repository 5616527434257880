import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import type { Route } from "./+types/subscribers";
import { AdminFilterForm } from "~/components/admin/admin-filter-form";
import { AdminPageHeader, FormResultNotice } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPager, AdminTable } from "~/components/admin/admin-table";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SUBSCRIBER_STATUSES, subscriberEraseSchema, subscriberFiltersSchema } from "~/lib/admin-schemas";
import { EMAIL_MAX } from "~/lib/validation";
import type { FormSuccess } from "~/lib/form-result";
import { noteAuditObject } from "~/server/admin/audit.server";
import { adminFrom } from "~/server/admin/guard.server";
import { roleMayUse, roleMayWrite } from "~/lib/admin-permissions";
import { getSubscriber, listSubscriberPage } from "~/server/admin/inbox.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { firstIssueMessage } from "~/server/core/http.server";
import { type Erasure, eraseSubscriber } from "~/server/newsletter/subscriptions.server";
import { OwnerTime } from "~/components/admin/local-time";

/** Search, status, page and the subscriber to confirm deleting all come from the URL (a plain GET form and links). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  // Editors read the list (they send the newsletter); exporting and erasing are the owner's (app/site-routes.ts).
  const { role } = adminFrom(context);
  const rights = { mayExport: roleMayUse(role, "/admin/subscribers.csv"), mayErase: roleMayWrite(role, "/admin/subscribers") };
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = subscriberFiltersSchema.safeParse(query);
  if (!parsed.success) {
    const empty = { subscribers: [], total: 0, page: 1, pages: 1, counts: { pending: 0, confirmed: 0, unsubscribed: 0 } };
    return data(
      { ...empty, ...rights, q: query.q ?? "", status: "", erasing: null, error: firstIssueMessage(parsed.error) },
      { status: 400 },
    );
  }
  const filters = parsed.data;
  const [list, erasing] = await Promise.all([
    listSubscriberPage(db, filters),
    filters.erase && rights.mayErase ? getSubscriber(db, filters.erase) : Promise.resolve(undefined),
  ]);
  return { ...list, ...rights, q: filters.q ?? "", status: filters.status ?? "", erasing: erasing ?? null, error: null };
}

function erasureMessage({ email, deliveries, mails, rateLimits }: Erasure) {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    `Deleted ${email}: the subscription (with its links), ${plural(deliveries, "delivery record", "delivery records")}, ` +
    `${plural(mails, "newsletter e-mail", "newsletter e-mails")} in the mail log and ${plural(rateLimits, "rate-limit counter", "rate-limit counters")}. ` +
    "Orders, receipts and contact messages are not newsletter data and were not touched."
  );
}

/** POST intent=erase, id, email: "Delete on request" (admin only: 403 cross-site, 401 signed out; 400, 404, 409; never a 500). */
export async function action({ request, context }: Route.ActionArgs) {
  return formAction({ request, context }, subscriberEraseSchema, async (input) => {
    const erased = await eraseSubscriber(getDb(), input.id, input.email);
    // By its id only: the log outlives the erasure, so it must not keep the address.
    noteAuditObject(context, { object: `subscriber #${input.id}` });
    return { ok: true, message: erasureMessage(erased) } satisfies FormSuccess;
  });
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Newsletter Subscribers", matches);

const STATUS_LABELS: Record<string, string> = { pending: "Pending", confirmed: "Confirmed", unsubscribed: "Unsubscribed" };

function DateCell({ at }: { at: string | null }) {
  return <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{at ? <OwnerTime iso={at} /> : "—"}</td>;
}

type SubscribersData = Route.ComponentProps["loaderData"];

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { subscribers, total, page, pages, counts, q, status, erasing, error, mayExport, mayErase } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  useActionToast(result, (done) => ({ title: "Subscriber deleted", description: done.message }));

  const listUrl = (extra: Record<string, string> = {}) => {
    const params = new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}), ...extra });
    return `/admin/subscribers${params.size > 0 ? `?${params}` : ""}`;
  };
  const filtered = Boolean(q || status);
  return (
    <>
      <AdminPageHeader
        title="Newsletter Subscribers"
        description={`${counts.confirmed} confirmed, ${counts.pending} waiting for confirmation, ${counts.unsubscribed} unsubscribed (kept 30 days for undo). Only confirmed addresses receive issues and are exported.`}
        back={{ to: "/admin", label: "Dashboard" }}
        actions={
          mayExport ? (
            <a href="/admin/subscribers.csv" download className={buttonClass("primary")}>
              Export CSV
            </a>
          ) : null
        }
      />
      <FormResultNotice result={result} testId="subscribers-result" />
      {erasing && !result?.ok ? <EraseConfirmation erasing={erasing} listUrl={listUrl()} busy={busy} /> : null}
      <AdminFilterForm
        path="/admin/subscribers"
        idPrefix="subscribers"
        layout="row"
        submitLabel="Search"
        fields={[
          { kind: "search", name: "q", label: "Search by email", value: q, maxLength: EMAIL_MAX },
          {
            kind: "select",
            name: "status",
            label: "Status",
            value: status,
            anyLabel: "All",
            options: SUBSCRIBER_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] ?? value })),
            className: "sm:w-48",
          },
        ]}
      />
      {error ? (
        <p role="alert" className="mb-4 rounded-xl border border-destructive p-4 text-destructive">
          {error}
        </p>
      ) : null}
      <p className="mb-4 text-sm text-muted-foreground" data-testid="subscriber-count">
        {total} {total === 1 ? "address" : "addresses"}
        {filtered ? " matching" : ""}, newest signup first.
      </p>
      {subscribers.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {filtered ? "No subscriber matches this search." : page > 1 ? "No subscribers on this page." : "No subscribers yet."}
        </p>
      ) : (
        <SubscribersTable
          subscribers={subscribers}
          eraseLink={mayErase ? (id) => listUrl({ ...(page > 1 ? { page: String(page) } : {}), erase: String(id) }) : null}
        />
      )}
      <AdminPager label="Subscriber pages" page={page} pages={pages} pageLink={(to) => listUrl({ page: String(to) })} />
    </>
  );
}

/** The confirmation of a deletion on request: what goes, and the button (Cancel goes back to the list). */
function EraseConfirmation({
  erasing,
  listUrl,
  busy,
}: {
  erasing: NonNullable<SubscribersData["erasing"]>;
  listUrl: string;
  busy: boolean;
}) {
  return (
    <Card className="mb-6 border-destructive p-6" data-testid="erase-confirmation">
      <h2 className="mb-2 font-serif text-xl font-semibold">Delete {erasing.email}?</h2>
      <p className="mb-4 text-sm">
        For a request to be forgotten. This deletes the subscription ({STATUS_LABELS[erasing.status] ?? erasing.status}) with its links, its
        delivery records, the newsletter e-mails to it in the mail log and the rate-limit counters kept for it. It cannot be undone; if they
        sign up again they start over.
      </p>
      <Form method="post" action={listUrl} className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="erase" />
        <input type="hidden" name="id" value={erasing.id} />
        <input type="hidden" name="email" value={erasing.email} />
        <Button type="submit" variant="destructive" disabled={busy}>
          Delete everything about {erasing.email}
        </Button>
        <Link to={listUrl} className={buttonClass("outline")}>
          Cancel
        </Link>
      </Form>
    </Card>
  );
}

/** The subscribers of this page: address, status, when they signed up, confirmed and unsubscribed, and "Delete on request". */
function SubscribersTable({
  subscribers,
  eraseLink,
}: {
  subscribers: SubscribersData["subscribers"];
  /** Null for an account that may not erase (an editor): no "Delete on request" column. */
  eraseLink: ((id: number) => string) | null;
}) {
  const headings = ["Email", "Status", "Signed up", "Confirmed", "Unsubscribed", ...(eraseLink ? ["Actions"] : [])];
  return (
    <AdminTable caption="Newsletter subscribers" headings={headings}>
      {subscribers.map((subscriber) => (
        <tr key={subscriber.id} data-testid="subscriber-row">
          <td className="break-all px-4 py-3">{subscriber.email}</td>
          <td className="whitespace-nowrap px-4 py-3">{STATUS_LABELS[subscriber.status] ?? subscriber.status}</td>
          <DateCell at={subscriber.createdAt} />
          <DateCell at={subscriber.confirmedAt} />
          <DateCell at={subscriber.unsubscribedAt} />
          {eraseLink && (
            <td className="whitespace-nowrap px-4 py-3">
              <Link to={eraseLink(subscriber.id)} className={buttonClass("outline")} aria-label={`Delete on request: ${subscriber.email}`}>
                Delete on request
              </Link>
            </td>
          )}
        </tr>
      ))}
    </AdminTable>
  );
}
