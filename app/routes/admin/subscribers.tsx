import type { Route } from "./+types/subscribers";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { buttonClass } from "~/components/ui/button";
import { formatLongDate } from "~/lib/format";
import { countPendingSubscribers, listSubscribers } from "~/server/admin-inbox.server";
import { getDb } from "~/server/db.server";
import { AdminTable } from "~/components/admin/admin-table";

export async function loader() {
  const db = getDb();
  const [subscribers, pending] = await Promise.all([listSubscribers(db), countPendingSubscribers(db)]);
  return { subscribers, pending };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Newsletter Subscribers", matches);

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { subscribers, pending } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Newsletter Subscribers"
        description={`${subscribers.length} confirmed ${subscribers.length === 1 ? "address" : "addresses"}, newest first; ${pending} waiting for confirmation (not listed, not exported).`}
        back={{ to: "/admin", label: "Dashboard" }}
        actions={
          <a href="/admin/subscribers.csv" download className={buttonClass("primary")}>
            Export CSV
          </a>
        }
      />
      {subscribers.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">No subscribers yet.</p>
      ) : (
        <AdminTable caption="Newsletter subscribers" headings={["Email", "Subscribed"]}>
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id}>
              <td className="break-all px-4 py-3">{subscriber.email}</td>
              <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                <time dateTime={subscriber.createdAt}>{formatLongDate(subscriber.createdAt)}</time>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
