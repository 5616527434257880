/**
 * Offline use (docs/offline.md) in Chromium with the service worker on: a saved practice opens and plays with the
 * network off, a visited article opens (loaded whole or reached by a link), an unvisited page shows the offline page,
 * an older build's caches are deleted, and admin pages are never kept. CSP violations fail any test (browser.ts), offline ones included.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { policyFor } from "../../app/site-routes";
import { gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";

const t = openPagePerTest({ serviceWorkers: "allow" });

/** Waits until the service worker controls the page (it claims the page that registered it). */
const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 20_000 });

/** Every URL path kept in any cache of this origin, by cache name. */
const keptPaths = (page: Page) =>
  page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      kept[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    }
    return kept;
  });

describe("offline", () => {
  it("a saved practice opens and plays with no network; visited articles open; others show the offline page", async () => {
    // An older build's cache, made before this build's worker installs: activating must delete it.
    await t.context.addInitScript(() => {
      if (!sessionStorage.getItem("stale-cache-made")) {
        sessionStorage.setItem("stale-cache-made", "1");
        void caches.open("pages-an-older-build");
      }
    });
    await gotoHydrated(t.page, "/");
    await controlled(t.page);
    // Visited while the worker runs: kept.
    await gotoHydrated(t.page, "/articles/1");
    const articleTitle = await t.page.getByRole("heading", { level: 1 }).textContent();

    await gotoHydrated(t.page, "/practices/1");
    const practiceTitle = (await t.page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    await t.page.getByRole("button", { name: "Save for offline" }).click();
    await t.page.getByRole("button", { name: "Remove" }).waitFor();
    await expect
      .poll(() => t.page.evaluate(async () => (await caches.match("/__offline/saved/1.json")) !== undefined), { timeout: 20_000 })
      .toBe(true);
    const kept = await keptPaths(t.page);
    expect(Object.keys(kept)).not.toContain("pages-an-older-build");
    const saved = kept["saved-practices-v1"];
    expect(saved).toEqual(expect.arrayContaining(["/practices/1", "/audio/practice-1.ogg", "/__offline/saved/1.json"]));
    expect(saved?.some((path) => /^\/assets\/.+\.js$/.test(path))).toBe(true);

    await t.context.setOffline(true);
    try {
      await gotoHydrated(t.page, "/saved");
      const list = t.page.getByTestId("saved-list");
      await list.waitFor();
      expect(await t.page.getByTestId("saved-total").textContent()).toMatch(/^1 saved, \d+\.\d MB on this device\.$/);
      await list.getByRole("link", { name: practiceTitle }).click();
      await t.page.waitForURL((url) => url.pathname === "/practices/1");
      await t.page.waitForSelector("html[data-hydrated]");

      await t.page.getByRole("button", { name: "Play" }).click();
      await t.page.waitForFunction(() => (document.querySelector("audio")?.currentTime ?? 0) > 1, null, { timeout: 15_000 });
      // Seeking asks for a range: answered from the whole saved file.
      await t.page.evaluate(() => {
        document.querySelector("audio")!.currentTime = 60;
      });
      await t.page.waitForFunction(() => (document.querySelector("audio")?.currentTime ?? 0) > 61, null, { timeout: 15_000 });
      await t.page.getByRole("button", { name: "Pause" }).click();

      await gotoHydrated(t.page, "/articles/1");
      expect(await t.page.getByRole("heading", { level: 1 }).textContent()).toBe(articleTitle);

      await t.page.goto("/articles/2");
      await t.page.getByRole("heading", { name: "You are offline" }).waitFor();
      expect(await t.page.getByRole("link", { name: "Saved practices" }).getAttribute("href")).toBe("/saved");
    } finally {
      await t.context.setOffline(false);
    }
  });

  it("keeps an article reached by a link (client navigation, only its loader data fetched) and opens it offline", async () => {
    await gotoHydrated(t.page, "/articles");
    await controlled(t.page);
    const link = t.page.locator('main a[href^="/articles/"]').first();
    const path = (await link.getAttribute("href")) ?? "";
    expect(path).toMatch(/^\/articles\/[\w-]+$/);
    await link.click();
    await t.page.waitForURL((url) => url.pathname === path);
    const title = await t.page.getByRole("heading", { level: 1 }).textContent();
    // Still the list's document: the article came by client navigation, not a page load.
    expect(await t.page.evaluate(() => new URL(performance.getEntriesByType("navigation")[0]!.name).pathname)).toBe("/articles");
    const keptPages = async () =>
      Object.entries(await keptPaths(t.page)).flatMap(([name, kept]) => (name.startsWith("pages-") ? kept : []));
    await expect.poll(keptPages, { timeout: 20_000 }).toContain(path);

    await t.context.setOffline(true);
    try {
      await t.page.goto(path);
      expect(await t.page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      expect(await t.page.getByRole("heading", { name: "You are offline" }).count()).toBe(0);
    } finally {
      await t.context.setOffline(false);
    }
  });

  it("serves /sw.js from the build as a script that browsers revalidate, and links the manifest and theme colour", async () => {
    const worker = await t.page.request.get("/sw.js");
    expect(worker.status()).toBe(200);
    expect(worker.headers()["content-type"]).toMatch(/javascript/);
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    expect(await worker.text()).toContain("saved-practices-v1");
    await gotoHydrated(t.page, "/");
    expect(await t.page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
    expect(await t.page.locator('meta[name="theme-color"]').getAttribute("content")).toBe("#2f5d50");
    const manifest = await t.page.request.get("/manifest.webmanifest");
    expect((await manifest.json()).display).toBe("standalone");
  });

  it("never keeps the admin area, sign-in, or a signed-in admin's pages", async () => {
    await gotoHydrated(t.page, "/login");
    await controlled(t.page);
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin");
    await gotoHydrated(t.page, "/admin/articles");
    await gotoHydrated(t.page, "/articles/3");
    // Signed out, a public page is kept: once it is, the worker has had its turn at the pages before it.
    await t.context.clearCookies();
    await gotoHydrated(t.page, "/articles/1");
    await expect.poll(async () => Object.values(await keptPaths(t.page)).flat(), { timeout: 20_000 }).toContain("/articles/1");
    const paths = Object.values(await keptPaths(t.page)).flat();
    expect(paths).toContain("/offline");
    // No page whose route's policy says "never offline" (app/site-routes.ts): the admin area, sign-in, the API, learning.
    const pages = Object.entries(await keptPaths(t.page)).flatMap(([name, kept]) => (name.startsWith("pages-") ? kept : []));
    expect(pages).toContain("/offline");
    expect(pages.filter((path) => !policyFor(path).offline)).toEqual([]);
    // The admin sees private pages (Cache-Control: private, no-store): not kept either.
    expect(paths).not.toContain("/articles/3");
  });
});
