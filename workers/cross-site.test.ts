/**
 * A form posted to a page from another site (issue #37 §2.15; docs/defences.md): the documented 403 "Cross-site requests
 * are not allowed.", logged as a warning, never React Router's bare 400 with an error line. Through the Worker's own
 * fetch over a server build of app/routes.ts, so React Router's origin check is the real one.
 */
import { createExecutionContext, env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { adminCookie } from "../tests/support/admin";
import { seedTestDb } from "../tests/support/db";
import { loggedEvents } from "../tests/support/logs";
import { serverBuild } from "../tests/support/server-build";
import { CROSS_SITE_MESSAGE } from "~/server/admin/guard.server";
import { createFetchHandler } from "./fetch-handler";
import { serverBuildHandler } from "./request-handler";

const ORIGIN = "http://localhost";
let fetchWorker: ReturnType<typeof createFetchHandler>;
let cookie: string;
let consoleError: MockInstance<typeof console.error>;

beforeAll(() => {
  fetchWorker = createFetchHandler(serverBuildHandler(async () => serverBuild(), "production", false));
});
beforeEach(async () => {
  await seedTestDb();
  cookie = await adminCookie();
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

const post = (path: string, origin: string | null, fields: Record<string, string> = {}) => {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie };
  if (origin !== null) headers.Origin = origin;
  return fetchWorker(
    new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) }),
    env,
    createExecutionContext(),
  );
};

describe("a page's form posted from another site", () => {
  it.each([
    ["an admin page (Settings)", "/admin/settings", "https://evil.example"],
    ["a public form (contact)", "/contact", "https://evil.example"],
    ["the sign-in form", "/login", "https://evil.example"],
    ["an opaque origin", "/admin/settings", "null"],
    ["an origin that is no URL", "/admin/settings", "not a url"],
  ])("%s: 403 with the documented message, a warning and no error", async (_, path, origin) => {
    const response = await post(path, origin, { name: "Hijacked" });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe(CROSS_SITE_MESSAGE);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const events = loggedEvents(consoleError);
    expect(events).toContainEqual(expect.objectContaining({ level: "warn", event: "request.cross_site", path }));
    expect(events.filter((line) => line.level === "error")).toEqual([]);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM site_meta WHERE value = 'Hijacked'").first<{ n: number }>())?.n).toBe(0);
  });

  it("its single-fetch (.data) post gets the same 403 as { message }", async () => {
    const response = await post("/admin/settings.data", "https://evil.example");
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: CROSS_SITE_MESSAGE });
  });

  it("the site's own post, or one without an Origin, still reaches the action", async () => {
    // The form's own refusal (no version, a bad name) shows it ran: not the cross-site answer.
    for (const origin of [ORIGIN, null]) {
      const response = await post("/admin/settings", origin, { name: "" });
      expect(response.status, String(origin)).toBe(400);
      expect(await response.text()).not.toBe(CROSS_SITE_MESSAGE);
    }
    expect(loggedEvents(consoleError).filter((line) => line.event === "request.cross_site")).toEqual([]);
  });
});
