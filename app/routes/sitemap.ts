import type { Route } from "./+types/sitemap";
import { getDb } from "~/server/core/db.server";
import { crawlerFileHeaders, sitemapEntries, sitemapXml, siteUrl } from "~/server/site/seo.server";

/** GET /sitemap.xml: every public page and every article, practice, resource and course in D1. */
export async function loader({ request }: Route.LoaderArgs) {
  const xml = sitemapXml(await sitemapEntries(getDb()), siteUrl(request));
  return new Response(xml, { headers: crawlerFileHeaders("application/xml; charset=utf-8") });
}
