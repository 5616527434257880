/**
 * Server throughput over loopback with autocannon: every target gets the same duration and number of
 * connections, and is reported as a ratio to a static asset served by the same workerd (the local
 * ceiling: it never reaches the app's Worker). The static asset is measured first and last, and the
 * ratio uses the mean of the two, so a machine busy with other work skews the figures less.
 */
import autocannon from "autocannon";

export const THROUGHPUT_SETTINGS = { connections: 10, durationSeconds: 10 };

export type Target = { name: string; path: string };

export type ThroughputResult = {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests that did not answer 2xx, or failed. Non-zero means the figures are not comparable. */
  failedRequests: number;
  /** requestsPerSecond / the static asset's (the mean of its two runs). */
  ratioToStatic: number;
  /** The Worker's page cache header on a probe after warm-up (HIT, MISS, BYPASS), if any. */
  cache: string | null;
};

async function probe(url: string) {
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.headers.get("x-worker-cache");
}

/** Runs the static asset, the other targets one after another, and the static asset again. */
export async function measureThroughput(baseUrl: string, staticTarget: Target, targets: Target[]): Promise<ThroughputResult[]> {
  const runs: Omit<ThroughputResult, "ratioToStatic">[] = [];
  const plan = [
    { ...staticTarget, name: `${staticTarget.name} (first run)` },
    ...targets,
    { ...staticTarget, name: `${staticTarget.name} (last run)` },
  ];
  for (const target of plan) {
    const url = baseUrl + target.path;
    // Warm-up: compiles code paths and, with the cache on, stores the page.
    for (let i = 0; i < 5; i++) await probe(url);
    const cache = await probe(url);
    const result = await autocannon({
      url,
      connections: THROUGHPUT_SETTINGS.connections,
      duration: THROUGHPUT_SETTINGS.durationSeconds,
    });
    runs.push({
      name: target.name,
      path: target.path,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      failedRequests: result.non2xx + result.errors + result.timeouts,
      cache,
    });
  }
  // The plan starts and ends with the static asset, so there are always a first and a last run.
  const first = runs[0];
  const last = runs.at(-1);
  if (!first || !last) throw new Error("No throughput run was measured");
  const ceiling = (first.requestsPerSecond + last.requestsPerSecond) / 2;
  return runs.map((run) => ({ ...run, ratioToStatic: ceiling > 0 ? run.requestsPerSecond / ceiling : 0 }));
}
