/**
 * What the Worker counts: requests go through its own fetch (workers/fetch-handler.ts) over a server build made from
 * app/routes.ts, as in workers/database-outage.test.ts, with the page cache on, and the analytics queue replaced by one
 * that records what it is sent.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { adminCookie } from "../../../tests/support/admin";
import { seedTestDb } from "../../../tests/support/db";
import { serverBuild } from "../../../tests/support/server-build";
import type { PageViewMessage } from "~/lib/analytics";
import { routeFor } from "~/site-routes";
import { createFetchHandler } from "../../../workers/fetch-handler";
import { serverBuildHandler } from "../../../workers/request-handler";
import { CACHE_STATUS_HEADER, contentVersion } from "../core/cache.server";
import { testDb } from "../../../tests/support/db";
import {
  contentIdOf,
  countedRoute,
  countPageView,
  deviceClass,
  isCountedRoute,
  MAX_VIEWS_PER_MESSAGE,
  OTHER_CONTENT_ID,
} from "./counting.server";
import { forgetSaltMemo } from "./visitor-hash.server";

const ORIGIN = "http://localhost";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const DOCUMENT = { Accept: "text/html,application/xhtml+xml", "User-Agent": FIREFOX, "CF-Connecting-IP": "203.0.113.20" };

let fetchWorker: ReturnType<typeof createFetchHandler>;
let sent: PageViewMessage[];
let workerEnv: Env;

beforeAll(() => {
  // The Worker turns its page cache off on the dev server (import.meta.env.DEV); here it runs as built.
  vi.stubEnv("DEV", false);
  fetchWorker = createFetchHandler(serverBuildHandler(async () => serverBuild(), "production", false));
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(async () => {
  await seedTestDb();
  // A new content version: no page of an earlier test is in the cache.
  await contentVersion.bump(testDb());
  forgetSaltMemo();
  sent = [];
  const queue = {
    // The Worker sends an isolate's views gathered as one message (an array).
    send: async (body: PageViewMessage[]) => {
      sent.push(...body);
    },
    sendBatch: async () => {},
  };
  workerEnv = { ...env, ANALYTICS_QUEUE: queue as never };
});

/** Sends `path` through the Worker and waits for its waitUntil work (the counting): the answer's status and cache header. */
async function visit(
  path: string,
  headers: Record<string, string> = DOCUMENT,
  init: { cf?: Record<string, string>; vars?: Partial<Env> } = {},
) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { headers, cf: init.cf } as RequestInit);
  const response = await fetchWorker(request, { ...workerEnv, ...init.vars }, ctx);
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { status: response.status, cache: response.headers.get(CACHE_STATUS_HEADER) };
}

