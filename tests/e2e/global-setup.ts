/**
 * Serves the production build with `wrangler dev` (workerd) against a fresh local D1 under
 * .wrangler/e2e, migrated and seeded, keeps a snapshot of that seeded database for the files to start from
 * (workers/e2e-routes.ts, fresh-state.ts), and tells the tests its URL.
 */
import { createWriteStream } from "node:fs";
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { setInterval as every } from "node:timers/promises";
import type { TestProject } from "vitest/node";
import { hashPassword } from "../../app/server/admin/password.server";
import { LOCAL_LEARNER_SECRET, provideEmulatorSecrets } from "../../scripts/lib/server";
import { PERSIST_DIR, postE2eRoute } from "./server-db";

const PORT = Number(process.env.E2E_PORT ?? 8799);
/** The admin account of the browser tests (a local-only pair, passed to the server as vars). */
export const E2E_ADMIN = { username: "e2e-admin", password: "e2e-password-not-secret" };
/** The abuse limits of the browser tests' server (per client address and hour). */
export const E2E_RATE_LIMITS = {
  // Room for load.e2e.ts's 350 signups (every request of a local server is one client).
  RATE_LIMIT_NEWSLETTER_PER_HOUR: "400",
  RATE_LIMIT_CONTACT_PER_HOUR: "40",
  RATE_LIMIT_PAYMENT_INTENTS_PER_HOUR: "100",
  RATE_LIMIT_ACCESS_LINKS_PER_HOUR: "40",
};
/**
 * Every streamed section of the browser tests' server waits this long (app/server/core/deferred.server.ts),
 * so streaming.e2e.ts can see the shell go out before the data, and every suite meets late sections.
 */
export const E2E_DEFERRED_READ_DELAY_MS = 300;
let server: ChildProcess | undefined;

export default async function setup(project: TestProject) {
  rmSync(PERSIST_DIR, { recursive: true, force: true });
  const bin = "node_modules/.bin";
  execFileSync(`${bin}/wrangler`, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", PERSIST_DIR], {
    stdio: "pipe",
    env: { ...process.env, CI: "true" },
  });
  execFileSync(`${bin}/tsx`, ["scripts/seed-local.ts"], {
    stdio: "pipe",
    env: { ...process.env, SEED_PERSIST_TO: PERSIST_DIR },
  });

  const adminHash = await hashPassword(E2E_ADMIN.password);
  // The emulators' secrets, fresh for this run (for the app and each stand-in).
  const emulatorSecrets = provideEmulatorSecrets();
  server = spawn(
    `${bin}/wrangler`,
    [
      "dev",
      // The app's build, the Stripe emulator and the mail provider stand-in, in one workerd.
      "-c",
      "build/server/wrangler.json",
      "-c",
      "dist/stripe_emulator/wrangler.json",
      "-c",
      "dist/mail_provider_emulator/wrangler.json",
      "--port",
      String(PORT),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      PERSIST_DIR,
      "--show-interactive-dev-session=false",
      "--var",
      `ADMIN_USERNAME:${E2E_ADMIN.username}`,
      "--var",
      `ADMIN_PASSWORD_HASH:${adminHash}`,
      // Locally every request is one client (app/server/core/request.server.ts): room for every file's requests
      // (each file starts from cleared counters: fresh-state.ts).
      ...Object.entries(E2E_RATE_LIMITS).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      "--var",
      `DEFERRED_READ_DELAY_MS:${E2E_DEFERRED_READ_DELAY_MS}`,
      // The routes that put the seeded database back between files (workers/e2e-routes.ts): this server's only.
      "--var",
      "E2E_ROUTES:on",
      ...Object.entries(emulatorSecrets).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      // Signs learner cookies (app/server/learning/learner.server.ts).
      "--var",
      `LEARNER_SESSION_SECRET:${LOCAL_LEARNER_SECRET}`,
    ],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, E2E: "1", CLOUDFLARE_CF_FETCH_ENABLED: "false" }, detached: false },
  );
  let output = "";
  // E2E_SERVER_LOG=<file> keeps the server's whole output (its console.log/error lines) for debugging a failing test.
  const log = process.env.E2E_SERVER_LOG ? createWriteStream(process.env.E2E_SERVER_LOG) : null;
  server.stdout?.on("data", (chunk) => {
    output += chunk;
    log?.write(chunk);
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
    log?.write(chunk);
  });

  const baseURL = `http://127.0.0.1:${PORT}`;
  try {
    // Asks every 300 ms until the server answers (vi.waitFor does not run in a global setup).
    const deadline = Date.now() + 60_000;
    const answers = () =>
      fetch(`${baseURL}/`).then(
        ({ ok }) => ok,
        () => false,
      );
    for await (const _ of every(300)) {
      if (await answers()) break;
      if (Date.now() > deadline) throw new Error(`wrangler dev did not start:\n${output}`);
    }
    // The seeded database, as every test file starts from it.
    await postE2eRoute(baseURL, "snapshot");
  } catch (error) {
    server?.kill("SIGTERM");
    throw error;
  }
  project.provide("baseURL", baseURL);
  project.provide("admin", E2E_ADMIN);
  project.provide("deferredReadDelayMs", E2E_DEFERRED_READ_DELAY_MS);

  return async () => {
    server?.kill("SIGTERM");
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    admin: { username: string; password: string };
    deferredReadDelayMs: number;
  }
}
