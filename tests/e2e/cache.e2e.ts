/** The Worker's page cache on the served build (app/server/core/cache.server.ts, wired in workers/app.ts). */
import { request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ROUTE_SAMPLES } from "../support/route-samples";
import { baseURL, e2eAdmin, gotoHydrated, openPagePerTest } from "./browser";
import { emptyPageCache } from "./server-db";

const t = openPagePerTest();

async function load(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseURL}${path}`, { headers });
  const html = await response.text();
  return {
    cache: response.headers.get("x-worker-cache"),
    cacheControl: response.headers.get("cache-control"),
    headerNonce: /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1],
    attributeNonces: [...new Set([...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]))],
  };
}

describe("page cache", () => {
  it("a cached page gets the request's own nonce, in the CSP header and every attribute, and hydrates", async () => {
    // A cache of its own, so the first request is certainly a miss.
    await emptyPageCache();
    const path = "/about";
    const first = await load(path);
    // The miss is stored after its answer has gone out: ask until a hit comes.
    const answers: Awaited<ReturnType<typeof load>>[] = [];
    await expect
      .poll(
        async () => {
          answers.push(await load(path));
          return answers.at(-1)?.cache;
        },
        { timeout: 10_000 },
      )
      .toBe("HIT");
    const second = answers.at(-1)!;
    expect([first.cache, second.cache]).toEqual(["MISS", "HIT"]);
    for (const answer of [first, second]) {
      expect(answer.headerNonce).toBeTruthy();
      expect(answer.attributeNonces).toEqual([answer.headerNonce]);
    }
    expect(second.headerNonce).not.toBe(first.headerNonce);

    // The browser runs the cached page's scripts (a CSP violation would fail the test).
    const response = await gotoHydrated(t.page, path);
    expect(response?.headers()["x-worker-cache"]).toBe("HIT");
  });

  it("a signed-in admin's requests bypass the cache and are not stored", async () => {
    const admin = await request.newContext({ baseURL });
    try {
      expect((await admin.post("/login", { form: { username: e2eAdmin.username, password: e2eAdmin.password } })).ok()).toBe(true);
      await emptyPageCache();
      const path = "/articles";
      const answer = await admin.get(path);
      expect(answer.headers()["x-worker-cache"]).toBe("BYPASS");
      expect(answer.headers()["cache-control"]).toBe("private, no-store");
      // Nothing was stored: a visitor's first request for the same URL is a miss.
      expect((await load(path)).cache).toBe("MISS");
    } finally {
      await admin.dispose();
    }
  });
});

describe("each route's cache class", () => {
  it("a visitor's GET of every route is cached, left alone or kept private as its policy says (app/site-routes.ts)", async () => {
    for (const { url, policy } of ROUTE_SAMPLES) {
      const response = await fetch(`${baseURL}${url}`, { redirect: "manual" });
      await response.arrayBuffer();
      const cache = response.headers.get("x-worker-cache");
      if (policy.cache === "private") {
        expect([cache, response.headers.get("cache-control")], url).toEqual(["BYPASS", "private, no-store"]);
      } else if (policy.cache === "public-uncached") {
        expect(cache, url).toBeNull();
      } else {
        // Only a whole 200 is kept; anything else passes by.
        expect(response.status === 200 ? ["MISS", "HIT"] : ["BYPASS"], url).toContain(cache);
      }
    }
  });
});
