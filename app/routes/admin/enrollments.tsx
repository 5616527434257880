import { useEffect } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/enrollments";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { toast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { formatLongDate, formatUsd, orderReference } from "~/lib/format";
import { adminFormRefusal } from "~/server/admin-guard.server";
import { listEnrollments, resendAccessLink } from "~/server/admin-enrollments.server";
import { parseId } from "~/server/content.server";
import { getDb } from "~/server/db.server";
import { HttpError, readFormBody } from "~/server/http.server";
import { progressPercent } from "~/server/learning.server";
import { siteUrl } from "~/server/seo.server";

export async function loader() {
  const db = getDb();
  const rows = await listEnrollments(db);
  return {
    enrollments: rows.map((row) => ({
      ...row,
      reference: orderReference(row.id),
      percent: progressPercent(row.completedLessons, row.totalLessons),
    })),
  };
}

type ActionResult = { ok: true; message: string } | { ok: false; message: string };

/** POST enrollmentId: e-mails the buyer a fresh access link (admin only: 401 without a session, 403 cross-site). */
export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  const refusal = adminFormRefusal(request, context);
  if (refusal) return refusal;
  try {
    const form = await readFormBody(request);
    const id = parseId(String(form.get("enrollmentId") ?? ""));
    if (id === null) throw new HttpError(400, 'The field "enrollmentId" must be an enrolment id.');
    const { email } = await resendAccessLink(db, id, siteUrl(request));
    return { ok: true, message: `A new access link is on its way to ${email}.` } satisfies ActionResult;
  } catch (error) {
    if (error instanceof HttpError) return data<ActionResult>({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Enrolments", matches);

export default function Enrollments({ loaderData }: Route.ComponentProps) {
  const { enrollments } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Enrolments"
        description={`${enrollments.length} ${enrollments.length === 1 ? "enrolment" : "enrolments"}, newest first.`}
        back={{ to: "/admin", label: "Dashboard" }}
      />
      {enrollments.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">No enrolments yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-border bg-card">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Enrolments</caption>
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                {["Email", "Name", "Course", "Amount", "Date", "Status", "Progress", "Access"].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-3 font-medium">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {enrollments.map((row) => (
                <tr key={row.id} data-testid="enrollment-row">
                  <td className="break-all px-4 py-3">
                    {row.email || <span className="text-muted-foreground">(not recorded)</span>}
                    <span className="block text-xs text-muted-foreground">{row.reference}</span>
                  </td>
                  <td className="px-4 py-3">{row.name || <span className="text-muted-foreground">—</span>}</td>
                  <td className="px-4 py-3">{row.course}</td>
                  <td className="whitespace-nowrap px-4 py-3 tabular-nums">
                    {formatUsd(row.amountCents / 100)} {row.currency.toUpperCase()}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                    <time dateTime={row.createdAt}>{formatLongDate(row.createdAt)}</time>
                  </td>
                  <td className="px-4 py-3">{row.status === "paid" ? "Paid" : "Refunded"}</td>
                  <td className="whitespace-nowrap px-4 py-3 tabular-nums">
                    {row.completedLessons}/{row.totalLessons} · {row.percent}%
                  </td>
                  <td className="px-4 py-3">
                    {row.email && row.status === "paid" ? <ResendButton enrollmentId={row.id} email={row.email} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function ResendButton({ enrollmentId, email }: { enrollmentId: number; email: string }) {
  const fetcher = useFetcher<ActionResult>();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success("Access link sent", { description: fetcher.data.message });
    else toast.error("Could not send the link", { description: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="enrollmentId" value={enrollmentId} />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"} aria-label={`Resend access link to ${email}`}>
        Resend access link
      </Button>
    </fetcher.Form>
  );
}
