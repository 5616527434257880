/**
 * `npm run load`: load and consistency test of the production build, served by workerd over loopback
 * on a fresh local D1 (migrated and seeded), with autocannon:
 *
 *   (a)  2,000 newsletter signups with unique addresses, 50 connections, the abuse limit raised by configuration;
 *   (a') the same with the abuse limit on (wrangler.toml's value), from one client address: every refusal must be a 429;
 *   (b)  one address signed up 200 times at once: exactly one row;
 *   (c)  a read mix of the public pages for 30 s, through wrangler's local proxy and again straight to workerd's
 *        socket (the proxy is a hop production does not have): 0 errors, latency percentiles reported.
 * The server runs with wrangler's local observability off (scripts/lib/server.ts), as production does.
 *
 * Afterwards the rows in D1 are compared with the answers: every 2xx signup has exactly one row, every
 * refused one none. Prints a table; exits non-zero if a row was lost or invented, or any request failed.
 *
 * Options: --no-build (serve the existing build), --read-seconds N (default 30).
 * The build directory is shared with the browser tests: run it as `flock /tmp/examined-e2e.lock npm run load`
 * where others build too.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { prepareDatabase, startServer } from "../lib/server";
import { autocannon, checkSignups, signups, type CannonResult, type SignupRun, type Verdict } from "./signups";

const PORT = Number(process.env.LOAD_PORT ?? 8801);
const PERSIST_DIR = ".wrangler/load";
const LOG_DIR = ".wrangler/load-logs";
const args = process.argv.slice(2);
const READ_SECONDS = Number(args[args.indexOf("--read-seconds") + 1]) || 30;

const SIGNUPS = 2_000;
const SIGNUP_CONNECTIONS = 50;
const SAME_ADDRESS_REQUESTS = 200;
/** The raised limit of run (a): far above anything the run sends. */
const RAISED_LIMIT = "1000000";
/**
 * Run (a') comes from its own client address, so the counters of run (a) do not apply to it. Locally every request
 * counts as one client (app/server/core/request.server.ts), so its server runs as on Cloudflare (ON_CLOUDFLARE), where
 * the address is `CF-Connecting-IP`; without that, run (a') met the counter runs (a) and (b) had filled.
 */
const LIMITED_CLIENT = "203.0.113.77";
const READ_PATHS = [
  "/",
  "/articles",
  "/articles/1",
  "/practices",
  "/practices/1",
  "/resources",
  "/resources/1",
  "/recommended-reading",
  "/courses",
  "/courses/1",
  "/about",
  "/contact",
  "/api/articles",
  "/api/practices/featured",
  "/api/courses/1/details",
];

// ---- runs ------------------------------------------------------------------------------------------

function readMix(baseUrl: string, seconds: number) {
  return autocannon({ url: baseUrl, connections: 10, duration: seconds, requests: READ_PATHS.map((path) => ({ method: "GET", path })) });
}

// ---- D1 ----------------------------------------------------------------------------------------------

/** One column of a query on the local D1, read after the server stopped. */
function column(sql: string): string[] {
  const output = execFileSync(
    "node_modules/.bin/wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", PERSIST_DIR, "--json", "--command", sql],
    { encoding: "utf8", env: { ...process.env, CI: "true" }, maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] },
  );
  const [first] = JSON.parse(output.slice(output.indexOf("["))) as { results: { value: string }[] }[];
  if (!first) throw new Error(`wrangler d1 execute printed no result: ${output}`);
  return first.results.map((row) => row.value);
}

/** Subscriber rows whose address starts with `prefix`. */
function storedEmails(prefix: string): string[] {
  return column(`SELECT email AS value FROM newsletter_subscribers WHERE email LIKE '${prefix}%'`);
}

/** Recipients (one entry per e-mail) of the confirmation e-mails queued for addresses starting with `prefix`. */
function confirmationMails(prefix: string): string[] {
  return column(`SELECT "to" AS value FROM mail_log WHERE kind = 'newsletter-confirmation' AND "to" LIKE '${prefix}%'`);
}

// ---- checks and report --------------------------------------------------------------------------------

function checkReads(result: CannonResult, via: string): Verdict {
  const problems: string[] = [];
  const errors = result.errors + result.timeouts;
  if (errors > 0) problems.push(`${errors} connection errors or timeouts`);
  if (result.non2xx > 0) problems.push(`${result.non2xx} answers not 2xx: ${JSON.stringify(result.statusCodeStats)}`);
  return {
    run: `(c) read mix, ${READ_PATHS.length} pages, ${result.duration.toFixed(0)} s, ${via}`,
    requests: result.requests.total,
    ok2xx: result.requests.total - result.non2xx,
    refused429: 0,
    otherStatus: result.non2xx,
    errors,
    rowsExpected: 0,
    rowsFound: 0,
    lost: 0,
    extra: 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    problems,
  };
}

