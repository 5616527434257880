/**
 * The search step of `npm run bench`: the bench's own D1 (bench/tmp/state, never the developer's .wrangler/state)
 * gets ten times the seed's searchable content (scripts/bench/search-content.ts), its index is rebuilt as
 * `npm run search:rebuild` does it (scripts/lib/search-index.ts), and `/search?q=` is timed like the per-render
 * table: one connection, mean and median, through wrangler's proxy and straight to workerd, page cache off
 * (`/search` is a cached page: with the cache on, only the first request would search).
 */
import { measureRenderTime, type RenderResult } from "./render-time";
import { SEARCH_BENCH_QUERIES, tenfoldContentSql } from "./search-content";
import { d1Execute, d1ExecuteSql, rebuildSearchIndexVia } from "../lib/search-index";

/** The goal: under 30 ms of server time per search over ten times the seed. */
export const SEARCH_TARGET_MS = 30;

export type SearchTimeResult = RenderResult & { kind: string; query: string };

/** Adds the nine copies and rebuilds the index; returns the number of index entries. Run after the other steps. */
export function fillTenfold(persistDir: string): number {
  const where = ["--local", "--persist-to", persistDir];
  const output = d1Execute(where, "--json", "--command", "SELECT count(*) AS n FROM articles WHERE id >= 1000000");
  const [answer] = JSON.parse(output.slice(output.indexOf("["))) as { results: { n: number }[] }[];
  if (!answer) throw new Error(`wrangler d1 execute printed no result: ${output}`);
  if (answer.results[0]?.n) throw new Error(`${persistDir} already holds the copies; the bench prepares a fresh database first.`);
  d1ExecuteSql(where, tenfoldContentSql().join("\n"));
  return rebuildSearchIndexVia(where);
}

/**
 * The search page with no query: the same page and layout with no search run, measured in the same run as the
 * queries, so that a busy machine's cost of the page itself can be told from the search's.
 */
export const SEARCH_PAGE_REFERENCE = { kind: "reference: the page, no query", query: "" };

/** Times each query's results page through both base URLs, and the page without a query. */
export async function measureSearchTime(
  bases: Record<"proxy" | "workerd", string>,
  workerdCpuMs: () => number,
): Promise<SearchTimeResult[]> {
  const targets = [...SEARCH_BENCH_QUERIES, SEARCH_PAGE_REFERENCE].map(({ kind, query }) => ({
    name: kind,
    path: query ? `/search?q=${encodeURIComponent(query)}` : "/search",
  }));
  const results = await measureRenderTime(bases, targets, workerdCpuMs);
  return results.map((result) => {
    const { kind, query } =
      [...SEARCH_BENCH_QUERIES, SEARCH_PAGE_REFERENCE].find((entry) => entry.kind === result.name) ?? SEARCH_PAGE_REFERENCE;
    return { ...result, kind, query };
  });
}
