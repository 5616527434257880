import { data, Link } from "react-router";
import type { Route } from "./+types/users";
import { AdminFilterForm } from "~/components/admin/admin-filter-form";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { buttonClass } from "~/components/ui/button";
import { FigureList } from "~/components/ui/figure-list";
import { Card } from "~/components/ui/card";
import { learnerFiltersSchema, ORDER_STATUS_LABELS } from "~/lib/admin-schemas";
import { formatLongDate } from "~/lib/format";
import { EMAIL_MAX } from "~/lib/validation";
import { listLearners, subscriberSummary } from "~/server/admin/users.server";
import { getDb } from "~/server/core/db.server";
import { firstIssueMessage } from "~/server/core/http.server";
import { progressPercent } from "~/server/learning/learning.server";
import { AdminPager, AdminTable } from "~/components/admin/admin-table";

/** The search and page come from the URL (a plain GET form): `?q=ada&page=2`. */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = learnerFiltersSchema.safeParse(query);
  const subscribers = await subscriberSummary(db);
  if (!parsed.success) {
    const empty = { learners: [], total: 0, page: 1, pages: 1 };
    return data({ ...empty, q: query.q ?? "", subscribers, error: firstIssueMessage(parsed.error) }, { status: 400 });
  }
  const list = await listLearners(db, parsed.data);
  return {
    ...list,
    learners: list.learners.map((learner) => ({
      ...learner,
      courses: learner.courses.map((course) => ({ ...course, percent: progressPercent(course.completedLessons, course.totalLessons) })),
    })),
    q: parsed.data.q ?? "",
    subscribers,
    error: null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Users", matches);

type UsersData = Route.ComponentProps["loaderData"];

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { learners, total, page, pages, q, subscribers, error } = loaderData;
  const pageLink = (to: number) => `/admin/users?${new URLSearchParams({ ...(q ? { q } : {}), page: String(to) })}`;
  return (
    <>
      <AdminPageHeader
        title="Users"
        description="Visitors have no accounts: learners are the addresses that bought a course; readers are newsletter subscribers."
        back={{ to: "/admin", label: "Dashboard" }}
      />
      <section aria-labelledby="learners-heading">
        <h2 id="learners-heading" className="mb-4 font-serif text-2xl font-semibold">
          Learners
        </h2>
        <AdminFilterForm
          path="/admin/users"
          idPrefix="users"
          layout="row"
          submitLabel="Search"
          fields={[{ kind: "search", name: "q", label: "Search by email", value: q, maxLength: EMAIL_MAX }]}
        />
        {error ? (
          <p role="alert" className="mb-4 rounded-xl border border-destructive p-4 text-destructive">
            {error}
          </p>
        ) : null}
        <p className="mb-4 text-sm text-muted-foreground" data-testid="learner-count">
          {total} {total === 1 ? "learner" : "learners"}
          {q ? ` matching “${q}”` : ""}, newest buyer first. Last visit: the latest lesson opened or sign-in.
        </p>
        {learners.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
            {q ? "No learner matches this search." : page > 1 ? "No learners on this page." : "No learners yet."}
          </p>
        ) : (
          <LearnersTable learners={learners} />
        )}
        <AdminPager label="Learner pages" page={page} pages={pages} pageLink={pageLink} />
      </section>

      <section aria-labelledby="readers-heading" className="mt-10">
        <SubscribersSummary subscribers={subscribers} />
      </section>
    </>
  );
}

/** The learners of this page: address (and erase on request), their courses with status and progress, first order, last visit. */
function LearnersTable({ learners }: { learners: UsersData["learners"] }) {
  return (
    <AdminTable caption="Learners" headings={["Email", "Courses, status and progress", "First order", "Last visit"]}>
      {learners.map((learner) => (
        <tr key={learner.email} data-testid="learner-row" className="align-top">
          <td className="break-all px-4 py-3">
            {learner.email}
            <Link
              to={`/admin/users/erase?${new URLSearchParams({ email: learner.email })}`}
              className="mt-1 block text-sm text-primary underline underline-offset-4"
              aria-label={`Erase on request: ${learner.email}`}
            >
              Erase on request
            </Link>
          </td>
          <td className="px-4 py-3">
            <ul className="space-y-1">
              {learner.courses.map((course) => (
                <li key={course.enrollmentId}>
                  <Link to={`/admin/orders/${course.enrollmentId}`} className="text-primary underline underline-offset-4">
                    {course.course}
                  </Link>{" "}
                  <span className="text-muted-foreground">
                    · {ORDER_STATUS_LABELS[course.status] ?? course.status}
                    {course.status === "refunded" && course.keepAccess ? " (access kept)" : ""} ·{" "}
                  </span>
                  <span className="tabular-nums">
                    {course.completedLessons}/{course.totalLessons} lessons · {course.percent}%
                  </span>
                </li>
              ))}
            </ul>
          </td>
          <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
            <time dateTime={learner.firstOrderAt}>{formatLongDate(learner.firstOrderAt)}</time>
          </td>
          <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
            {learner.lastVisitAt ? <time dateTime={learner.lastVisitAt}>{formatLongDate(learner.lastVisitAt)}</time> : "Never"}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** The newsletter's subscribers by status, with links to their list and the CSV export. */
function SubscribersSummary({ subscribers }: { subscribers: UsersData["subscribers"] }) {
  return (
    <Card className="p-6">
      <h2 id="readers-heading" className="font-serif text-2xl font-semibold">
        Newsletter subscribers
      </h2>
      <FigureList
        figures={
          [
            ["Confirmed", subscribers.confirmed],
            ["Waiting for confirmation", subscribers.pending],
            ["Unsubscribed (kept for undo)", subscribers.unsubscribed],
            ["Latest confirmation", subscribers.lastConfirmedAt ? formatLongDate(subscribers.lastConfirmedAt) : "None yet"],
          ] as const
        }
      />
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/admin/subscribers" className={buttonClass("outline")}>
          List subscribers
        </Link>
        <a href="/admin/subscribers.csv" download className={buttonClass("outline")}>
          Export CSV
        </a>
      </div>
    </Card>
  );
}