function printTable(verdicts: Verdict[]) {
  const header = [
    "run",
    "requests",
    "2xx",
    "429",
    "other",
    "errors",
    "rows expected",
    "rows in D1",
    "lost",
    "extra",
    "p50 ms",
    "p99 ms",
    "req/s",
    "result",
  ];
  const rows = verdicts.map((v) =>
    [
      v.run,
      v.requests,
      v.ok2xx,
      v.refused429,
      v.otherStatus,
      v.errors,
      v.run.startsWith("(c)") ? "-" : v.rowsExpected,
      v.run.startsWith("(c)") ? "-" : v.rowsFound,
      v.lost,
      v.extra,
      v.p50,
      v.p99,
      Math.round(v.rps),
      v.problems.length === 0 ? "ok" : "FAIL",
    ].map(String),
  );
  console.log(`\n| ${header.join(" | ")} |\n|${header.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  for (const verdict of verdicts) for (const problem of verdict.problems) console.log(`  ✗ ${verdict.run}: ${problem}`);
}

const step = (text: string) => console.log(`• ${text}…`);

// ---- main ------------------------------------------------------------------------------------------------

async function main() {
  mkdirSync(LOG_DIR, { recursive: true });
  if (!args.includes("--no-build")) {
    step("Building the production bundle");
    execFileSync("node_modules/.bin/react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] });
  }
  step("Preparing a fresh local D1 (migrations + seed)");
  prepareDatabase(PERSIST_DIR);

  const runId = Date.now().toString(36);
  let counter = 0;
  const unique = (prefix: string) => () => `${prefix}${(counter++).toString().padStart(5, "0")}@example.com`;
  const prefixes = { raised: `load-a-${runId}-`, limited: `load-limited-${runId}-`, same: `load-same-${runId}@example.com` };

  step(`Serving the build with the newsletter limit raised to ${RAISED_LIMIT}/hour`);
  const raised = await startServer({
    port: PORT,
    persistDir: PERSIST_DIR,
    logFile: `${LOG_DIR}/wrangler-raised.log`,
    vars: { RATE_LIMIT_NEWSLETTER_PER_HOUR: RAISED_LIMIT },
  });
  let runA: SignupRun;
  let runB: SignupRun;
  let reads: CannonResult;
  let directReads: CannonResult;
  try {
    step(`(a) ${SIGNUPS} unique signups over ${SIGNUP_CONNECTIONS} connections`);
    runA = await signups(raised.url, `(a) ${SIGNUPS} unique signups, limit raised`, unique(prefixes.raised), {
      amount: SIGNUPS,
      connections: SIGNUP_CONNECTIONS,
    });
    step(`(b) one address ${SAME_ADDRESS_REQUESTS} times at once`);
    runB = await signups(raised.url, `(b) one address × ${SAME_ADDRESS_REQUESTS} at once`, () => prefixes.same, {
      amount: SAME_ADDRESS_REQUESTS,
      connections: SAME_ADDRESS_REQUESTS,
    });
    step(`(c) read mix for ${READ_SECONDS} s`);
    reads = await readMix(raised.url, READ_SECONDS);
    step(`(c) read mix for ${READ_SECONDS} s, straight to workerd`);
    directReads = await readMix(await raised.workerdUrl(), READ_SECONDS);
  } finally {
    await raised.stop();
  }

  step("Serving the build with the abuse limits on (wrangler.toml)");
  const limited = await startServer({
    port: PORT,
    persistDir: PERSIST_DIR,
    logFile: `${LOG_DIR}/wrangler-limited.log`,
    vars: { ON_CLOUDFLARE: "true" },
  });
  let runLimited: SignupRun;
  try {
    step(`(a') ${SIGNUPS} unique signups over ${SIGNUP_CONNECTIONS} connections from one client address`);
    runLimited = await signups(limited.url, `(a') ${SIGNUPS} unique signups, limit on`, unique(prefixes.limited), {
      amount: SIGNUPS,
      connections: SIGNUP_CONNECTIONS,
      headers: { "CF-Connecting-IP": LIMITED_CLIENT },
    });
  } finally {
    await limited.stop();
  }

  step("Counting the rows in D1");
  const raisedVerdict = checkSignups(runA, storedEmails(prefixes.raised), confirmationMails(prefixes.raised), { allow429: false });
  const limitedVerdict = checkSignups(runLimited, storedEmails(prefixes.limited), confirmationMails(prefixes.limited), { allow429: true });
  const verdicts = [
    raisedVerdict,
    limitedVerdict,
    checkSignups(runB, storedEmails(prefixes.same), confirmationMails(prefixes.same), { allow429: false, expectOneRow: true }),
    checkReads(reads, "through wrangler's proxy"),
    checkReads(directReads, "straight to workerd"),
  ];
  if (limitedVerdict.refused429 === 0) limitedVerdict.problems.push("the limit never refused anything");
  if (limitedVerdict.ok2xx === 0) limitedVerdict.problems.push("the limit let nothing through");

  printTable(verdicts);
  const failed = verdicts.some((verdict) => verdict.problems.length > 0);
  console.log(failed ? "\nLOAD TEST FAILED" : "\nLoad test passed: no errors, no rows lost.");
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
