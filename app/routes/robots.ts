import type { Route } from "./+types/robots";
import { crawlerFileHeaders, robotsTxt, siteUrl } from "~/server/site/seo.server";

/** GET /robots.txt: keeps crawlers out of the routes whose policy says so (app/site-routes.ts), and points at the sitemap. */
export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(siteUrl(request)), { headers: crawlerFileHeaders("text/plain; charset=utf-8") });
}
