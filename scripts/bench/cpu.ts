import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { prepareDatabase, processCpuMs, startServer } from "../lib/server";
import { benchTmp } from "./paths";
import { CONSTANT_ROUTE } from "./render-time";

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const { values: options } = parseArgs({
  options: {
    builds: { type: "string", default: "build" },
    requests: { type: "string", default: "2000" },
    rounds: { type: "string", default: "3" },
    paths: { type: "string", default: "/,/articles/1" },
    profile: { type: "boolean", default: false },
  },
});
const builds = options.builds.split(",");
const requests = Number(options.requests);
const rounds = Number(options.rounds);
const pagePaths = options.paths.split(",");

type Target = { name: string; path: string; cached: boolean };

/** Requests one after another on one keep-alive connection; returns the last answer's size and cache header. */
async function fire(url: string, count: number) {
  let last = { bytes: 0, cache: null as string | null };
  for (let i = 0; i < count; i++) {
    // As autocannon (the throughput step) and as production's edge, which compresses itself: without this, workerd
    // gzips every answer for fetch's default Accept-Encoding, and compressing a real page costs far more than the
    // constant route's repeated byte, which would hide everything else.
    const response = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    last = { bytes: body.byteLength, cache: response.headers.get("x-worker-cache") };
  }
  return last;
}

/** The pages, each followed by the constant route at its size (bytes from a warm-up answer). */
async function targets(base: string): Promise<Target[]> {
  const list: Target[] = [];
  for (const path of pagePaths) {
    const { bytes } = await fire(base + path, 1);
    list.push({ name: `cached ${path}`, path, cached: true });
    // Named by the page, not by its size: two builds' pages may differ by a few bytes and are still compared.
    list.push({ name: `constant at ${path}'s size`, path: `${CONSTANT_ROUTE}?bytes=${bytes}`, cached: false });
  }
  return list;
}

async function measure(base: string, pid: number, target: Target) {
  // Warm-up: compiles the code paths and, for a page, stores it in the cache.
  const { cache } = await fire(base + target.path, 200);
  if (target.cached && cache !== "HIT") throw new Error(`${target.path} is not answered from the cache (${cache})`);
  const before = processCpuMs(pid);
  await fire(base + target.path, requests);
  return ((processCpuMs(pid) - before) * 1000) / requests; // µs per request
}

type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: Frame; hitCount?: number };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
async function inspector(port: number) {
  const list = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { title: string; webSocketDebuggerUrl: string }[];
  // The app's Worker (the Stripe emulator runs beside it).
  const target = list.find((entry) => !/stripe/i.test(entry.title)) ?? list[0];
  if (!target) throw new Error("workerd's inspector lists no Worker");
  // wrangler's inspector proxy wants a local Origin; Node's WebSocket (undici) takes headers in its second argument.
  const socket: WebSocket = Reflect.construct(WebSocket, [target.webSocketDebuggerUrl, { headers: { Origin: "http://localhost" } }]);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id) waiting.get(message.id)?.(message.result);
  };
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

/** Self time per function (samples × their interval), largest first. */
function selfTimes(profile: Profile) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byNode.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.split("/").at(-1) ?? "";
    const name = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

async function profilePages(base: string, inspectorPort: number, build: string) {
  const cdp = await inspector(inspectorPort);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 50 });
  for (const path of [...pagePaths, `${CONSTANT_ROUTE}?bytes=40000`]) {
    await fire(base + path, 200);
    await cdp.send("Profiler.start");
    await fire(base + path, requests);
    const { profile } = await cdp.send<{ profile: Profile }>("Profiler.stop");
    const file = benchTmp(`cpu-${build.replace(/\W+/g, "-")}-${path.replace(/\W+/g, "-")}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const totalUs = profile.endTime - profile.startTime;
    console.log(`\nProfile of ${path} (${build}), ${requests} requests, ${file}: self time per request, top 20`);
    for (const [name, us] of selfTimes(profile).slice(0, 20)) {
      console.log(`  ${(us / requests).toFixed(1).padStart(7)} µs  ${((100 * us) / totalUs).toFixed(1).padStart(5)}%  ${name}`);
    }
  }
  cdp.close();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main() {
  const persistDir = benchTmp("cpu-state");
  console.log("Preparing a fresh local D1 (migrations + seed)");
  prepareDatabase(persistDir);
  const results = new Map<string, number[]>(); // `${build}\t${target}` -> µs per request, one per round
  const names: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const build of builds) {
      const inspectorPort = options.profile && round === 1 ? PORT + 1 : undefined;
      const server = await startServer({
        port: PORT,
        persistDir,
        logFile: benchTmp("wrangler-cpu.log"),
        vars: { BENCH_ROUTES: "on" },
        buildDir: build,
        inspectorPort,
      });
      try {
        const workerd = await server.workerd();
        for (const target of await targets(workerd.url)) {
          const us = await measure(workerd.url, workerd.pid, target);
          if (!names.includes(target.name)) names.push(target.name);
          const key = `${build}\t${target.name}`;
          results.set(key, [...(results.get(key) ?? []), us]);
          console.log(
            `round ${round}, ${build}: ${target.name}: ${us.toFixed(0)} µs CPU/request (load ${loadavg()[0]?.toFixed(2) ?? "?"})`,
          );
        }
        if (inspectorPort) await profilePages(workerd.url, inspectorPort, build);
      } finally {
        await server.stop();
      }
    }
  }
  console.log(
    `\nworkerd CPU per request, median of ${rounds} rounds of ${requests} (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")})`,
  );
  for (const build of builds) {
    console.log(`${build}:`);
    for (let i = 0; i < names.length; i += 2) {
      const pages = results.get(`${build}\t${names[i]}`) ?? [];
      const constants = results.get(`${build}\t${names[i + 1]}`) ?? [];
      // Each round's page and constant route ran back to back: their ratio moves less with the machine's load.
      const ratios = pages.map((page, round) => (constants[round] ?? Number.NaN) / page);
      console.log(
        `  ${names[i]}: ${median(pages).toFixed(0)} µs; ${names[i + 1]}: ${median(constants).toFixed(0)} µs; ` +
          `constant/page per round ${ratios.map((ratio) => ratio.toFixed(2)).join(" ")}, median ${median(ratios).toFixed(2)}`,
      );
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
