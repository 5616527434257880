/**
 * The browser tests' server keeps its D1 in PERSIST_DIR. Every test file starts from the seeded database
 * (fresh-state.ts resets it before each file, through the server's /__e2e/ routes: workers/e2e-routes.ts),
 * and a test reads the database with `selectColumn`.
 */
import { execFileSync } from "node:child_process";
import { inject } from "vitest";

/** The browser tests' local D1 and the rest of their server's local state (global-setup.ts starts it afresh). */
export const PERSIST_DIR = ".wrangler/e2e";

/** One column (`value`) of a query on the test server's D1. */
export function selectColumn(sql: string): string[] {
  const output = execFileSync(
    "node_modules/.bin/wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", PERSIST_DIR, "--json", "--command", sql],
    { encoding: "utf8", env: { ...process.env, CI: "true" }, maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] },
  );
  const [first] = JSON.parse(output.slice(output.indexOf("["))) as { results: { value: string }[] }[];
  if (!first) throw new Error(`wrangler d1 execute printed no result: ${output}`);
  return first.results.map((row) => row.value);
}

/** POSTs to one of the server's /__e2e/ routes and returns its JSON answer (a refusal throws). */
export async function postE2eRoute(baseURL: string, route: "snapshot" | "reset" | "content-version") {
  const response = await fetch(`${baseURL}/__e2e/${route}`, { method: "POST" });
  if (!response.ok) throw new Error(`POST /__e2e/${route} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { tables?: number; contentVersion?: string };
}

/**
 * Puts the server's whole database back as global-setup.ts seeded it, in one request: content, the dev mailbox,
 * the abuse-limit counters and sign-in failures (every request of the local server is the one client), sessions
 * and orders. A new content version starts every page's cache afresh.
 */
export async function resetServerState() {
  await postE2eRoute(inject("baseURL"), "reset");
}

/**
 * Page-cache keys keep only the query parameters a page reads, so a test cannot dodge an entry another test
 * made with `?anything=`. A new content version starts every page's cache afresh, as a content edit does; the
 * server's one isolate serves it from the answer on.
 */
export async function emptyPageCache() {
  await postE2eRoute(inject("baseURL"), "content-version");
}
