/**
 * The document streams: the shell (header, hero, headings, filters, the skeletons) goes out
 * before the slow data, which follows in the same response (app/server/core/deferred.server.ts). The test
 * server holds every deferred read back by `deferredReadDelayMs`, so "before" is measurable here.
 */
import http from "node:http";
import { assert, describe, expect, inject, it } from "vitest";
import { baseURL, gotoHydrated, openPagePerTest } from "./browser";
import { emptyPageCache } from "./server-db";

const delayMs = inject("deferredReadDelayMs");
const t = openPagePerTest();
const BROWSER_UA = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

type Arrival = { ms: number; text: string };

/**
 * Reads a page chunk by chunk with the time each chunk arrived. Uncompressed: local workerd's stand-in
 * for the edge's compression holds a gzip stream back until it ends (Cloudflare's edge does not).
 */
function readArrivals(path: string, userAgent = BROWSER_UA): Promise<Arrival[]> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    http
      .get(`${baseURL}${path}`, { headers: { "user-agent": userAgent, "accept-encoding": "identity" } }, (response) => {
        const arrivals: Arrival[] = [];
        response.setEncoding("utf8");
        response.on("data", (text: string) => arrivals.push({ ms: Date.now() - started, text }));
        response.on("end", () => resolve(arrivals));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** The text that had arrived when `marker` first appeared, and when that was. */
function upTo(arrivals: Arrival[], marker: string) {
  let text = "";
  for (const arrival of arrivals) {
    text += arrival.text;
    if (text.includes(marker)) return { text, ms: arrival.ms };
  }
  throw new Error(`"${marker}" never arrived`);
}

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;
const featuredTitles = async () =>
  ((await (await fetch(`${baseURL}/api/articles/featured`)).json()) as { title: string }[]).map((a) => a.title);

describe("streaming", () => {
  it("the home page sends its hero and the sections' skeletons first, then the featured content", async () => {
    const [title] = await featuredTitles();
    assert(title, "a featured article");
    await emptyPageCache(); // a page from the Worker's cache arrives all at once
    await readArrivals("/"); // warm: the measured request is not the isolate's first render
    const arrivals = await readArrivals("/");
    // The shell is whole once the footer is in: where the stream's chunks fall inside it (and how many a read
    // gathers) depends on the bytes before and on the machine, so no marker inside the shell is waited for.
    const shell = upTo(arrivals, "</footer>");
    expect(shell.text).toContain("Resource Library");
    expect(shell.text).toContain("Live an examined life");
    expect(shell.text).not.toContain(title);
    // The home page's skeleton: 3 article cards and 2 practice cards, and 3 resource groups.
    expect(count(shell.text, /data-skeleton-card/g)).toBe(5);
    expect(count(shell.text, /data-skeleton-group/g)).toBe(3);

    // Times count from the request: the shell comes before the held-back data could, the content after.
    expect(shell.ms).toBeLessThan(delayMs);
    expect(upTo(arrivals, title).ms).toBeGreaterThanOrEqual(delayMs);
  });

  it("a list page sends its heading, filters and 6-card skeleton first, then the articles", async () => {
    const [title] = await featuredTitles();
    assert(title, "a featured article");
    await emptyPageCache();
    await readArrivals("/articles");
    const arrivals = await readArrivals("/articles");
    const shell = upTo(arrivals, 'role="search"');
    expect(shell.text).toMatch(/<h1[^>]*>Articles<\/h1>/);
    const withSkeleton = upTo(arrivals, "data-skeleton-card");
    expect(withSkeleton.ms - shell.ms).toBeLessThan(delayMs * 0.5);
    const content = upTo(arrivals, title);
    expect(count(content.text.slice(0, content.text.indexOf(title)), /data-skeleton-card/g)).toBe(6);
    expect(shell.ms).toBeLessThan(delayMs);
    expect(content.ms).toBeGreaterThanOrEqual(delayMs);
  });

  it("crawlers get the whole document in place, with no skeletons", async () => {
    const [title] = await featuredTitles();
    const html = (await readArrivals("/", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"))
      .map((arrival) => arrival.text)
      .join("");
    expect(html).toContain(title);
    expect(html).not.toContain("data-skeleton-card");
  });

  it("the Worker's cache keeps only a page written whole: never one that streamed its sections late", async () => {
    const [title] = await featuredTitles();
    await emptyPageCache();
    const path = "/";
    const cacheOf = async (userAgent = BROWSER_UA) => {
      const response = await fetch(`${baseURL}${path}`, { headers: { "user-agent": userAgent } });
      return { cache: response.headers.get("x-worker-cache"), html: await response.text() };
    };
    // The test server's data comes after the shell: these answers stream and are not kept.
    expect((await cacheOf()).cache).toBe("MISS");
    // A page with nothing streamed, asked for after it, is kept (a miss, then a hit): by then the Worker has
    // had its turn at storing the streamed answer before it, and did not.
    const witness = async () => (await fetch(`${baseURL}/about`, { headers: { "user-agent": BROWSER_UA } })).headers.get("x-worker-cache");
    expect(await witness()).toBe("MISS");
    await expect.poll(witness, { timeout: 10_000 }).toBe("HIT");
    expect((await cacheOf()).cache).toBe("MISS");
    // A crawler's answer is written whole, so it is kept, and the next visitor gets it in place.
    expect((await cacheOf("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).cache).toBe("MISS");
    await expect.poll(async () => (await cacheOf()).cache, { timeout: 10_000 }).toBe("HIT");
    const hit = await cacheOf();
    expect(hit.cache).toBe("HIT");
    expect(hit.html).toContain(title);
    expect(hit.html).not.toContain("data-skeleton-card");
  });

  it("in the browser the streamed sections replace their skeletons and hydrate", async () => {
    const titles = await featuredTitles();
    await gotoHydrated(t.page, "/");
    for (const title of titles.slice(0, 3)) {
      await t.page.getByRole("heading", { name: title }).waitFor();
    }
    expect(await t.page.getByTestId("skeleton").count()).toBe(0);
    // Hydrated: a client navigation from a streamed card works.
    await t.page.getByRole("link", { name: `Read more: ${titles[0]}` }).click();
    await t.page.waitForURL(/\/articles\/\d+$/);
    await expect.poll(() => t.page.locator("h1").textContent()).toBe(titles[0]);
  });
});
