/**
 * Who sends a request is worked out once (app/server/core/identity.server.ts): a signed session cookie costs one HMAC
 * per request, however many parts of the request ask (the page cache, the D1 session, the route guard, the admin and
 * learning pages). The requests go through the Worker's own fetch over a server build made from app/routes.ts, as in
 * workers/database-outage.test.ts, and every HMAC verification is counted.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { adminCookie } from "../tests/support/admin";
import { buyerEmail, insertEnrollment, seedTestDb, testDb } from "../tests/support/db";
import { serverBuild } from "../tests/support/server-build";
import { LEARNER_COOKIE, startLearnerSession } from "~/server/learning/learner.server";
import { createFetchHandler } from "./fetch-handler";
import { serverBuildHandler } from "./request-handler";

const ORIGIN = "http://localhost";
let fetchWorker: ReturnType<typeof createFetchHandler>;
let verify: MockInstance<SubtleCrypto["verify"]>;

beforeAll(() => {
  fetchWorker = createFetchHandler(serverBuildHandler(async () => serverBuild(), "production", false));
});
beforeEach(async () => {
  await seedTestDb();
  verify = vi.spyOn(crypto.subtle, "verify");
});
afterEach(() => verify.mockRestore());

/** The HMAC verifications of the request's cookies while the Worker answers `path`. */
async function hmacsFor(path: string, cookie: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  headers.set("CF-Connecting-IP", "203.0.113.78");
  const ctx = createExecutionContext();
  verify.mockClear();
  const response = await fetchWorker(new Request(`${ORIGIN}${path}`, { ...init, headers }), env, ctx);
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  const hmacs = verify.mock.calls.filter(([algorithm]) => (typeof algorithm === "string" ? algorithm : algorithm.name) === "HMAC");
  return { status: response.status, hmacs: hmacs.length };
}

describe("the request's identity, read once", () => {
  it("an admin page, uncached: the admin cookie's signature is checked once (the cache, D1 and the guard share it)", async () => {
    expect(await hmacsFor("/admin/messages", await adminCookie())).toEqual({ status: 200, hmacs: 1 });
  });

  it("an admin form post, and a public page for a signed-in admin: once each", async () => {
    const cookie = await adminCookie();
    await env.DB.prepare(
      "INSERT INTO contact_messages (id, name, email, subject, message) VALUES (1, 'Ada', 'a@example.com', 'general', 'Hi')",
    ).run();
    const post = {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: new URLSearchParams({ intent: "handled" }).toString(),
    };
    expect(await hmacsFor("/admin/messages/1", cookie, post)).toEqual({ status: 200, hmacs: 1 });
    expect(await hmacsFor("/articles", cookie)).toEqual({ status: 200, hmacs: 1 });
  });

  it("a learning page: the learner cookie's signature is checked once (the cache and the learning layout share it)", async () => {
    const email = buyerEmail();
    await insertEnrollment(testDb(), { email, courseId: 1 });
    const learner = `${LEARNER_COOKIE}=${(await startLearnerSession(testDb(), email))!.token}`;
    expect(await hmacsFor("/learn", learner)).toEqual({ status: 200, hmacs: 1 });
  });

  it("no signed cookie, no HMAC", async () => {
    expect(await hmacsFor("/about", "theme=dark")).toEqual({ status: 200, hmacs: 0 });
  });
});