describe("counting page views in the Worker", () => {
  it("counts a page render and a page-cache hit, with the route, content id, referrer host, tags, country and device", async () => {
    expect(await visit("/articles/1", DOCUMENT, { cf: { country: "DE" } })).toEqual({ status: 200, cache: "MISS" });
    const hit = await visit("/articles/1?utm_source=Newsletter&utm_medium=email&utm_campaign=issue-3&fbclid=x", {
      ...DOCUMENT,
      "User-Agent": IPHONE,
      Referer: "https://www.google.com/search?q=stoics",
    });
    expect(hit).toEqual({ status: 200, cache: "HIT" });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      type: "view",
      pattern: "/articles/:id",
      contentId: "1",
      country: "DE",
      device: "desktop",
      referrer: null,
      source: null,
    });
    expect(sent[1]).toEqual({
      type: "view",
      day: new Date().toISOString().slice(0, 10),
      pattern: "/articles/:id",
      contentId: "1",
      referrer: "google.com",
      source: "newsletter",
      medium: "email",
      campaign: "issue-3",
      country: null,
      device: "mobile",
      visitor: expect.stringMatching(/^[0-9a-f]{32}$/),
      client: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    // Another User-Agent from the same address: another visitor, the same client (its daily cap counts both).
    expect(sent[1]?.visitor).not.toBe(sent[0]?.visitor);
    expect(sent[1]?.client).toBe(sent[0]?.client);
    expect(sent[1]?.client).not.toBe(sent[1]?.visitor);
  });

  it("one client is one visitor hash across pages and visits of the day", async () => {
    await visit("/");
    await visit("/articles");
    await visit("/articles");
    expect(sent.map((message) => message.pattern)).toEqual(["/", "/articles", "/articles"]);
    expect(new Set(sent.map((message) => message.visitor)).size).toBe(1);
    await visit("/", { ...DOCUMENT, "CF-Connecting-IP": "203.0.113.21" });
    expect(new Set(sent.map((message) => message.visitor)).size).toBe(2);
  });

  it("does not count a bot, a request without a User-Agent, a prefetch, a non-document request or a signed-in admin", async () => {
    const cases: [string, Record<string, string>][] = [
      ["a crawler", { ...DOCUMENT, "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
      ["a headless browser", { ...DOCUMENT, "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/140.0.0.0 Safari/537.36" }],
      ["curl", { ...DOCUMENT, "User-Agent": "curl/8.5.0" }],
      ["no User-Agent", { Accept: "text/html" }],
      ["a prefetch", { ...DOCUMENT, "Sec-Purpose": "prefetch" }],
      ["a prerender", { ...DOCUMENT, "Sec-Purpose": "prefetch;prerender" }],
      ["an old prefetch", { ...DOCUMENT, Purpose: "prefetch" }],
      ["no Accept: text/html", { ...DOCUMENT, Accept: "*/*" }],
      ["a signed-in admin", { ...DOCUMENT, Cookie: await adminCookie() }],
    ];
    for (const [name, headers] of cases) {
      expect((await visit("/articles/1", headers)).status, name).toBe(200);
      expect(sent, name).toEqual([]);
    }
    // The same request as a visitor's is counted (the cases above differ by one header each).
    await visit("/articles/1");
    expect(sent).toHaveLength(1);
  });

  it("counts a .data request of a navigation, not a revalidation of the page it is on", async () => {
    const data = (_path: string, referer: string) => ({ "User-Agent": FIREFOX, Accept: "*/*", Referer: `${ORIGIN}${referer}` });
    // From the list to an article: a navigation.
    expect((await visit("/articles/1.data", data("/articles/1.data", "/articles"))).status).toBe(200);
    expect(sent.map((message) => [message.pattern, message.contentId, message.referrer])).toEqual([["/articles/:id", "1", null]]);
    // On the article, after a form's action: the same page again.
    await visit("/articles/1.data", data("", "/articles/1"));
    // A tag in the query is not another page (the page cache's key leaves it out).
    await visit("/articles/1.data?utm_source=x", data("", "/articles/1"));
    expect(sent).toHaveLength(1);
    // The home page's data is /_.data; a filter the page reads is another page of the list.
    await visit("/_.data", data("", "/about"));
    await visit("/articles.data?category=stoicism", data("", "/articles"));
    expect(sent.map((message) => message.pattern)).toEqual(["/articles/:id", "/", "/articles"]);
    // A .data request from another site, or with no Referer, is nobody's navigation.
    await visit("/articles/1.data", { "User-Agent": FIREFOX, Referer: "https://example.org/articles" });
    await visit("/articles/1.data", { "User-Agent": FIREFOX });
    expect(sent).toHaveLength(3);
  });

  it("counts nothing with ANALYTICS=off, and not the admin, a learner's page, the API or a 404", async () => {
    await visit("/articles/1", DOCUMENT, { vars: { ANALYTICS: "off" } });
    expect(sent).toEqual([]);
    for (const path of ["/admin", "/learn", "/api/articles", "/no-such-page", "/articles/99999", "/sitemap.xml", "/healthz"])
      await visit(path);
    expect(sent).toEqual([]);
  });
});

describe("sending views", () => {
  it("an isolate's views go as one message: sent after a moment, or at once when it holds 100", async () => {
    const messages: PageViewMessage[][] = [];
    const queue = { send: async (body: PageViewMessage[]) => void messages.push(body) } as never as Queue;
    const waits: Promise<unknown>[] = [];
    const deps = {
      identity: { adminToken: null },
      env: { ...env, ANALYTICS_QUEUE: queue },
      waitUntil: (p: Promise<unknown>) => void waits.push(p),
    };
    const request = (path: string) => new Request(`${ORIGIN}${path}`, { headers: DOCUMENT });
    countPageView(request("/"), { status: 200 }, deps);
    countPageView(request("/about"), { status: 200 }, deps);
    await Promise.all(waits);
    expect(messages.map((message) => message.map((view) => view.pattern))).toEqual([["/", "/about"]]);

    waits.length = 0;
    for (let i = 0; i < MAX_VIEWS_PER_MESSAGE + 1; i++) countPageView(request(`/articles/${i + 1}`), { status: 200 }, deps);
    await Promise.all(waits);
    expect(messages.slice(1).map((message) => message.length)).toEqual([MAX_VIEWS_PER_MESSAGE, 1]);
  });
});

describe("which routes and what they name", () => {
  it("counts public pages and the enrolment page, never the admin, learners' pages, tokens, certificates or the API", () => {
    const counted = (path: string) => isCountedRoute(routeFor(path));
    for (const path of [
      "/",
      "/articles",
      "/articles/3",
      "/practices/2",
      "/courses/1",
      "/courses/1/enroll",
      "/newsletter/4",
      "/legal/privacy",
      "/search",
    ])
      expect(counted(path), path).toBe(true);
    for (const path of [
      "/admin",
      "/admin/articles/3",
      "/learn",
      "/courses/1/learn/2",
      "/certificates/abc",
      "/learn/access/token",
      "/newsletter/confirm/token",
      "/courses/payment-success",
      "/api/articles",
      "/articles/rss.xml",
      "/sitemap.xml",
      "/nothing-here",
    ])
      expect(counted(path), path).toBe(false);
  });

  it("takes the content id from the :id segment only", () => {
    expect(contentIdOf("/articles/:id", "/articles/12")).toBe("12");
    expect(contentIdOf("/courses/:id/enroll", "/courses/4/enroll")).toBe("4");
    expect(contentIdOf("/legal/:type", "/legal/privacy")).toBe("");
    expect(contentIdOf("/", "/")).toBe("");
    // One article, however its id is spelt: one row, not one per spelling (the page answers 200 for each).
    for (const spelling of ["1", "01", "0001", "000000001"]) expect(contentIdOf("/articles/:id", `/articles/${spelling}`)).toBe("1");
    expect(contentIdOf("/articles/:id", "/articles/x%20y")).toBe(OTHER_CONTENT_ID);
  });

  it("classes devices from the User-Agent", () => {
    expect(deviceClass(FIREFOX)).toBe("desktop");
    expect(deviceClass(IPHONE)).toBe("mobile");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36")).toBe("mobile");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; SM-X910) AppleWebKit/537.36 Chrome/140.0 Safari/537.36")).toBe("tablet");
    expect(deviceClass("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148")).toBe("tablet");
  });

  it("a 304 is counted, a HEAD or a 500 is not", () => {
    const request = (method = "GET") => new Request(`${ORIGIN}/about`, { method, headers: DOCUMENT });
    const visitor = { adminToken: null };
    expect(countedRoute(request(), { status: 304 }, visitor)).not.toBeNull();
    expect(countedRoute(request("HEAD"), { status: 200 }, visitor)).toBeNull();
    expect(countedRoute(request(), { status: 500 }, visitor)).toBeNull();
  });
});
