/**
 * The browser tests' server keeps its D1 in PERSIST_DIR; a few suites reset part of its state through wrangler.
 */
import { execFileSync } from "node:child_process";
import { PERSIST_DIR } from "./global-setup";

/** How long an isolate keeps the content version it read (CONTENT_VERSION_MEMO_MS in app/server/core/cache.server.ts). */
const CONTENT_VERSION_MEMO_MS = 1_000;

function execute(sql: string) {
  execFileSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--persist-to", PERSIST_DIR, "--command", sql], {
    stdio: "pipe",
    env: { ...process.env, CI: "true" },
  });
}

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

/**
 * The server is local, so every request counts as the one local client (app/server/core/request.server.ts)
 * and no header gives a test an allowance of its own. A suite that needs a full allowance clears the
 * abuse-limit counters (and the sign-in throttle's failures) first.
 */
export function clearAbuseCounters() {
  execute("DELETE FROM rate_limits; DELETE FROM login_attempts");
}

/**
 * Page-cache keys keep only the query parameters a page reads, so a test cannot dodge an entry another test
 * made with `?anything=`. A new content version starts every page's cache afresh, as a content edit does,
 * once the isolate's memo of the version has expired.
 */
export async function emptyPageCache() {
  const version = crypto.randomUUID();
  execute(
    `INSERT INTO site_meta (key, value) VALUES ('content_version', '${version}') ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  );
  await new Promise((resolve) => setTimeout(resolve, CONTENT_VERSION_MEMO_MS + 200));
}
