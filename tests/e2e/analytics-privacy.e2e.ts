/**
 * The site's own analytics add no cookie and no script (docs/analytics.md): every public page, from app/site-routes.ts
 * (with seed ids) and the sitemap, is visited in Chromium; it sets no cookie (no Set-Cookie header, none in the browser
 * afterwards), and the scripts it loads are only the site's own modules that its HTML names (React Router's entry and
 * route modules with their imports), none from another origin and none with beacon code. The practice player's play
 * reports are sent only from its on-demand chunk, once per event and play.
 */
import type { Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PLAY_BEACON_PATH } from "../../app/lib/analytics";
import { ROUTE_SAMPLES } from "../support/route-samples";
import { baseURL, gotoHydrated, openPagePerTest } from "./browser";

const t = openPagePerTest();

/** Every public page: the routes anyone reads that a cache may share (not the API, not files), and the sitemap's URLs. */
async function publicPages() {
  const fromRoutes = ROUTE_SAMPLES.filter(
    ({ policy, file, pattern }) =>
      policy.read === "anyone" && policy.cache !== "private" && file.endsWith(".tsx") && !pattern.startsWith("/api/") && pattern !== "/*",
  ).map(({ url }) => url);
  const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  const fromSitemap = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc ?? "/").pathname);
  return [...new Set([...fromRoutes, ...fromSitemap])].sort();
}

/** The site's scripts the document names: React Router's entry, route modules and their imports (in the late-hydration script). */
const scriptsNamedIn = (html: string) => new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map(([path]) => path));

describe("no cookie and no added script on any public page", () => {
  it("finds the public pages: the lists, an article, a practice, a course, the legal pages, the newsletter", async () => {
    const pages = await publicPages();
    expect(pages).toEqual(
      expect.arrayContaining(["/", "/articles", "/articles/1", "/practices/1", "/courses/1", "/legal/privacy", "/newsletter"]),
    );
    expect(pages.length).toBeGreaterThan(25);
  });

  it("each sets no cookie and loads only its own modules, from this site, none with beacon code", async () => {
    const origin = new URL(baseURL).origin;
    const checked: string[] = [];
    for (const path of await publicPages()) {
      const response = await fetch(`${baseURL}${path}`);
      expect(response.headers.get("set-cookie"), path).toBeNull();
      const named = scriptsNamedIn(await response.text());
      expect(named.size, path).toBeGreaterThan(2);

      const scripts: Request[] = [];
      const listener = (request: Request) => {
        if (request.resourceType() === "script") scripts.push(request);
      };
      t.page.on("request", listener);
      const visit = await gotoHydrated(t.page, path);
      await t.page.waitForLoadState("networkidle");
      t.page.off("request", listener);
      expect(visit?.headers()["set-cookie"], path).toBeUndefined();

      const loaded = scripts.map((request) => new URL(request.url()));
      expect(
        loaded.filter((url) => url.origin !== origin),
        path,
      ).toEqual([]);
      const sources = new Map<string, string>();
      for (const request of scripts) sources.set(new URL(request.url()).pathname, (await (await request.response())?.text()) ?? "");
      for (const [script, source] of sources) expect(source, script).not.toContain("sendBeacon");
      // A module the HTML does not name is one a named module imports on demand (the saved page's offline store).
      const importedOnDemand = (script: string) =>
        [...sources.values()].some((source) => source.includes(script.replace("/assets/", "./")));
      expect(
        [...sources.keys()].filter((script) => !named.has(script) && !importedOnDemand(script)),
        `${path}: scripts neither its HTML names nor its modules import`,
      ).toEqual([]);
      // No element loads a script from elsewhere, and every inline script is the server's (with the page's nonce).
      const elements = await t.page.$$eval("script", (all) => all.map((script) => ({ src: script.src, nonce: script.nonce ?? "" })));
      for (const { src, nonce } of elements) {
        if (src) expect(new URL(src).origin, path).toBe(origin);
        else expect(nonce, `${path}: an inline script without the nonce`).not.toBe("");
      }
      checked.push(path);
    }
    expect(await t.context.cookies()).toEqual([]);
    expect(checked.length).toBeGreaterThan(25);
  }, 240_000);
});

describe("the practice player's play reports", () => {
  it("start, once per play, as a text/plain beacon to PLAY_BEACON_PATH; a play skipped to its end reports no half and no completion; a replay is a new play", async () => {
    const beacons: { body: Record<string, unknown>; type: string }[] = [];
    const statuses: number[] = [];
    t.page.on("request", (request) => {
      if (new URL(request.url()).pathname === PLAY_BEACON_PATH)
        beacons.push({ body: JSON.parse(request.postData() ?? "null"), type: request.headers()["content-type"] ?? "" });
    });
    t.page.on("response", (response) => {
      if (new URL(response.url()).pathname === PLAY_BEACON_PATH) statuses.push(response.status());
    });
    await gotoHydrated(t.page, "/practices/1");
    const duration = await t.page.evaluate(async () => {
      const audio = document.querySelector("audio") as HTMLAudioElement;
      if (!(audio.duration > 0)) await new Promise((resolve) => audio.addEventListener("loadedmetadata", resolve, { once: true }));
      return audio.duration;
    });
    expect(beacons).toEqual([]);

    await t.page.getByRole("button", { name: "Play" }).click();
    await t.page.waitForFunction(() => (document.querySelector("audio")?.currentTime ?? 0) > 2.5);
    await expect.poll(() => beacons.length).toBe(1);
    // Seeking past half way and then to the end is not listening (issue #37): the play ends with no "half" and no
    // "complete" (their shares of the recording were never heard: app/components/practice/play-reports.dom.test.ts).
    await t.page.evaluate(
      (at) => {
        (document.querySelector("audio") as HTMLAudioElement).currentTime = at;
      },
      duration / 2 + 1,
    );
    await t.page.evaluate((at) => {
      (document.querySelector("audio") as HTMLAudioElement).currentTime = at;
    }, duration - 1.5);
    await t.page.waitForFunction(() => document.querySelector("audio")?.ended === true, undefined, { timeout: 10_000 });

    const [start] = beacons.map((beacon) => beacon.body);
    const playId = start?.playId;
    expect(playId).toMatch(/^[0-9a-f-]{36}$/);
    expect(start).toEqual({ practiceId: 1, playId, event: "start", seconds: 0 });

    // Ended: playing again is a new play, with an id of its own; and nothing was reported between the two starts
    // (a beacon is sent in the event that makes it, so a half or a completion would have come before this one).
    await t.page.getByRole("button", { name: "Play" }).click();
    await expect.poll(() => beacons.length).toBe(2);
    expect(beacons[1]?.body).toMatchObject({ event: "start", seconds: 0 });
    expect(beacons[1]?.body.playId).not.toBe(playId);
    for (const beacon of beacons) expect(beacon.type).toMatch(/^text\/plain/);
    await expect.poll(() => statuses).toEqual([204, 204]);
    // Nothing of it was stored on the device.
    expect(await t.page.evaluate(() => JSON.stringify([{ ...sessionStorage }, { ...localStorage }]))).not.toContain(String(playId));
  });
});
