/**
 * `GET /healthz`, for an uptime monitor (docs/operations.md, "Health and alerts"): 200 `{ status: "ok", version }`
 * when D1 answers a trivial SELECT, R2 answers a `head` of a key that does not exist and the queue binding is there;
 * otherwise 503 `{ status: "unavailable", failing: [...] }` naming the parts that failed. Never cached, and nothing
 * else is revealed: no error text, no binding names, no counts.
 */
import { logEvent, shortError } from "../core/log.server";

declare const __BUILD_TIME__: string | undefined;

/**
 * The build's version: the time `vite build` ran (vite.config.ts defines it; there is no git in the build), "dev"
 * where nothing defined it (the tests).
 */
export const BUILD_VERSION: string = typeof __BUILD_TIME__ === "string" ? __BUILD_TIME__ : "dev";

export type HealthPart = "d1" | "r2" | "queue";
export type HealthDeps = {
  db: Pick<D1Database, "prepare">;
  media: Pick<R2Bucket, "head">;
  queue: unknown;
  /** How long each check may take before it counts as failing. */
  timeoutMs?: number;
  requestId?: string;
};

/** A key nobody writes: R2 answers null, which proves the bucket answers. */
const PROBE_KEY = "__healthz/absent";
/** What the 503 tells a monitor (and a load balancer) to wait. */
export const HEALTH_RETRY_AFTER_SECONDS = 30;

export async function healthResponse(deps: HealthDeps): Promise<Response> {
  const timeoutMs = deps.timeoutMs ?? 3000;
  const checks: Record<HealthPart, () => Promise<unknown>> = {
    d1: () => deps.db.prepare("SELECT 1 AS ok").first(),
    r2: () => deps.media.head(PROBE_KEY),
    queue: async () => {
      const queue = deps.queue as Partial<Queue> | null | undefined;
      if (!queue || typeof queue.send !== "function" || typeof queue.sendBatch !== "function") throw new Error("No queue binding.");
    },
  };
  const parts = Object.keys(checks) as HealthPart[];
  const results = await Promise.allSettled(parts.map((part) => withTimeout(checks[part](), timeoutMs)));
  const failing = parts.filter((_, index) => results[index]?.status === "rejected");
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
  if (failing.length === 0) return Response.json({ status: "ok", version: BUILD_VERSION }, { headers });
  for (const part of failing) {
    const result = results[parts.indexOf(part)];
    logEvent("error", `${part}.unavailable`, {
      requestId: deps.requestId,
      where: "healthz",
      error: result?.status === "rejected" ? shortError(result.reason) : null,
    });
  }
  return Response.json(
    { status: "unavailable", failing },
    { status: 503, headers: { ...headers, "Retry-After": String(HEALTH_RETRY_AFTER_SECONDS) } },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms.`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
