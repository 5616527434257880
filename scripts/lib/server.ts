/**
 * Serves the production build with workerd (`wrangler dev` on build/server/wrangler.json, with the
 * Stripe emulator Worker as in `npm start`) against its own local D1, migrated and seeded: the server
 * under `npm run bench` and `npm run load`.
 */
import { execFileSync, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { generateEmulatorSecrets, setDevVars } from "../dev-vars.mjs";

const BIN = "node_modules/.bin";

/**
 * `url` goes through wrangler's local proxy (as `npm start`); `workerdUrl()` finds workerd's own socket, which the
 * proxy forwards to: the hop production does not have.
 */
export type BuildServer = {
  url: string;
  workerdUrl: () => Promise<string>;
  /** CPU time (user + system, ms) the server's workerd processes have used so far: the Worker and its D1, not the proxy. */
  workerdCpuMs: () => number;
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
 * Fresh Stripe emulator secrets for one server run (scripts/dev-vars.mjs). `--var` reaches only the first
 * config's Worker (the app), so the emulator Worker gets them in the .dev.vars beside its built config;
 * pass the returned vars to the app with `--var`.
 */
export function provideEmulatorSecrets(): Record<string, string> {
  const secrets = generateEmulatorSecrets();
  writeFileSync("dist/stripe_emulator/.dev.vars", setDevVars("", secrets));
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
}): Promise<BuildServer> {
  const args = [
    "dev",
    "-c",
    "build/server/wrangler.json",
    "-c",
    "dist/stripe_emulator/wrangler.json",
    "--port",
    String(options.port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    options.persistDir,
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
    ...Object.entries({ ...provideEmulatorSecrets(), ...options.vars }).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
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
      if (response.ok)
        return {
          url,
          stop,
          workerdUrl: () => findWorkerdUrl(child.pid ?? 0, options.port),
          workerdCpuMs: () => workerdCpuMs(child.pid ?? 0),
        };
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
async function findWorkerdUrl(processGroup: number, proxyPort: number): Promise<string> {
  const pids = new Set(
    execFileSync("pgrep", ["-g", String(processGroup)], { encoding: "utf8" })
      .split(/\s+/)
      .filter(Boolean),
  );
  const ports = new Set<number>();
  for (const line of execFileSync("ss", ["-ltnpH"], { encoding: "utf8" }).split("\n")) {
    const pid = /pid=(\d+)/.exec(line)?.[1];
    const port = Number(/127\.0\.0\.1:(\d+)|\[::1?\]:(\d+)|\*:(\d+)/.exec(line)?.slice(1).find(Boolean));
    if (pid && pids.has(pid) && port && port !== proxyPort) ports.add(port);
  }
  for (const port of ports) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.headers.has("x-worker-cache")) return `http://127.0.0.1:${port}`;
    } catch {
      // not an HTTP socket of the app
    }
  }
  throw new Error(`No workerd socket of the app found among ports ${[...ports].join(", ")}`);
}

/** utime + stime of the process group's workerd processes, from /proc (clock ticks of 10 ms), in ms. */
function workerdCpuMs(processGroup: number): number {
  const pids = execFileSync("pgrep", ["-g", String(processGroup), "workerd"], { encoding: "utf8" })
    .split(/\s+/)
    .filter(Boolean);
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone since pgrep
    }
  }
  return ticks * 10;
}
