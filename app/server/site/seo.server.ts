/**
 * The files crawlers read: /sitemap.xml (every public page and every article, practice, resource and
 * course in D1), /robots.txt, and the RSS feed of the articles (/articles/rss.xml).
 */
import { asc, desc, eq, isNotNull } from "drizzle-orm";
import { articles, authors, bundles, courses, newsletterIssues, practices, resources } from "../../../db/schema";
import { disallowedPaths } from "~/lib/route-policy";
import { absoluteUrl, authorPath } from "~/lib/seo";
import { POLICY_ROUTES } from "~/site-routes";
import type { Database } from "../core/db.server";
import { isPublished } from "../content/published.server";
import { getSiteSettings } from "./site.server";

/** The site's absolute base URL: the configured SITE_URL, or the request's origin when it is empty. */
export function siteUrl(request: Request) {
  return getSiteSettings().url.replace(/\/+$/, "") || new URL(request.url).origin;
}

// Characters XML 1.0 does not allow at all (C0 controls other than tab, LF, CR; U+FFFE/U+FFFF).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters XML forbids is this pattern's purpose
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text safe inside an XML element or attribute. */
export function escapeXml(text: string) {
  return text.replace(XML_FORBIDDEN, "").replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

/** Public pages that are not stored in D1 (every public route in app/routes.ts, minus payment and admin screens). */
export const STATIC_PUBLIC_PATHS = [
  "/",
  "/articles",
  "/practices",
  "/resources",
  "/recommended-reading",
  "/courses",
  "/about",
  "/contact",
  "/newsletter",
  "/legal/privacy",
  "/legal/terms",
  "/legal/cookies",
  "/legal/disclaimer",
];

/** YYYY-MM-DD of the latest of the given ISO dates/timestamps (sitemap <lastmod>). */
function lastModified(...dates: (string | null | undefined)[]) {
  const days = dates.filter((d): d is string => !!d).map((d) => d.slice(0, 10));
  return days.sort().at(-1);
}

type SitemapEntry = { path: string; lastmod?: string };

export async function sitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const [articleRows, practiceRows, resourceRows, courseRows, issueRows, authorRows, bundleRows] = await db.batch([
    db
      .select({ id: articles.id, publishedDate: articles.publishedDate, updatedAt: articles.updatedAt })
      .from(articles)
      .where(isPublished(articles))
      .orderBy(asc(articles.id)),
    db
      .select({ id: practices.id, createdAt: practices.createdAt, updatedAt: practices.updatedAt })
      .from(practices)
      .where(isPublished(practices))
      .orderBy(asc(practices.id)),
    db
      .select({ id: resources.id, createdAt: resources.createdAt, updatedAt: resources.updatedAt })
      .from(resources)
      .orderBy(asc(resources.id)),
    // Published articles, practices and courses only: a draft's or a scheduled item's page is a 404.
    db
      .select({ id: courses.id, createdAt: courses.createdAt, updatedAt: courses.updatedAt })
      .from(courses)
      .where(isPublished(courses))
      .orderBy(asc(courses.id)),
    db
      .select({ id: newsletterIssues.id, sentAt: newsletterIssues.sentAt })
      .from(newsletterIssues)
      .where(isNotNull(newsletterIssues.sentAt))
      .orderBy(asc(newsletterIssues.id)),
    db.select({ id: authors.id, createdAt: authors.createdAt, updatedAt: authors.updatedAt }).from(authors).orderBy(asc(authors.id)),
    // A bundle has a public page only while published (docs/payments.md, "Bundles").
    db
      .select({ id: bundles.id, createdAt: bundles.createdAt, updatedAt: bundles.updatedAt })
      .from(bundles)
      .where(eq(bundles.published, true))
      .orderBy(asc(bundles.id)),
  ]);
  return [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
    ...articleRows.map((a) => ({ path: `/articles/${a.id}`, lastmod: lastModified(a.publishedDate, a.updatedAt) })),
    ...practiceRows.map((p) => ({ path: `/practices/${p.id}`, lastmod: lastModified(p.createdAt, p.updatedAt) })),
    ...resourceRows.map((r) => ({ path: `/resources/${r.id}`, lastmod: lastModified(r.createdAt, r.updatedAt) })),
    ...courseRows.map((c) => ({ path: `/courses/${c.id}`, lastmod: lastModified(c.createdAt, c.updatedAt) })),
    ...issueRows.map((issue) => ({ path: `/newsletter/${issue.id}`, lastmod: lastModified(issue.sentAt) })),
    ...authorRows.map((author) => ({ path: authorPath(author.id), lastmod: lastModified(author.createdAt, author.updatedAt) })),
    ...bundleRows.map((bundle) => ({ path: `/bundles/${bundle.id}`, lastmod: lastModified(bundle.createdAt, bundle.updatedAt) })),
  ];
}

