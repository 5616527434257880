/**
 * Server time per render: one connection, one request after another, mean latency, for the pages a visitor,
 * a learner and the admin ask for, next to a static file (never reaches the Worker) and the bench-only
 * Worker route that answers a constant string of a page's size (the ceiling for anything the Worker serves).
 * Measured both through wrangler's local proxy (what `npm start` serves) and straight to workerd's socket
 * (what production's edge talks to); the proxy hop does not exist in production.
 */
import { createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { LOCAL_LEARNER_SECRET } from "../lib/server";
import { execFileSync } from "node:child_process";
import autocannon from "autocannon";

export const RENDER_SETTINGS = { connections: 1, durationSeconds: 5 };

export type RenderTarget = { name: string; path: string; cookie?: string };
export type RenderResult = {
  name: string;
  path: string;
  via: "proxy" | "workerd";
  meanMs: number;
  medianMs: number;
  /**
   * CPU time of the workerd processes (the Worker and its local D1) per request: unlike wall time it hardly moves when
   * other work loads the machine, so it compares runs on a shared machine.
   */
  cpuMs: number;
  bytes: number;
  failedRequests: number;
};

/** The bench-only constant route (workers/app.ts): answers only when the run sets BENCH_CONSTANT_BYTES. */
export const CONSTANT_ROUTE = "/__bench/constant";

/** One D1 statement on the bench's local database. */
function execute(persistDir: string, sql: string): { results: Record<string, unknown>[] }[] {
  const output = execFileSync(
    "node_modules/.bin/wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--json", "--command", sql],
    { encoding: "utf8", env: { ...process.env, CI: "true" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  return JSON.parse(output.slice(output.indexOf("[")));
}

/**
 * A learner who owns the first course, signed in: an enrolment and a session row written straight into the
 * bench's D1 (only the token's SHA-256 is stored, as the app does). Returns the cookie and a lesson's path.
 */
export function benchLearner(persistDir: string) {
  const token = randomBytes(32).toString("base64url");
  const email = "bench-learner@example.com";
  const expires = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  const [first] = execute(
    persistDir,
    "SELECT m.course_id AS courseId, l.id AS lessonId FROM lessons l JOIN course_modules m ON m.id = l.module_id ORDER BY m.course_id, m.position, l.position LIMIT 1",
  );
  const row = first?.results[0] as { courseId: number; lessonId: number } | undefined;
  if (!row) throw new Error("The seed has no lesson to measure.");
  execute(
    persistDir,
    `INSERT INTO enrollments (course_id, payment_intent_id, amount_cents, email, status) VALUES (${row.courseId}, 'pi_bench_${token.slice(0, 8)}', 0, '${email}', 'paid');` +
      `INSERT INTO learner_sessions (id, email, expires_at) VALUES ('${createHash("sha256").update(token).digest("hex")}', '${email}', '${expires}')`,
  );
  return { cookie: `tel_learner_session=${signedLearnerToken(token)}`, path: `/courses/${row.courseId}/learn/${row.lessonId}` };
}

/** `token.signature` as app/server/learning/learner.server.ts signs it, with the secret the bench's servers get (scripts/lib/server.ts). */
function signedLearnerToken(token: string) {
  const key = Buffer.from(hkdfSync("sha256", LOCAL_LEARNER_SECRET, Buffer.alloc(0), "tel_learner_session cookie signature", 32));
  return `${token}.${createHmac("sha256", key).update(token).digest("base64url")}`;
}

/** Signs the local admin in (the credentials of .dev.vars.example, passed to the bench's server) and returns the cookie. */
export async function benchAdminCookie(baseUrl: string, username: string, password: string) {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: new URLSearchParams({ username, password }),
  });
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("tel_admin"));
  if (!cookie) throw new Error(`Admin sign-in failed (${response.status}); is ADMIN_PASSWORD_HASH passed to the server?`);
  return cookie.replace(/;.*/s, "");
}

async function probe(url: string, cookie?: string) {
  const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return body.byteLength;
}

/**
 * Mean and median latency per request with one connection, for every target through each base URL, alternating, and the
 * workerd processes' CPU time per request (`workerdCpuMs` reads their total).
 */
export async function measureRenderTime(
  bases: Record<"proxy" | "workerd", string>,
  targets: RenderTarget[],
  workerdCpuMs: () => number,
): Promise<RenderResult[]> {
  const results: RenderResult[] = [];
  for (const target of targets) {
    for (const via of ["proxy", "workerd"] as const) {
      const url = bases[via] + target.path;
      let bytes = 0;
      for (let i = 0; i < 20; i++) bytes = await probe(url, target.cookie);
      const run = autocannon({
        url,
        connections: RENDER_SETTINGS.connections,
        duration: RENDER_SETTINGS.durationSeconds,
        headers: target.cookie ? { cookie: target.cookie } : {},
      });
      const times: number[] = [];
      run.on("response", (_client, _status, _bytes, responseTimeMs) => times.push(responseTimeMs));
      const cpuBefore = workerdCpuMs();
      const result = await run;
      const cpuMs = (workerdCpuMs() - cpuBefore) / Math.max(1, times.length);
      results.push({
        name: target.name,
        path: target.path,
        via,
        meanMs: Math.round(result.latency.mean * 100) / 100,
        medianMs: Math.round(median(times) * 100) / 100,
        cpuMs: Math.round(cpuMs * 100) / 100,
        bytes,
        failedRequests: result.non2xx + result.errors + result.timeouts,
      });
    }
  }
  return results;
}

function median(values: number[]) {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle];
  const lower = sorted[middle - 1];
  if (upper === undefined) return Number.NaN;
  return sorted.length % 2 || lower === undefined ? upper : (lower + upper) / 2;
}
