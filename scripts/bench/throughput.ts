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
  /** CPU time of workerd's process (the Worker, and locally its D1 and queues too) per request, when measured. */
  cpuMsPerRequest?: number;
};

async function probe(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.headers.get("x-worker-cache");
}

/**
 * Runs the static asset, the other targets one after another, and the static asset again. `headers` go with every
 * request (autocannon sends none of its own: no User-Agent, no Accept, so the Worker counts none of its requests).
 */
export async function measureThroughput(
  baseUrl: string,
  staticTarget: Target,
  targets: Target[],
  headers: Record<string, string> = {},
  durationSeconds = THROUGHPUT_SETTINGS.durationSeconds,
  cpuMs?: () => number,
): Promise<ThroughputResult[]> {
  const runs: Omit<ThroughputResult, "ratioToStatic">[] = [];
  const plan = [
    { ...staticTarget, name: `${staticTarget.name} (first run)` },
    ...targets,
    { ...staticTarget, name: `${staticTarget.name} (last run)` },
  ];
  for (const target of plan) {
    const url = baseUrl + target.path;
    // Warm-up: compiles code paths and, with the cache on, stores the page.
    for (let i = 0; i < 5; i++) await probe(url, headers);
    const cache = await probe(url, headers);
    const cpuBefore = cpuMs?.();
    const result = await autocannon({ url, headers, connections: THROUGHPUT_SETTINGS.connections, duration: durationSeconds });
    const cpu = cpuMs && cpuBefore !== undefined ? (cpuMs() - cpuBefore) / Math.max(result.requests.total, 1) : undefined;
    runs.push({
      name: target.name,
      path: target.path,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      failedRequests: result.non2xx + result.errors + result.timeouts,
      cache,
      ...(cpu === undefined ? {} : { cpuMsPerRequest: cpu }),
    });
  }
  // The plan starts and ends with the static asset, so there are always a first and a last run.
  const first = runs[0];
  const last = runs.at(-1);
  if (!first || !last) throw new Error("No throughput run was measured");
  const ceiling = (first.requestsPerSecond + last.requestsPerSecond) / 2;
  return runs.map((run) => ({ ...run, ratioToStatic: ceiling > 0 ? run.requestsPerSecond / ceiling : 0 }));
}

/** A visitor's browser, as far as the Worker's counting looks (docs/analytics.md): a page view it counts. */
export const BROWSER_HEADERS = {
  Accept: "text/html,application/xhtml+xml,application/xhtml+xml;q=0.9,*/*;q=0.8",
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
};

/** The budget: cached-page throughput with counting on is within 3% of counting off (issue #28). */
export const ANALYTICS_BUDGET_RATIO = 0.97;

export type AnalyticsCostResult = {
  name: string;
  path: string;
  /** Mean requests/s of the rounds with counting on, and off. */
  onRequestsPerSecond: number;
  offRequestsPerSecond: number;
  /** The same, as ratios to the static asset of their own server run (less sensitive to a busy machine). */
  onRatioToStatic: number;
  offRatioToStatic: number;
  /** on ÷ off, of the ratios to static: 1 is no cost. */
  ratio: number;
  /** workerd's CPU time per request with counting on, and off (locally it includes the consumer's D1 writes). */
  onCpuMsPerRequest: number;
  offCpuMsPerRequest: number;
  failedRequests: number;
  /** Server runs of each mode. */
  rounds: number;
};

/**
 * Cached-page throughput with counting on and off, side by side in one run: `rounds` server runs of each, alternated
 * (on, off, on, off…) so that a machine getting busier affects both; every request a browser's (BROWSER_HEADERS), so
 * that with counting on each one is a counted view (a queue message sent in waitUntil; locally the consumer's D1
 * writes run in the same workerd too, which production does not do).
 */
export async function measureAnalyticsCost(
  start: (analytics: "on" | "off") => Promise<{ workerd: () => Promise<{ url: string; cpuMs: () => number }>; stop: () => Promise<void> }>,
  staticTarget: Target,
  targets: () => Target[],
  rounds = 2,
  durationSeconds = 5,
): Promise<AnalyticsCostResult[]> {
  const runs: Record<"on" | "off", ThroughputResult[][]> = { on: [], off: [] };
  for (let round = 0; round < rounds; round++) {
    for (const mode of round % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const)) {
      const server = await start(mode);
      try {
        const workerd = await server.workerd();
        runs[mode].push(await measureThroughput(workerd.url, staticTarget, targets(), BROWSER_HEADERS, durationSeconds, workerd.cpuMs));
      } finally {
        await server.stop();
      }
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
  return targets().map((target) => {
    const of = (mode: "on" | "off") =>
      runs[mode].flatMap((run) => run.filter((result) => result.path === target.path && result.name === target.name));
    const [on, off] = [of("on"), of("off")];
    const onRatio = mean(on.map((result) => result.ratioToStatic));
    const offRatio = mean(off.map((result) => result.ratioToStatic));
    return {
      name: target.name,
      path: target.path,
      onRequestsPerSecond: Math.round(mean(on.map((result) => result.requestsPerSecond))),
      offRequestsPerSecond: Math.round(mean(off.map((result) => result.requestsPerSecond))),
      onRatioToStatic: onRatio,
      offRatioToStatic: offRatio,
      ratio: offRatio > 0 ? onRatio / offRatio : 0,
      onCpuMsPerRequest: mean(on.map((result) => result.cpuMsPerRequest ?? 0)),
      offCpuMsPerRequest: mean(off.map((result) => result.cpuMsPerRequest ?? 0)),
      failedRequests: [...on, ...off].reduce((sum, result) => sum + result.failedRequests, 0),
      rounds,
    };
  });
}
