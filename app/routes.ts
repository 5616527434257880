import { type RouteConfig, type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";
import type { SiteRoute } from "./lib/route-policy";
import { SITE_ROUTES } from "./site-routes";

/**
 * React Router's route config: the routes of app/site-routes.ts (every URL, its module and its policy), registered as
 * they are listed there, with the same nesting and ids. The policies stay behind: React Router needs only the modules.
 */
function toRouteConfig(entries: readonly SiteRoute[]): RouteConfigEntry[] {
  return entries.flatMap((entry): RouteConfigEntry[] => {
    if (entry.kind === "layout") return [layout(entry.file, toRouteConfig(entry.children))];
    if (entry.kind === "prefix") return prefix(entry.path, toRouteConfig(entry.children));
    const options = entry.id ? { id: entry.id } : {};
    return [entry.index ? index(entry.file, options) : route(entry.path ?? "", entry.file, options)];
  });
}

export default toRouteConfig(SITE_ROUTES) satisfies RouteConfig;
