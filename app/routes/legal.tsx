import { redirect } from "react-router";
import type { Route } from "./+types/legal";
import { MarkdownBody } from "~/components/content/markdown-body";
import { formatLongDate } from "~/lib/format";
import { isLegalPageKey } from "~/lib/pages";
import { pageSeo } from "~/lib/seo";
import { pageTitle, siteNameFromMatches, useSiteSettings } from "~/lib/site";
import { getDb } from "~/server/core/db.server";
import { legalPage } from "~/server/site/pages.server";
import { siteSettings } from "~/server/site/site.server";

/**
 * The four legal documents (Admin → Pages, the owner's): Markdown whose placeholders ({site_name}, {order_retention_years}…)
 * are filled in from Settings and the code; "Last updated" is the day of the last save.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const type = params.type;
  // Spec: an unknown legal type goes to the home page.
  if (!isLegalPageKey(type)) throw redirect("/");
  const db = getDb();
  const page = await legalPage(db, type, await siteSettings(db));
  return { type, title: page.title, body: page.body, lastUpdated: formatLongDate(page.updatedAt) };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs): Route.MetaDescriptors {
  const site = siteNameFromMatches(matches);
  const title = loaderData?.title ?? "Legal";
  return pageSeo({
    matches,
    location,
    title: pageTitle(title, site),
    description: loaderData ? `${title} of ${site}, last updated ${loaderData.lastUpdated}.` : `${title} of ${site}.`,
  });
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const site = useSiteSettings();
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="font-serif text-4xl font-semibold">{loaderData.title}</h1>
      <p className="mt-2 text-sm text-muted-foreground" data-testid="last-updated">
        Last updated: {loaderData.lastUpdated}
      </p>
      <MarkdownBody blocks={loaderData.body} className="legal-body mt-10" />
      <section className="mt-10">
        <h2 className="font-serif text-2xl font-semibold">Contact</h2>
        <p className="mt-3 leading-7 text-muted-foreground">
          Questions about this document? Write to{" "}
          <a href={`mailto:${site.email}`} className="text-foreground underline underline-offset-4">
            {site.email}
          </a>
          .
        </p>
      </section>
    </article>
  );
}
