import { createExecutionContext, env } from "cloudflare:test";
import { serverBuild } from "../../../tests/support/server-build";
import { createFetchHandler } from "../../../workers/fetch-handler";
import { serverBuildHandler } from "../../../workers/request-handler";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loader } from "../../routes/healthz";
import { policyFor } from "../../site-routes";
import { BUILD_VERSION, HEALTH_RETRY_AFTER_SECONDS, type HealthDeps, healthResponse } from "./health.server";

const failingD1 = { prepare: () => ({ first: async () => Promise.reject(new Error("D1_ERROR: network connection lost")) }) } as never;
const failingR2 = { head: async () => Promise.reject(new Error("R2 internal error 10001")) } as never;
const hangingR2 = { head: () => new Promise<null>(() => {}) } as never;
const working = (): HealthDeps => ({ db: env.DB, media: env.MEDIA, queue: env.MAIL_QUEUE });

let errorLog: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorLog = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("GET /healthz", () => {
  it("answers 200 with the build version when D1, R2 and the queue answer, never cached", async () => {
    const response = await loader({ request: new Request("http://localhost/healthz") } as never);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", version: BUILD_VERSION });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it.each([
    ["d1", { db: failingD1 }],
    ["r2", { media: failingR2 }],
    ["r2", { media: hangingR2, timeoutMs: 20 }],
    ["queue", { queue: undefined }],
    ["queue", { queue: { send: "not a function" } }],
  ] as const)("answers 503 naming %s when it fails, and nothing else", async (part, broken) => {
    const response = await healthResponse({ ...working(), ...(broken as Partial<HealthDeps>) });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", failing: [part] });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Retry-After")).toBe(String(HEALTH_RETRY_AFTER_SECONDS));
    // The error text goes to the log (one JSON line), not to the monitor.
    const line = JSON.parse(String(errorLog.mock.calls[0]?.[0]));
    expect(line).toMatchObject({ level: "error", event: `${part}.unavailable` });
  });

  it("names every failing part", async () => {
    const response = await healthResponse({ db: failingD1, media: failingR2, queue: null });
    expect(await response.json()).toEqual({ status: "unavailable", failing: ["d1", "r2", "queue"] });
  });

  it("through the Worker's own fetch: 200 JSON, never stored by any cache, not indexed", async () => {
    const fetchWorker = createFetchHandler(serverBuildHandler(async () => serverBuild(), "production", false));
    const response = await fetchWorker(new Request("http://localhost/healthz"), env as Env, createExecutionContext());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", version: BUILD_VERSION });
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    expect(response.headers.get("X-Robots-Tag")).toContain("noindex");
  });

  it("is declared uncached, out of robots.txt's reach, and readable by anyone", () => {
    expect(policyFor("/healthz")).toMatchObject({ cache: "private", robots: "disallow", read: "anyone", write: "nobody", offline: false });
  });
});
