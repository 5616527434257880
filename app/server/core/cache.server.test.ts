import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { adminCookie, adminRequest } from "../../../tests/support/admin";
import { routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { action as createArticleAction, loader as articlesApiLoader } from "~/routes/api/content-collection";
import {
  CACHE_STATUS_HEADER,
  MemoryCache,
  NONCE_PLACEHOLDER,
  cacheKey,
  classifyRequest,
  contentVersion,
  createContentVersion,
  servePage,
  type PageCacheDeps,
} from "./cache.server";
import { BOOKMARK_HEADER, getDb, validBookmark, withD1Session } from "./db.server";
import { withSecurityHeaders } from "./security-headers.server";

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers });

/** A page as entry.server.tsx renders it: the request's nonce on every inline script and preload. */
const renderedPage = (nonce: string, text = "Hello") =>
  new Response(
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/>` +
      `<script nonce="${nonce}">boot()</script></head><body><p>${text}</p><script nonce="${nonce}" type="module">go()</script></body></html>`,
    { headers: { "Content-Type": "text/html; charset=utf-8" } },
  );

/**
 * A Cache API cache of its own per test (the memory tier only where a test asks for it), a fixed build
 * version, and the waitUntil promises, which the test awaits before the next request.
 */
async function setup(version: () => Promise<string> = async () => "v1", memory: MemoryCache | null = null) {
  const pending: Promise<unknown>[] = [];
  const deps: PageCacheDeps = {
    cache: await caches.open(`test-${crypto.randomUUID()}`),
    memory,
    buildVersion: "build-1",
    contentVersion: version,
    waitUntil: (promise) => pending.push(promise),
  };
  const settled = () => Promise.all(pending.splice(0));
  return { deps, settled };
}

/** A render function that counts its calls. */
function counting(render: (call: number) => Response | Promise<Response>) {
  const counter = { calls: 0, render: async () => render(++counter.calls) };
  return counter;
}

describe("which requests may be cached", () => {
  it("public pages, their loader data and public GET APIs are cacheable", async () => {
    for (const path of [
      "/",
      "/_root.data",
      "/articles",
      "/articles.data?_routes=routes%2Farticles",
      "/articles/3",
      "/practices/2.data",
      "/resources",
      "/courses",
      "/courses/1",
      "/about",
      "/contact",
      "/recommended-reading",
      "/legal/privacy",
    ]) {
      expect(await classifyRequest(get(path)), path).toBe("public-page");
    }
    for (const path of [
      "/api/articles",
      "/api/articles/featured",
      "/api/articles/categories",
      "/api/articles/7",
      "/api/practices/2",
      "/api/resources/categories",
      "/api/resources/4",
      "/api/courses",
      "/api/courses/1/details",
    ]) {
      expect(await classifyRequest(get(path)), path).toBe("public-api");
    }
  });

  it("admin, login, enrolment and payment pages, and anything with a signed admin session cookie, are private", async () => {
    for (const path of [
      "/admin",
      "/admin/articles/3",
      "/admin.data",
      "/login",
      "/courses/1/enroll",
      "/courses/1/enroll.data",
      "/courses/payment-success",
    ]) {
      expect(await classifyRequest(get(path)), path).toBe("private");
    }
    const session = await adminCookie();
    expect(await classifyRequest(get("/", { Cookie: session }))).toBe("private");
    expect(await classifyRequest(get("/api/articles", { Cookie: `theme=dark; ${session}` }))).toBe("private");
  });

  it("a forged admin cookie (well-formed, unsigned or wrongly signed) is an anonymous visitor's", async () => {
    const [, real] = (await adminCookie()).split("=");
    const [token, signature] = real?.split(".") ?? [];
    assert(token && signature, "the admin cookie's token and signature");
    const forged = [
      "a".repeat(43),
      `${"a".repeat(43)}.${"b".repeat(43)}`,
      `${token}.${"b".repeat(43)}`,
      `${"a".repeat(43)}.${signature}`,
      `${token}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
    ];
    for (const value of forged) {
      expect(await classifyRequest(get("/", { Cookie: `tel_admin_session=${value}` })), value).toBe("public-page");
      expect(await classifyRequest(get("/api/articles", { Cookie: `tel_admin_session=${value}` })), value).toBe("public-api");
    }
  });

  it("writes, other methods and unknown paths are left alone", async () => {
    expect(await classifyRequest(new Request("http://localhost/api/articles", { method: "POST" }))).toBe("other");
    expect(await classifyRequest(new Request("http://localhost/contact", { method: "POST" }))).toBe("other");
    expect(await classifyRequest(get("/api/articles", { Authorization: "Bearer x" }))).toBe("other");
    for (const path of ["/nowhere", "/api/newsletter/subscribe", "/audio/a.ogg", "/robots.txt"]) {
      expect(await classifyRequest(get(path)), path).toBe("other");
    }
    // A public route's URL that names nothing: its page answers 404, which is never stored (only a whole 200 is).
    expect(await classifyRequest(get("/articles/abc"))).toBe("public-page");
  });
});

