import { data, Link } from "react-router";
import type { Route } from "./+types/issue";
import { MarkdownBody } from "~/components/content/markdown-body";
import { ContentNotFound } from "~/components/layout/not-found-content";
import { formatLongDate } from "~/lib/format";
import { pageSeo } from "~/lib/seo";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";
import { getSentIssue } from "~/server/newsletter/issues.server";

/** One sent issue as a web page, with the article page's safe Markdown tree. A draft is a 404. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const issue = id === null ? null : await getSentIssue(getDb(), id);
  if (!issue) return data({ issue: null }, { status: 404 });
  return { issue };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs): Route.MetaDescriptors {
  const site = siteNameFromMatches(matches);
  const issue = loaderData?.issue;
  if (!issue) return [{ title: pageTitle("Issue Not Found", site) }];
  return pageSeo({ matches, location, title: pageTitle(issue.subject, site), description: `Newsletter, ${formatLongDate(issue.sentAt)}.` });
}

export default function NewsletterIssue({ loaderData }: Route.ComponentProps) {
  const { issue } = loaderData;
  if (!issue) {
    return (
      <ContentNotFound
        title="Issue Not Found"
        message="There is no newsletter issue with this number."
        backTo="/newsletter"
        backLabel="Back to the archive"
      />
    );
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <p className="text-sm text-muted-foreground">
        <Link to="/newsletter" className="hover:underline">
          Newsletter
        </Link>{" "}
        · <time dateTime={issue.sentAt}>{formatLongDate(issue.sentAt)}</time>
      </p>
      <h1 className="mt-2 font-serif text-4xl font-semibold leading-tight">{issue.subject}</h1>
      <div className="mt-8">
        <MarkdownBody blocks={issue.blocks} />
      </div>
    </article>
  );
}
