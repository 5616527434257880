import type { Route } from "./+types/articles.rss";
import { getDb } from "~/server/core/db.server";
import { articlesRssXml, crawlerFileHeaders, siteUrl } from "~/server/site/seo.server";
import { getSiteSettings } from "~/server/site/site.server";

/** GET /articles/rss.xml: the articles, newest first, as RSS 2.0 (linked from every page's head). */
export async function loader({ request }: Route.LoaderArgs) {
  const xml = await articlesRssXml(getDb(), { name: getSiteSettings().name, url: siteUrl(request) });
  return new Response(xml, { headers: crawlerFileHeaders("application/rss+xml; charset=utf-8") });
}