export function sitemapXml(entries: SitemapEntry[], baseUrl: string) {
  const urls = entries.map(({ path, lastmod }) => {
    const lastmodTag = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(absoluteUrl(baseUrl, path))}</loc>${lastmodTag}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join("\n")}
</urlset>
`;
}

/** robots.txt: the paths of the routes whose policy keeps crawlers out (app/site-routes.ts: the admin area, sign-in, the API). */
export function robotsTxt(baseUrl: string) {
  const disallowed = disallowedPaths(POLICY_ROUTES).map((path) => `Disallow: ${path}\n`);
  return `User-agent: *
${disallowed.join("")}
Sitemap: ${absoluteUrl(baseUrl, "/sitemap.xml")}
`;
}

/** How many articles the feed carries (newest first). */
export const RSS_ITEM_LIMIT = 50;

/** RFC 822 date, as RSS wants it, for a YYYY-MM-DD publication day. */
function rssDate(isoDay: string) {
  return new Date(`${isoDay.slice(0, 10)}T00:00:00Z`).toUTCString();
}

export async function articlesRssXml(db: Database, site: { name: string; url: string }) {
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      excerpt: articles.excerpt,
      category: articles.category,
      author: articles.author,
      publishedDate: articles.publishedDate,
    })
    .from(articles)
    .where(isPublished(articles))
    .orderBy(desc(articles.publishedDate), desc(articles.id))
    .limit(RSS_ITEM_LIMIT);

  const items = rows.map((article) => {
    const link = escapeXml(absoluteUrl(site.url, `/articles/${article.id}`));
    return `    <item>
      <title>${escapeXml(article.title)}</title>
      <link>${link}</link>
      <guid isPermaLink="true">${link}</guid>
      <pubDate>${rssDate(article.publishedDate)}</pubDate>
      <dc:creator>${escapeXml(article.author)}</dc:creator>
      <category>${escapeXml(article.category)}</category>
      <description>${escapeXml(article.excerpt)}</description>
    </item>`;
  });
  // The newest article's day, not "now": the feed only changes when the articles do.
  const lastBuild = rows[0] ? `\n    <lastBuildDate>${rssDate(rows[0].publishedDate)}</lastBuildDate>` : "";

  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(`${site.name}: Articles`)}</title>
    <link>${escapeXml(absoluteUrl(site.url, "/articles"))}</link>
    <atom:link href="${escapeXml(absoluteUrl(site.url, "/articles/rss.xml"))}" rel="self" type="application/rss+xml" />
    <description>${escapeXml(`Essays on philosophy, mindfulness and counselling from ${site.name}.`)}</description>
    <language>en</language>${lastBuild}
${items.join("\n")}
  </channel>
</rss>
`;
}

/** Headers for the crawler files: cacheable for an hour (content edits show up within that). */
export function crawlerFileHeaders(contentType: string) {
  return { "Content-Type": contentType, "Cache-Control": "public, max-age=3600" };
}
