import { describe, expect, it } from "vitest";
import { baseURL, gotoHydrated, openPagePerTest } from "./browser";

const t = openPagePerTest();

describe("every public route renders its content on the server", () => {
  const routes: [string, string, RegExp][] = [
    ["/", "The Examined Life | Philosophy & Counseling", /Featured Content/],
    ["/articles", "Articles | The Examined Life", /Articles/],
    ["/practices", "Guided Practices | The Examined Life", /Guided Practices/],
    ["/resources", "Resource Library | The Examined Life", /Resource Library/],
    ["/recommended-reading", "Recommended Reading | The Examined Life", /Reading Tips/],
    ["/about", "About | The Examined Life", /Contributors/],
    ["/contact", "Contact | The Examined Life", /Frequently Asked Questions/],
    ["/legal/privacy", "Privacy Policy | The Examined Life", /December 8, 2026/],
    ["/legal/terms", "Terms of Service | The Examined Life", /April 12, 2025/],
    ["/legal/cookies", "Cookie Policy | The Examined Life", /November 28, 2026/],
    ["/legal/disclaimer", "Disclaimer | The Examined Life", /April 12, 2025/],
  ];
  for (const [path, title, text] of routes) {
    it(`${path}`, async () => {
      // The HTML itself (before any script runs) already holds the content.
      const html = await (await fetch(`${baseURL}${path}`)).text();
      expect(html).toContain(`<title>${title.replace("&", "&amp;")}</title>`);
      expect(html).toMatch(text);
      const response = await gotoHydrated(t.page, path);
      expect(response?.status()).toBe(200);
      expect(await t.page.title()).toBe(title);
      expect(t.pageErrors).toEqual([]);
    });
  }

  it("the home page shows 3 featured articles, 2 featured practices and the resource groups", async () => {
    await gotoHydrated(t.page, "/");
    expect(await t.page.locator("a", { hasText: "Read more" }).count()).toBe(3);
    expect(await t.page.locator("a", { hasText: "Begin Practice" }).count()).toBe(2);
    await t.page.getByRole("link", { name: "View All Articles" }).waitFor();
    const resourceLink = t.page.locator('a[href^="/resources/"]').first();
    const title = await resourceLink.textContent();
    await resourceLink.click();
    await t.page.getByRole("heading", { level: 1, name: title! }).waitFor();
    expect(new URL(t.page.url()).pathname).toMatch(/^\/resources\/\d+$/);
  });

  it("an article page shows its meta line and its own Markdown body with an image group", async () => {
    await gotoHydrated(t.page, "/articles/1");
    await t.page.locator("h1").waitFor();
    const meta = await t.page.locator("article time").textContent();
    expect(meta).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await t.page.locator(".article-body h2").count()).toBeGreaterThan(1);
    expect(await t.page.locator(".article-body blockquote").count()).toBeGreaterThan(0);
    expect(await t.page.locator("[data-gallery] figure img").count()).toBeGreaterThan(0);
    expect(await t.page.title()).toMatch(/ \| The Examined Life$/);
  });

  it("'View Resource' leads to a real resource page with a link out", async () => {
    await gotoHydrated(t.page, "/resources");
    await t.page.locator("a", { hasText: "View Resource" }).first().click();
    await t.page.waitForURL(/\/resources\/\d+$/);
    const external = t.page.getByRole("link", { name: /Open the resource/ });
    expect(await external.getAttribute("href")).toMatch(/^https:\/\//);
  });
});

describe("security headers", () => {
  it("documents carry a nonce-based CSP and the other security headers; inline scripts carry the nonce", async () => {
    const response = await fetch(`${baseURL}/articles`);
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(1);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A new request gets a new nonce.
    const again = (await fetch(`${baseURL}/articles`)).headers.get("content-security-policy");
    expect(again).not.toBe(csp);
  });
});

describe("not found", () => {
  it("unknown paths give the 404 page with status 404", async () => {
    const response = await gotoHydrated(t.page, "/no/such/page");
    expect(response?.status()).toBe(404);
    await t.page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
  });

  it("unknown and non-numeric article ids give the Article Not Found panel", async () => {
    for (const path of ["/articles/999999", "/articles/abc"]) {
      const response = await gotoHydrated(t.page, path);
      expect(response?.status()).toBe(404);
      await t.page.getByRole("heading", { name: "Article Not Found" }).waitFor();
      expect(await t.page.getByText("Sorry, the article you're looking for doesn't exist or has been removed.").count()).toBe(1);
      expect(await t.page.getByRole("link", { name: "Back to Articles" }).getAttribute("href")).toBe("/articles");
    }
  });

  it("an unknown practice gives the Practice Not Found panel", async () => {
    const response = await gotoHydrated(t.page, "/practices/424242");
    expect(response?.status()).toBe(404);
    await t.page.getByRole("heading", { name: "Practice Not Found" }).waitFor();
    expect(await t.page.getByText("Sorry, the guided practice you're looking for doesn't exist or has been removed.").count()).toBe(1);
    expect(await t.page.getByRole("link", { name: "Back to Practices" }).getAttribute("href")).toBe("/practices");
  });

  it("an unknown legal type redirects home", async () => {
    await gotoHydrated(t.page, "/legal/unknown");
    expect(new URL(t.page.url()).pathname).toBe("/");
  });

  it("unknown API paths answer JSON 404", async () => {
    const response = await fetch(`${baseURL}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toHaveProperty("message");
  });
});
