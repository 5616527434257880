import { Link } from "react-router";
import type { Route } from "./+types/archive";
import { formatLongDate } from "~/lib/format";
import { fixedPageMeta } from "~/lib/seo";
import { getDb } from "~/server/core/db.server";
import { listSentIssues } from "~/server/newsletter/issues.server";

/** The public archive: every issue that was sent, newest first (drafts are not listed). */
export async function loader() {
  return { issues: await listSentIssues(getDb()) };
}

export const meta = fixedPageMeta("Newsletter archive", "Every issue of the newsletter, as sent to subscribers.");

export default function NewsletterArchive({ loaderData }: Route.ComponentProps) {
  const { issues } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="font-serif text-4xl font-semibold">Newsletter archive</h1>
      <p className="mt-4 text-muted-foreground">
        Every issue we have sent, as subscribers received it. No open or click tracking, ever. Sign up on the{" "}
        <Link to="/#newsletter" className="text-primary underline-offset-4 hover:underline">
          home page
        </Link>
        .
      </p>
      {issues.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">No issues yet.</p>
      ) : (
        <ul className="mt-10 divide-y divide-border" data-testid="newsletter-archive">
          {issues.map((issue) => (
            <li key={issue.id} className="py-4">
              <Link to={`/newsletter/${issue.id}`} className="font-serif text-xl font-semibold hover:underline">
                {issue.subject}
              </Link>
              <p className="text-sm text-muted-foreground">
                <time dateTime={issue.sentAt ?? undefined}>{formatLongDate(issue.sentAt ?? "")}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
