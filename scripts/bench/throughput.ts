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

/**
 * The comparison's modes: "on" (counting on, the queue's consumer in the same workerd, as `npm start` runs it), "worker"
 * (counting on, the consumer removed from the build's config: what the page's isolate pays, as in production, where the
 * consumer runs in its own invocation) and "off" (ANALYTICS=off).
 */
export const COUNTING_MODES = ["on", "worker", "off"] as const;
export type CountingMode = (typeof COUNTING_MODES)[number];

export type ModeFigures = {
  /** Mean requests/s of the mode's server runs. */
  requestsPerSecond: number;
  /** The same as a ratio to the static asset of its own server run (less sensitive to a busy machine). */
  ratioToStatic: number;
  /** workerd's CPU time per request (locally it includes the queue broker, and in "on" the consumer's D1 writes). */
  cpuMsPerRequest: number;
};

export type AnalyticsCostResult = {
  name: string;
  path: string;
  modes: Record<CountingMode, ModeFigures>;
  failedRequests: number;
  /** Server runs of each mode. */
  rounds: number;
};

/**
 * Cached-page throughput with counting on and off, side by side in one run: `rounds` server runs of each mode, in a
 * rotating order (so that a machine getting busier affects all); every request a browser's (BROWSER_HEADERS), so that
 * with counting on each one is a counted view.
 */
export async function measureAnalyticsCost(
  start: (mode: CountingMode) => Promise<{ workerd: () => Promise<{ url: string; cpuMs: () => number }>; stop: () => Promise<void> }>,
  staticTarget: Target,
  targets: () => Target[],
  rounds = 2,
  durationSeconds = 5,
): Promise<AnalyticsCostResult[]> {
  const runs: Record<CountingMode, ThroughputResult[][]> = { on: [], worker: [], off: [] };
  for (let round = 0; round < rounds; round++) {
    const order = [...COUNTING_MODES.slice(round % COUNTING_MODES.length), ...COUNTING_MODES.slice(0, round % COUNTING_MODES.length)];
    for (const mode of order) {
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
    const of = (mode: CountingMode) =>
      runs[mode].flatMap((run) => run.filter((result) => result.path === target.path && result.name === target.name));
    const figures = (mode: CountingMode): ModeFigures => ({
      requestsPerSecond: Math.round(mean(of(mode).map((result) => result.requestsPerSecond))),
      ratioToStatic: mean(of(mode).map((result) => result.ratioToStatic)),
      cpuMsPerRequest: mean(of(mode).map((result) => result.cpuMsPerRequest ?? 0)),
    });
    return {
      name: target.name,
      path: target.path,
      modes: { on: figures("on"), worker: figures("worker"), off: figures("off") },
      failedRequests: COUNTING_MODES.flatMap(of).reduce((sum, result) => sum + result.failedRequests, 0),
      rounds,
    };
  });
}
