/**
 * With D1 failing, every route answers the same way: 503 with Retry-After, one HTML page for pages and `{ message }`
 * for the API. The requests go through the Worker's own fetch (workers/fetch-handler.ts) over a server build made
 * here from app/routes.ts, app/root.tsx and app/entry.server.tsx, so loaders, actions, middleware, the page cache's
 * version read and React Router's error handling are all the real ones.
 */
import { createExecutionContext, env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { adminCookie } from "../tests/support/admin";
import { buyerEmail, insertEnrollment, seedTestDb, testDb } from "../tests/support/db";
import { serverBuild } from "../tests/support/server-build";
import { contentVersion } from "~/server/core/cache.server";
import { DATABASE_UNAVAILABLE_MESSAGE } from "~/server/core/http.server";
import { LEARNER_COOKIE, startLearnerSession } from "~/server/learning/learner.server";
import { loggedEvents } from "../tests/support/logs";
import { createFetchHandler } from "./fetch-handler";
import { serverBuildHandler } from "./request-handler";

/** What workerd's D1 binding throws when its connection to the database drops. */
const connectionLost = () => new Error("D1_ERROR: Network connection lost.", { cause: new Error("Network connection lost.") });
/** A D1 binding whose every statement fails (Drizzle calls only prepare and batch; the Worker opens a session). */
const failingStatement = () => {
  const statement = {
    bind: () => statement,
    all: () => Promise.reject(connectionLost()),
    raw: () => Promise.reject(connectionLost()),
    run: () => Promise.reject(connectionLost()),
    first: () => Promise.reject(connectionLost()),
  };
  return statement;
};
const session = { prepare: failingStatement, batch: () => Promise.reject(connectionLost()), getBookmark: () => null };
const unreachableD1 = { ...session, withSession: () => session } as unknown as D1Database;

const ORIGIN = "http://localhost";
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
  body: new URLSearchParams(fields).toString(),
});
const jsonPost = (body: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: ORIGIN },
  body: JSON.stringify(body),
});

let fetchWorker: ReturnType<typeof createFetchHandler>;
let admin: string;
let learner: string;
let consoleError: MockInstance<typeof console.error>;

beforeAll(() => {
  fetchWorker = createFetchHandler(serverBuildHandler(async () => serverBuild(), "production", false));
});
beforeEach(async () => {
  await seedTestDb();
  // A new content version: the isolate's memos of earlier reads (site settings, lists) are keyed by it, so every
  // loader below asks D1, as on a fresh isolate.
  await contentVersion.bump(testDb());
  admin = await adminCookie();
  const email = buyerEmail();
  await insertEnrollment(testDb(), { email, courseId: 1 });
  learner = `${LEARNER_COOKIE}=${(await startLearnerSession(testDb(), email))!.token}`;
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

/**
 * `json`: an API answer. `form`: the contact page keeps its form and what was typed (503, Retry-After) rather than
 * showing the site's 503 page, so nothing typed is lost.
 */
type Case = { name: string; path: string; init?: RequestInit; cookie?: () => string; json?: boolean; form?: string };
const CASES: Case[] = [
  { name: "the home page", path: "/" },
  { name: "the articles", path: "/articles" },
  { name: "an article", path: "/articles/1" },
  { name: "a practice", path: "/practices/1" },
  { name: "a course", path: "/courses/1" },
  { name: "/learn with a learner cookie", path: "/learn", cookie: () => learner },
  { name: "a lesson", path: "/courses/1/learn/2", cookie: () => learner },
  { name: "a lesson's POST", path: "/courses/1/learn/2", init: form({ intent: "complete" }), cookie: () => learner },
  { name: "/login's POST", path: "/login", init: form({ username: "test-admin", password: "test-password-123" }) },
  { name: "/admin, signed in", path: "/admin", cookie: () => admin },
  { name: "the newsletter archive", path: "/newsletter" },
  {
    name: "the contact form's POST",
    path: "/contact",
    init: form({ name: "A", email: "a@example.com", subject: "general", message: "Words worth keeping" }),
    form: "Words worth keeping",
  },
  { name: "search", path: "/search?q=x" },
  { name: "GET /api/articles/1", path: "/api/articles/1", json: true },
  {
    name: "POST /api/create-payment-intent",
    path: "/api/create-payment-intent",
    init: jsonPost({ courseId: 1, amount: 49, email: "buyer@example.com", name: "Ada" }),
    json: true,
  },
];

async function request({ path, init = {}, cookie }: Case, db: D1Database) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie());
  headers.set("CF-Connecting-IP", "203.0.113.77");
  const ctx = createExecutionContext();
  return fetchWorker(new Request(`${ORIGIN}${path}`, { ...init, headers }), { ...env, DB: db } as Env, ctx);
}

