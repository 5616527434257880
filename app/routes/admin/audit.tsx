import { Link } from "react-router";
import type { Route } from "./+types/audit";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTable } from "~/components/admin/admin-table";
import { buttonClass } from "~/components/ui/button";
import { listAuditLog } from "~/server/admin/audit.server";
import { getDb } from "~/server/core/db.server";
import { OwnerTime } from "~/components/admin/local-time";

/** The audit log, newest first, 50 a page (?page=N). The owner's page (its policy in app/site-routes.ts). */
export async function loader({ request }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return listAuditLog(getDb(), page);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Audit log", matches);

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, page, pages } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Audit log"
        description="Every change made in the admin: who, what and when (in your time zone, set in Settings)."
      />
      {entries.length ? (
        <AdminTable caption="Audit log, newest first" headings={["When", "Who", "What", "To what", "Where"]}>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="whitespace-nowrap px-4 py-3">
                <OwnerTime iso={entry.createdAt} seconds />
              </td>
              <td className="px-4 py-3">{entry.actor}</td>
              <td className="px-4 py-3">{entry.action}</td>
              <td className="break-all px-4 py-3">{entry.object}</td>
              <td className="break-all px-4 py-3 font-mono text-xs">{entry.target}</td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="text-muted-foreground">Nothing has been changed yet.</p>
      )}
      {pages > 1 ? (
        <nav aria-label="Audit log pages" className="mt-6 flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className={buttonClass("outline")} rel="prev">
              Newer
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-muted-foreground">
            Page {page} of {pages}
          </p>
          {page < pages ? (
            <Link to={`?page=${page + 1}`} className={buttonClass("outline")} rel="next">
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