describe("cache keys", () => {
  const key = (path: string) => cacheKey(get(path), "build-1", "v1").url;

  it("keep only the parameters a page reads, sorted: tracking and unknown parameters share the page's entry", () => {
    expect(key("/?utm_source=x")).toBe(key("/"));
    expect(key("/?fbclid=1&gclid=2&anything=3")).toBe(key("/"));
    expect(key("/articles?category=a&utm_campaign=b")).toBe(key("/articles?category=a"));
    expect(key("/articles?q=stoic&category=a")).toBe(key("/articles?category=a&q=stoic"));
    expect(key("/practices?duration=short&utm_medium=mail")).toBe(key("/practices?duration=short"));
    expect(key("/resources?category=Books&ref=x")).toBe(key("/resources?category=Books"));
    expect(key("/courses/1?access=required&utm_source=x")).toBe(key("/courses/1?access=required"));
    expect(key("/api/articles?page=2")).toBe(key("/api/articles"));
    // A filter another page does not read is dropped there.
    expect(key("/practices?category=a")).toBe(key("/practices"));
    expect(key("/articles/3?category=a")).toBe(key("/articles/3"));
  });

  it("different values of a real filter, and loader-data requests for different routes, stay apart", () => {
    expect(key("/articles?category=a")).not.toBe(key("/articles?category=b"));
    expect(key("/articles?category=a")).not.toBe(key("/articles"));
    expect(key("/articles?q=x")).not.toBe(key("/articles?q=y"));
    expect(key("/practices?duration=short")).not.toBe(key("/practices?duration=long"));
    expect(key("/courses/1?access=required")).not.toBe(key("/courses/1"));
    // Recommended Reading's category filter is in its URL (a shared link opens the filtered list).
    expect(key("/recommended-reading?category=Stoicism")).not.toBe(key("/recommended-reading"));
    expect(key("/recommended-reading?category=Stoicism&utm_source=x")).toBe(key("/recommended-reading?category=Stoicism"));
    expect(key("/articles.data?_routes=routes%2Farticles")).not.toBe(key("/articles.data?_routes=root"));
    expect(key("/articles.data?category=a&_routes=root&utm_source=x")).toBe(key("/articles.data?_routes=root&category=a"));
  });

  it("`/?utm_source=x` is answered from the entry `/` made", async () => {
    const { deps, settled } = await setup();
    const page = counting(() => renderedPage("n"));
    await servePage(get("/"), "n", deps, page.render);
    await settled();
    const tracked = await servePage(get("/?utm_source=newsletter&utm_campaign=spring"), "n", deps, page.render);
    expect(tracked.headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
    expect(page.calls).toBe(1);
  });

  it("a page whose render wrote keeps its D1 bookmark for its own visitor; the stored copies (memory and Cache API) do not hand it on", async () => {
    for (const memory of [new MemoryCache(), null]) {
      const { deps, settled } = await setup(undefined, memory);
      const page = counting(() => {
        const response = renderedPage("n");
        response.headers.set(BOOKMARK_HEADER, "00000001-00000002-00000003-0123456789abcdef0123456789abcdef");
        return response;
      });
      const first = await servePage(get("/about"), "n", deps, page.render);
      expect(first.headers.get(BOOKMARK_HEADER)).not.toBeNull();
      await settled();
      const later = await servePage(get("/about"), "n", deps, page.render);
      expect(later.headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
      expect(later.headers.get(BOOKMARK_HEADER)).toBeNull();
    }
  });

  it("a forged admin cookie is answered from the cache (no render, so no D1 session read); a real session is private", async () => {
    const { deps, settled } = await setup();
    const page = counting(() => renderedPage("n"));
    await servePage(get("/"), "n", deps, page.render);
    await settled();
    const forged = await servePage(get("/", { Cookie: `tel_admin_session=${"a".repeat(43)}` }), "n", deps, page.render);
    expect(forged.headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
    expect(page.calls).toBe(1);

    const real = await servePage(get("/", { Cookie: await adminCookie() }), "n", deps, page.render);
    expect(real.headers.get(CACHE_STATUS_HEADER)).toBe("BYPASS");
    expect(real.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.calls).toBe(2);
  });
});

describe("the Worker's page cache", () => {
  it("renders on a miss, answers the next request from the cache without rendering", async () => {
    const { deps, settled } = await setup();
    const page = counting(() => Response.json({ items: [1, 2, 3] }));

    const first = await servePage(get("/api/articles"), "n1", deps, page.render);
    expect(first.headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
    expect(await first.json()).toEqual({ items: [1, 2, 3] });
    await settled();

    const second = await servePage(get("/api/articles"), "n2", deps, page.render);
    expect(second.headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
    expect(await second.json()).toEqual({ items: [1, 2, 3] });
    expect(page.calls).toBe(1);
    // A parameter nothing reads is the same page.
    await servePage(get("/api/articles?x=1"), "n3", deps, page.render);
    expect(page.calls).toBe(1);
  });

  it("a hit carries the new request's nonce in every attribute and in the CSP header; the stored copy holds none", async () => {
    const { deps, settled } = await setup();
    const page = counting(() => renderedPage("first-nonce"));

    const miss = await servePage(get("/articles"), "first-nonce", deps, page.render);
    expect(await miss.text()).toContain('nonce="first-nonce"');
    await settled();

    const stored = await deps.cache!.match(cacheKey(get("/articles"), deps.buildVersion, "v1"));
    const storedHtml = await stored!.text();
    expect(storedHtml).not.toContain("first-nonce");
    expect(storedHtml.split(`nonce="${NONCE_PLACEHOLDER}"`)).toHaveLength(4);

    // As workers/app.ts does: the security headers are added for the same nonce the page got.
    const hit = withSecurityHeaders(await servePage(get("/articles"), "second+nonce/==", deps, page.render), {
      nonce: "second+nonce/==",
      pathname: "/articles",
    });
    expect(hit.headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
    expect(page.calls).toBe(1);
    const html = await hit.text();
    const attributes = [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
    expect(attributes).toEqual(["second+nonce/==", "second+nonce/==", "second+nonce/=="]);
    expect(html).not.toContain(NONCE_PLACEHOLDER);
    expect(hit.headers.get("Content-Security-Policy")).toContain("'nonce-second+nonce/=='");
    expect(hit.headers.get("Content-Security-Policy")).not.toContain("first-nonce");
  });

  it("keys carry the build and content versions: a new content version misses", async () => {
    let version = "v1";
    const { deps, settled } = await setup(async () => version);
    const page = counting((call) => renderedPage("n", `render ${call}`));
    expect(cacheKey(get("/articles?q=x&a=1"), "build-1", "v9").url).toBe("http://localhost/__page-cache/build-1/v9/articles?q=x");

    await servePage(get("/about"), "n", deps, page.render);
    await settled();
    expect(await (await servePage(get("/about"), "n", deps, page.render)).text()).toContain("render 1");

    version = "v2";
    const fresh = await servePage(get("/about"), "n", deps, page.render);
    expect(fresh.headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
    expect(await fresh.text()).toContain("render 2");
  });

  it("an admin write through the API makes the next public read miss and show the new row", async () => {
    const db = await seedTestDb();
    const { deps, settled } = await setup(() => contentVersion.read(() => db));
    const readArticles = async () => {
      const request = get("/api/articles");
      const response = await servePage(request, "n", deps, () => articlesApiLoader(routeArgs(request)));
      await settled();
      return {
        status: response.headers.get(CACHE_STATUS_HEADER),
        titles: ((await response.json()) as { title: string }[]).map((a) => a.title),
      };
    };

    const before = await readArticles();
    expect(before.status).toBe("MISS");
    expect((await readArticles()).status).toBe("HIT");

    const versionBefore = await contentVersion.read(() => db);
    const created = await createArticleAction(
      routeArgs(
        adminRequest("POST", "/api/articles", {
          cookie: await adminCookie(db),
          body: {
            title: "Cached No More",
            excerpt: "E",
            content: "C",
            imageUrl: "/images/a.svg",
            category: "Philosophy",
            readingTime: 5,
            authorId: 1,
          },
        }),
      ),
    );
    expect(created.status).toBe(201);
    expect(await contentVersion.read(() => db)).not.toBe(versionBefore);

    const after = await readArticles();
    expect(after.status).toBe("MISS");
    expect(after.titles).toContain("Cached No More");
    expect(after.titles).toHaveLength(before.titles.length + 1);
  });

  it("never stores private pages, session requests, or answers that set a cookie or are not a 200", async () => {
    const { deps, settled } = await setup();
    const cases: { request: Request; response: () => Response }[] = [
      ...["/admin", "/login", "/courses/1/enroll", "/courses/payment-success"].map((path) => ({
        request: get(path),
        response: () => renderedPage("n"),
      })),
      { request: get("/", { Cookie: await adminCookie() }), response: () => renderedPage("n") },
      { request: get("/api/articles"), response: () => Response.json([], { headers: { "Set-Cookie": "a=b" } }) },
      {
        request: get("/articles/999"),
        response: () => new Response("<p>Not found</p>", { status: 404, headers: { "Content-Type": "text/html" } }),
      },
      { request: get("/api/courses"), response: () => Response.json([], { headers: { "Cache-Control": "private, no-store" } }) },
    ];
    for (const { request, response } of cases) {
      const page = counting(response);
      for (let i = 0; i < 2; i++) {
        const answer = await servePage(request, "n", deps, page.render);
        expect(answer.headers.get(CACHE_STATUS_HEADER), request.url).toBe("BYPASS");
        await settled();
      }
      expect(page.calls, request.url).toBe(2);
      expect(await deps.cache!.match(cacheKey(request, deps.buildVersion, "v1")), request.url).toBeUndefined();
    }
  });

  it("does not keep a page whose streamed part failed: the next request renders again", async () => {
    const { deps, settled } = await setup();
    const outcome = { failed: false };
    const page = counting(() => {
      // A section fails while the body streams, after the 200 and the shell are out.
      outcome.failed = true;
      return renderedPage("n1", "Failed to load articles. Please try again later.");
    });
    const first = await servePage(get("/"), "n1", deps, page.render, () => !outcome.failed);
    expect(first.headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
    expect(await first.text()).toContain("Failed to load articles");
    await settled();
    expect(await deps.cache!.match(cacheKey(get("/"), deps.buildVersion, "v1"))).toBeUndefined();
    expect((await servePage(get("/"), "n2", deps, page.render, () => !outcome.failed)).headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
    expect(page.calls).toBe(2);
  });

  it("sends browsers `max-age=0` and the edge its s-maxage, never letting the edge keep HTML; private answers are no-store", async () => {
    const { deps } = await setup();
    const json = await servePage(get("/api/articles"), "n", deps, async () => Response.json([]));
    expect(json.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300");
    expect(json.headers.get("CDN-Cache-Control")).toBe("public, s-maxage=300, stale-while-revalidate=86400");
    expect(json.headers.get("Cache-Tag")).toBe("content");
    const html = await servePage(get("/"), "n", deps, async () => renderedPage("n"));
    expect(html.headers.get("CDN-Cache-Control")).toBe("no-store");
    const enroll = await servePage(get("/courses/1/enroll"), "n", deps, async () => renderedPage("n"));
    expect(enroll.headers.get("Cache-Control")).toBe("private, no-store");
    // The edge cache keeps only what is allowed: everything else says no-store to it.
    expect(enroll.headers.get("CDN-Cache-Control")).toBe("no-store");
    const sitemap = await servePage(
      get("/sitemap.xml"),
      "n",
      deps,
      async () => new Response("<urlset/>", { headers: { "Cache-Control": "public, max-age=3600" } }),
    );
    expect(sitemap.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(sitemap.headers.get("CDN-Cache-Control")).toBe("no-store");
    const missing = await servePage(get("/articles/999"), "n", deps, async () => new Response("gone", { status: 404 }));
    expect(missing.headers.get("CDN-Cache-Control")).toBe("no-store");
    // With the Worker's cache off, answers are rendered every time and keep their headers.
    const off = { ...deps, cache: null };
    const uncached = await servePage(get("/api/articles"), "n", off, async () => Response.json([]));
    expect(uncached.headers.get(CACHE_STATUS_HEADER)).toBe("BYPASS");
    expect(uncached.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300");
  });
});

describe("the isolate's memory tier", () => {
  it("answers a hot page without the Cache API, with a fresh nonce, and misses after a content change", async () => {
    let version = "v1";
    const { deps, settled } = await setup(async () => version, new MemoryCache());
    const page = counting((call) => renderedPage("nonce-one", `render ${call}`));
    await servePage(get("/"), "nonce-one", deps, page.render);
    await settled();
    // Gone from the Cache API: only the memory tier can answer now.
    await deps.cache!.delete(cacheKey(get("/"), deps.buildVersion, "v1"));

    const hit = await servePage(get("/"), "nonce-two", deps, page.render);
    expect(hit.headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
    const html = await hit.text();
    expect(html).toContain('nonce="nonce-two"');
    expect(html).not.toContain("nonce-one");
    expect(page.calls).toBe(1);

    version = "v2";
    expect((await servePage(get("/"), "n", deps, page.render)).headers.get(CACHE_STATUS_HEADER)).toBe("MISS");
    expect(page.calls).toBe(2);
  });

  it("keeps a page as bytes split where the nonce goes, with the hit's headers ready, so a hit neither searches nor encodes", async () => {
    const memory = new MemoryCache();
    const { deps, settled } = await setup(async () => "v1", memory);
    await servePage(get("/"), "nonce-one", deps, async () => renderedPage("nonce-one", "Café — ünïcode"));
    await settled();

    const stored = memory.get(cacheKey(get("/"), deps.buildVersion, "v1").url);
    expect(stored?.pieces).toHaveLength(4);
    for (const piece of stored?.pieces ?? []) expect(piece).toBeInstanceOf(Uint8Array);
    const text = (stored?.pieces ?? []).map((piece) => new TextDecoder().decode(piece));
    expect(text.join("")).not.toContain("nonce-one");
    expect(text.join("")).not.toContain(NONCE_PLACEHOLDER);
    const headers = new Headers(stored?.headers);
    expect(headers.get(CACHE_STATUS_HEADER)).toBe("HIT");
    expect(headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300");
    expect(headers.get("CDN-Cache-Control")).toBe("no-store");

    // The bytes come back whole around the new nonce, multi-byte characters included.
    const hit = await servePage(get("/"), "nonce-two", deps, async () => renderedPage("unused"));
    expect(await hit.text()).toBe(await renderedPage("nonce-two", "Café — ünïcode").text());
  });

  it("drops the least recently used entries past its size, and entries past their age", () => {
    let clock = 0;
    const memory = new MemoryCache(10, 1_000, () => clock);
    const bytes = (text: string) => new TextEncoder().encode(text);
    const page = (body: string) => ({ pieces: [bytes(body)], size: body.length, headers: [] as [string, string][] });
    memory.set("a", page("aaaa"));
    memory.set("b", page("bbbb"));
    expect(memory.get("a")?.pieces).toEqual([bytes("aaaa")]); // a is now the most recently used
    memory.set("c", page("cccc")); // 12 > 10: b goes
    expect(memory.get("b")).toBeUndefined();
    expect(memory.get("a")?.pieces).toEqual([bytes("aaaa")]);
    expect(memory.get("c")?.pieces).toEqual([bytes("cccc")]);
    memory.set("huge", page("x".repeat(11)));
    expect(memory.get("huge")).toBeUndefined();
    clock = 1_000;
    expect(memory.get("a")).toBeUndefined();
  });
});

describe("the content version", () => {
  it("is read from D1 at most once per memo period, and a bump is seen at once", async () => {
    const db = testDb();
    let clock = 1_000;
    const version = createContentVersion({ ttlMs: 1_000, now: () => clock });
    expect(await version.read(() => db)).toBe("initial");

    // Another isolate's write: this one notices after its memo expires.
    await env.DB.prepare("INSERT INTO site_meta (key, value) VALUES ('content_version', 'elsewhere')").run();
    expect(await version.read(() => db)).toBe("initial");
    clock += 1_001;
    expect(await version.read(() => db)).toBe("elsewhere");

    const bumped = await version.bump(db);
    expect(bumped).not.toBe("elsewhere");
    expect(await version.read(() => db)).toBe(bumped);
    const row = await env.DB.prepare("SELECT value FROM site_meta WHERE key = 'content_version'").first<{ value: string }>();
    expect(row?.value).toBe(bumped);
  });

  it("a read that was under way during a bump does not bring the old version back", async () => {
    const db = testDb();
    const version = createContentVersion({ ttlMs: 60_000 });
    const racing = version.read(() => db);
    const bumped = await version.bump(db);
    await racing;
    expect(await version.read(() => db)).toBe(bumped);
  });
});

describe("D1 sessions", () => {
  it("a write's answer returns the session bookmark; reads inside the session see the write", async () => {
    const post = new Request("http://localhost/api/newsletter/subscribe", { method: "POST" });
    const written = await withD1Session(post, env.DB, async () => {
      await getDb().run(sql`INSERT INTO site_meta (key, value) VALUES ('probe', 'written')`);
      const row = await getDb().get<{ value: string }>(sql`SELECT value FROM site_meta WHERE key = 'probe'`);
      return Response.json(row);
    });
    expect(await written.json()).toEqual({ value: "written" });
    const bookmark = written.headers.get(BOOKMARK_HEADER);
    // Local D1's bookmarks have the shape of production's, which is all withD1Session accepts back.
    expect(bookmark).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);
    expect(validBookmark(bookmark)).toBe(bookmark);
    // Nobody signed in: no cookie, the header only.
    expect(written.headers.getSetCookie()).toEqual([]);

    // A later request continuing from that bookmark reads at least that state; a plain read gets no bookmark.
    const read = await withD1Session(get("/api/articles", { [BOOKMARK_HEADER]: bookmark! }), env.DB, async () =>
      Response.json(await getDb().get<{ value: string }>(sql`SELECT value FROM site_meta WHERE key = 'probe'`)),
    );
    expect(await read.json()).toEqual({ value: "written" });
    expect(read.headers.get(BOOKMARK_HEADER)).toBeNull();

    // A POST that only read (a form refused by its validation) hands no bookmark back.
    const refused = await withD1Session(post, env.DB, async () => Response.json(await getDb().get(sql`SELECT 1 AS one`)));
    expect(refused.headers.get(BOOKMARK_HEADER)).toBeNull();
  });
});