describe("D1 unavailable, on every route", () => {
  it.each(CASES)("$name answers 503 with Retry-After and the same page or JSON", async (each) => {
    const response = await request(each, unreachableD1);
    expect(response.status, each.path).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    if (each.json) {
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    } else if (each.form) {
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain(each.form);
    } else {
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain("<h1>Temporarily unavailable</h1>");
      expect(html).toContain(DATABASE_UNAVAILABLE_MESSAGE);
      expect(html).not.toMatch(/D1_ERROR|Network connection lost|at \w+ \(/);
    }
    if (!each.form) expect(loggedEvents(consoleError)).toContainEqual(expect.objectContaining({ level: "error", event: "d1.unavailable" }));
  });

  it("with the database up, the same requests are not 503s (the harness renders the real routes)", async () => {
    for (const each of CASES.filter((one) => !one.init)) {
      const response = await request(each, env.DB);
      expect(response.status, each.path).not.toBe(503);
      expect(response.status, each.path).toBeLessThan(500);
    }
  });

  it("pages that need no D1 to show (the sign-in form, /learn's access-link form) still show, and their POSTs answer 503", async () => {
    // The header and footer fall back to the vars' settings without D1 (site.server.ts), so these pages are whole.
    for (const path of ["/login", "/learn"]) {
      const response = await request({ name: path, path }, unreachableD1);
      expect(response.status, path).toBe(200);
      expect(await response.text()).not.toContain("Something went wrong");
    }
    const accessLink = await request({ name: "/learn POST", path: "/learn", init: form({ email: "a@example.com" }) }, unreachableD1);
    expect([accessLink.status, accessLink.headers.get("retry-after")]).toEqual([503, "30"]);
  });

  it("a bug is still a 500, never a 503", async () => {
    const broken = {
      ...session,
      withSession: () => ({
        ...session,
        prepare: () => {
          throw new TypeError("not D1");
        },
      }),
    } as unknown as D1Database;
    const response = await request({ name: "an article", path: "/articles/1" }, broken);
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
  });
});

describe("the outage's log line (app/server/core/log.server.ts)", () => {
  const events = () => loggedEvents(consoleError).filter((line) => line.event === "d1.unavailable");

  it("is one JSON line with its level, its event and the request's cf-ray as its request id", async () => {
    const init = { headers: { "cf-ray": "8e2f0c1d2a3b4c5d-LHR" } };
    const response = await request({ name: "the articles", path: "/articles", init }, unreachableD1);
    expect(response.status).toBe(503);
    const lines = consoleError.mock.calls.map(([first]) => String(first)).filter((line) => line.includes('"d1.unavailable"'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain("\n");
    expect(events()).toEqual(
      lines.map(() =>
        expect.objectContaining({ level: "error", event: "d1.unavailable", requestId: "8e2f0c1d2a3b4c5d-LHR", error: expect.any(String) }),
      ),
    );
  });

  it("without cf-ray, a random id, the same for the request's lines and new for the next request", async () => {
    await request({ name: "the articles", path: "/articles" }, unreachableD1);
    const first = new Set(events().map((line) => line.requestId));
    expect(first.size).toBe(1);
    const [id] = first;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    consoleError.mockClear();
    await request({ name: "the articles", path: "/articles" }, unreachableD1);
    expect(events().map((line) => line.requestId)).not.toContain(id);
    expect(events().length).toBeGreaterThan(0);
  });

  it("a POST's e-mail address never reaches the line", async () => {
    await request({ name: "/learn POST", path: "/learn", init: form({ email: "reader@example.com" }) }, unreachableD1);
    expect(events().length).toBeGreaterThan(0);
    expect(consoleError.mock.calls.flat().map(String).join("\n")).not.toContain("reader@example.com");
  });
});
