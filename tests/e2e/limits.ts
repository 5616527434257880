/**
 * The browser tests' server is local, so every request counts as the one local client
 * (app/server/request.server.ts) and no header gives a test an allowance of its own. A suite that
 * needs a full allowance clears the abuse-limit counters (and the sign-in throttle's failures) of the
 * server's D1 first, through wrangler.
 */
import { execFileSync } from "node:child_process";
import { PERSIST_DIR } from "./global-setup";

export function clearAbuseCounters() {
  execFileSync(
    "node_modules/.bin/wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", PERSIST_DIR, "--command", "DELETE FROM rate_limits; DELETE FROM login_attempts"],
    { stdio: "pipe", env: { ...process.env, CI: "true" } },
  );
}
