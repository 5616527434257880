/**
 * Serves the production build with workerd (`wrangler dev` on build/server/wrangler.json, with the
 * Stripe emulator Worker as in `npm start`) against its own local D1, migrated and seeded: the server
 * under `npm run bench` and `npm run load`.
 */
import { execFileSync, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { generateEmulatorSecrets, generateLearnerSessionSecret, setDevVars } from "../dev-vars.mjs";

const BIN = "node_modules/.bin";

/**
 * `url` goes through wrangler's local proxy (as `npm start`); `workerdUrl()` finds workerd's own socket, which the
 * proxy forwards to: the hop production does not have.
 */
export type BuildServer = {
  url: string;
  workerdUrl: () => Promise<string>;
  /** workerd's socket and its process id (`processCpuMs` reads the process's CPU time: the Worker and its local D1). */
  workerd: () => Promise<{ url: string; pid: number }>;
  stop: () => Promise<void>;
};

/**
 * wrangler 4.164 records every request locally (tail events into a SQLite trace store) whatever wrangler.toml says,
 * about 1.5 ms a page here; production does not. The bench and load runs turn it off.
 */
const SERVER_ENV = { CI: "true", X_LOCAL_OBSERVABILITY: "false" };

/** A fresh local database in `persistDir`: the real migrations and seed content. */
export function prepareDatabase(persistDir: string) {
  rmSync(persistDir, { recursive: true, force: true });
  mkdirSync(persistDir, { recursive: true });
  execFileSync(`${BIN}/wrangler`, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir], {
    stdio: "pipe",
    env: { ...process.env, CI: "true" },
  });
  execFileSync(`${BIN}/tsx`, ["scripts/seed-local.ts"], { stdio: "pipe", env: { ...process.env, SEED_PERSIST_TO: persistDir } });
}

/**
 * Fresh emulator secrets (Stripe, mail provider) for one server run (scripts/dev-vars.mjs). `--var` reaches only the
 * first config's Worker (the app), so each stand-in Worker gets them in the .dev.vars beside its built config;
 * pass the returned vars to the app with `--var`.
 */
/** The learner cookies' signing secret of the servers this process starts (the bench signs its learner's cookie with it). */
export const LOCAL_LEARNER_SECRET = generateLearnerSessionSecret();

export function provideEmulatorSecrets(): Record<string, string> {
  const secrets = generateEmulatorSecrets();
  writeFileSync("dist/stripe_emulator/.dev.vars", setDevVars("", secrets));
  writeFileSync("dist/mail_provider_emulator/.dev.vars", setDevVars("", secrets));
  return secrets;
}

/**
 * Starts workerd on the build and resolves once the home page answers. `vars` are passed as
 * `--var NAME:value` (the benchmark turns the Worker's page cache off with one, the load test raises a limit).
 */
export async function startServer(options: {
  port: number;
  persistDir: string;
  logFile: string;
  vars?: Record<string, string>;
  /** The build to serve (`build` unless an A/B run names another copy of one). */
  buildDir?: string;
  /** Opens workerd's inspector (Chrome DevTools Protocol) on this port: scripts/bench/cpu.ts profiles through it. */
  inspectorPort?: number;
}): Promise<BuildServer> {
  const args = [
    "dev",
    "-c",
    `${options.buildDir ?? "build"}/server/wrangler.json`,
    "-c",
    "dist/stripe_emulator/wrangler.json",
    "-c",
    "dist/mail_provider_emulator/wrangler.json",
    "--port",
    String(options.port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    options.persistDir,
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
    ...(options.inspectorPort ? ["--inspector-port", String(options.inspectorPort)] : []),
    ...Object.entries({ LEARNER_SESSION_SECRET: LOCAL_LEARNER_SECRET, ...provideEmulatorSecrets(), ...options.vars }).flatMap(
      ([name, value]) => ["--var", `${name}:${value}`],
    ),
  ];
  const log = createWriteStream(options.logFile);
  // Its own process group, so stopping it also stops the workerd it started.
  const child = spawn(`${BIN}/wrangler`, args, {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    env: { ...process.env, ...SERVER_ENV },
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
    log.end();
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}; see ${options.logFile}`);
    try {
      const response = await fetch(`${url}/`);
      await response.arrayBuffer();
      if (response.ok) {
        const workerd = () => findWorkerd(child.pid ?? 0, options.port);
        return { url, stop, workerd, workerdUrl: async () => (await workerd()).url };
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev did not answer within 90 s; see ${options.logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * The socket of the workerd that runs the app: of the ports the server's processes listen on (other than the
 * proxy's), the one that answers `/` with the Worker's page-cache header.
 */
async function findWorkerd(processGroup: number, proxyPort: number): Promise<{ url: string; pid: number }> {
  const pids = new Set(
    execFileSync("pgrep", ["-g", String(processGroup)], { encoding: "utf8" })
      .split(/\s+/)
      .filter(Boolean),
  );
  const ports = new Map<number, number>();
  for (const line of execFileSync("ss", ["-ltnpH"], { encoding: "utf8" }).split("\n")) {
    const pid = /pid=(\d+)/.exec(line)?.[1];
    const port = Number(/127\.0\.0\.1:(\d+)|\[::1?\]:(\d+)|\*:(\d+)/.exec(line)?.slice(1).find(Boolean));
    if (pid && pids.has(pid) && port && port !== proxyPort) ports.set(port, Number(pid));
  }
  for (const [port, pid] of ports) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.headers.has("x-worker-cache")) return { url: `http://127.0.0.1:${port}`, pid };
    } catch {
      // not an HTTP socket of the app
    }
  }
  throw new Error(`No workerd socket of the app found among ports ${[...ports.keys()].join(", ")}`);
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** User + system CPU time of a process, in ms (fields 14 and 15 of /proc/<pid>/stat, after the command name). */
export function processCpuMs(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state): utime is field 14, stime field 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}
