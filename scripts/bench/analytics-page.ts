/**
 * The Analytics page step of `npm run bench` (issue #28): the bench's own D1 gets 90 days of daily aggregates for 200
 * items (100 articles, 50 practices with their plays, 50 courses with their enrol pages) and the site's dimensions
 * (referrers, sources, mediums, campaigns, countries, devices), then `/admin/analytics?range=90` is timed signed in,
 * like the per-render table: one connection, mean and median, through wrangler's proxy and straight to workerd, page
 * cache off. The goal is server time, straight to workerd.
 */
import { d1ExecuteSql } from "../lib/search-index";
import { measureRenderTime, type RenderResult } from "./render-time";
import { ANALYTICS_BENCH, analyticsAggregatesSql } from "./analytics-seed";

/** The budget: the page for 90 days with 200 items renders in at most 50 ms of server time. */
export const ANALYTICS_PAGE_TARGET_MS = 50;

/** Writes the aggregates (and the orders) into the bench's D1. */
export function fillAnalytics(persistDir: string) {
  d1ExecuteSql(["--local", "--persist-to", persistDir], analyticsAggregatesSql().join("\n"));
}

/** Times the page signed in as the owner (the whole report, purchases and their sources included). */
export async function measureAnalyticsPage(
  bases: Record<"proxy" | "workerd", string>,
  adminCookie: string,
  workerdCpuMs: () => number,
): Promise<RenderResult[]> {
  const name = `analytics page, ${ANALYTICS_BENCH.days} days × ${ANALYTICS_BENCH.items} items`;
  return measureRenderTime(bases, [{ name, path: ANALYTICS_BENCH.path, cookie: adminCookie }], workerdCpuMs);
}
