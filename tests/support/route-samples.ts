/** A URL for every route of app/site-routes.ts (its pattern with ids that exist in the seed), for tests that visit them all. */
import type { PolicyRoute } from "../../app/lib/route-policy";
import { POLICY_ROUTES } from "../../app/site-routes";

/** The route's pattern with its parameters filled in ("/articles/:id" → "/articles/1"). */
export function sampleUrl(route: PolicyRoute) {
  return route.pattern
    .replace(/:type\b/, "privacy")
    .replace(/:[\w-]+\??/g, "1")
    .replace(/\*$/, "anything");
}

/** Every route of the table, with a URL it serves. */
export const ROUTE_SAMPLES = POLICY_ROUTES.map((route) => ({ ...route, url: sampleUrl(route) }));
