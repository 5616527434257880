import { Link } from "react-router";
import type { Route } from "./+types/newsletter-issues";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { buttonClass } from "~/components/ui/button";
import { formatLongDate } from "~/lib/format";
import { getDb } from "~/server/core/db.server";
import { sendingState } from "~/lib/newsletter-sending";
import { toast } from "~/components/layout/toaster";
import { LocalTime } from "~/components/admin/local-time";
import { useFlashToast } from "~/components/admin/use-flash-toast";
import { scheduledIssueTimes } from "~/server/newsletter/drafts.server";
import { type IssueListItem, listIssues } from "~/server/newsletter/issues.server";
import { AdminTable } from "~/components/admin/admin-table";
import { useOwnerZone } from "~/components/admin/local-time";
import { formatOwnerTime } from "~/lib/time-zone";

export async function loader() {
  const db = getDb();
  const [issues, scheduled] = await Promise.all([listIssues(db), scheduledIssueTimes(db)]);
  return { issues, scheduled };
}

/** "Draft", "Sending (since …)", "Paused until … (daily quota)" or "Sent …". */
function statusText(issue: IssueListItem, zone: string) {
  const state = sendingState(issue);
  if (state === "draft") return "Draft";
  if (state === "paused") return `Paused until ${formatOwnerTime(issue.pausedUntil ?? "", zone)} (daily quota)`;
  if (state === "sending") return `Sending since ${formatLongDate(issue.sentAt ?? "")}`;
  return `Sent ${formatLongDate(issue.sentAt ?? "")}`;
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Newsletter", matches);

export default function NewsletterIssues({ loaderData }: Route.ComponentProps) {
  const { issues, scheduled } = loaderData;
  const zone = useOwnerZone();
  useFlashToast("deleted", () => toast.success("Draft deleted"));
  return (
    <>
      <AdminPageHeader
        title="Newsletter"
        description="Issues to confirmed subscribers: drafts first, then what was sent, with its counts. No open or click tracking."
        back={{ to: "/admin", label: "Dashboard" }}
        actions={
          <Link to="/admin/newsletter/new" className={buttonClass("primary")}>
            New issue
          </Link>
        }
      />
      {issues.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">No issues yet.</p>
      ) : (
        <AdminTable
          caption="Newsletter issues"
          headings={["Subject", "Status", "Recipients", "Sent", "Waiting", "Failed", "Unsubscribed since"]}
        >
          {issues.map((issue) => (
            <tr key={issue.id} data-testid="newsletter-issue-row">
              <td className="px-4 py-3">
                <Link to={`/admin/newsletter/${issue.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {issue.subject}
                </Link>
              </td>
              <td className="px-4 py-3">
                {!issue.sentAt && scheduled[issue.id] ? (
                  <>
                    Scheduled for <LocalTime iso={scheduled[issue.id] as string} />
                  </>
                ) : (
                  statusText(issue, zone)
                )}
              </td>
              <td className="px-4 py-3">{issue.sentAt ? (issue.recipientCount ?? issue.recipients) : "–"}</td>
              <td className="px-4 py-3">{issue.sentAt ? issue.sent : "–"}</td>
              <td className="px-4 py-3">{issue.sentAt ? issue.waiting : "–"}</td>
              <td className="px-4 py-3">{issue.sentAt ? issue.failed : "–"}</td>
              <td className="px-4 py-3">{issue.sentAt ? issue.unsubscribedSince : "–"}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
