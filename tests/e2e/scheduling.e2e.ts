/**
 * Drafts and scheduling end to end: an admin writes an article as a draft and previews it (never cached, admins only),
 * then schedules it a few minutes ahead; it is on no public page until the Cron Trigger runs. The test runs the
 * publishing cron through the local dev server's scheduled endpoint (`/cdn-cgi/local/scheduled`, which only
 * wrangler's and miniflare's local server has) with a scheduled time past the publish time, and the article appears
 * on /articles and its page. The pages this changes are axe-clean in both themes; the article is deleted at the end.
 */
import { describe, expect, it } from "vitest";
import { expectAxeClean, THEMES } from "./axe";
import { baseURL, fillByLabel, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { selectColumn } from "./server-db";
import { preferMarkdownSource } from "./markdown-source";

const t = openPagePerTest();
const PUBLISH_CRON = "*/5 * * * *";

/** What a visitor without a session gets (no cookies, no redirects followed). */
const asVisitor = (path: string) => fetch(`${baseURL}${path}`, { redirect: "manual" });

describe("drafts, preview and scheduling", () => {
  it("a draft is previewed, then scheduled, and the cron publishes it", async () => {
    const title = "Waiting for the Hour";
    await signInAsAdmin(t.page);

    // A draft: saved, but not on the site.
    await preferMarkdownSource(t.page);
    await gotoHydrated(t.page, "/admin/articles/new");
    await fillByLabel(t.page, {
      Title: title,
      Excerpt: "On patience, and the right moment.",
      Content: "Everything ripens in its season.",
      "Image URL": "/images/articles/article-1.svg",
      "Reading time (minutes) (optional)": "2",
    });
    // A new article is a draft; "Save draft" lands on its edit page.
    await t.page.getByRole("button", { name: "Save draft" }).click();
    await t.page.waitForURL(/\/admin\/articles\/\d+$/);
    const id = Number(new URL(t.page.url()).pathname.split("/").pop());
    await t.page.getByText("Draft: not on the site yet").waitFor();
    expect(await t.page.getByRole("link", { name: "View on site" }).count()).toBe(0);

    try {
      expect((await asVisitor(`/articles/${id}`)).status).toBe(404);

      // The preview: the public page's component with the draft's data, for admins only, never cached, noindex.
      await t.page.getByRole("link", { name: "Preview", exact: true }).click();
      await t.page.waitForURL(`**/admin/articles/${id}/preview`);
      await t.page.getByRole("heading", { level: 1, name: title }).waitFor();
      await t.page.getByText("Everything ripens in its season.").waitFor();
      await t.page.getByRole("region", { name: "Preview" }).getByText("Draft: visitors cannot see this page yet.").waitFor();
      expect(await t.page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
      const previewed = await t.page.request.get(`${baseURL}/admin/articles/${id}/preview`);
      expect(previewed.status()).toBe(200);
      expect(previewed.headers()["cache-control"]).toBe("private, no-store");
      expect(previewed.headers()["x-worker-cache"]).not.toBe("HIT");
      const signedOut = await asVisitor(`/admin/articles/${id}/preview`);
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("Location")).toMatch(/^\/login/);
      await expectAxeClean(t.page, { reloadInThemes: THEMES });

      // Scheduled three minutes ahead, in UTC as the field says.
      await gotoHydrated(t.page, `/admin/articles/${id}`);
      const publishAt = new Date(Date.now() + 3 * 60_000).toISOString().slice(0, 16);
      await t.page.getByLabel(/^Publish at \(UTC\)/).fill(publishAt);
      await t.page.getByRole("button", { name: "Schedule…" }).click();
      const confirm = t.page.getByRole("dialog", { name: "Schedule this article?" });
      await confirm.getByText(`${publishAt.slice(11, 16)} UTC`, { exact: false }).waitFor();
      await confirm.getByRole("button", { name: "Schedule", exact: true }).click();
      await t.page.getByText("Article has been scheduled.").first().waitFor();
      await t.page.getByText(/Scheduled for .* UTC: not on the site yet/).waitFor();
      await expectAxeClean(t.page, { reloadInThemes: THEMES });

      await gotoHydrated(t.page, "/admin/articles");
      const listed = t.page.locator(`[data-status="scheduled"]`).filter({ hasText: `${publishAt.slice(11, 16)} UTC` });
      expect(await listed.count()).toBeGreaterThan(0);
      await expectAxeClean(t.page, { reloadInThemes: THEMES });

      await gotoHydrated(t.page, "/admin");
      const figure = t.page.locator('[data-figure="scheduled posts"]');
      expect(Number(await figure.locator("[data-value]").textContent())).toBeGreaterThanOrEqual(1);
      await figure.getByRole("link", { name: title }).waitFor();

      // Still on no public page.
      expect((await asVisitor(`/articles/${id}`)).status).toBe(404);
      expect(await (await asVisitor("/articles")).text()).not.toContain(title);
      expect(await (await asVisitor("/articles/rss.xml")).text()).not.toContain(title);

      // The cron runs as it would ten minutes from now: the article is due, so it is published.
      const cron = await fetch(
        `${baseURL}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(PUBLISH_CRON)}&time=${Date.now() + 10 * 60_000}`,
      );
      expect(cron.status).toBe(200);
      expect(selectColumn(`SELECT status AS value FROM articles WHERE id = ${id}`)).toEqual(["published"]);

      // On /articles and its page (other isolates see the new content version within a second).
      await expect.poll(async () => (await asVisitor(`/articles/${id}`)).status, { timeout: 5_000 }).toBe(200);
      await expect.poll(async () => (await (await asVisitor("/articles")).text()).includes(title), { timeout: 5_000 }).toBe(true);
      await gotoHydrated(t.page, "/articles");
      await t.page.getByRole("heading", { name: title }).waitFor();
      await gotoHydrated(t.page, `/articles/${id}`);
      await t.page.getByRole("heading", { level: 1, name: title }).waitFor();

      // Running it again changes nothing.
      expect((await fetch(`${baseURL}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(PUBLISH_CRON)}`)).status).toBe(200);
      expect(selectColumn(`SELECT status AS value FROM articles WHERE id = ${id}`)).toEqual(["published"]);
    } finally {
      // The server and D1 are shared by every file: the article goes again.
      expect((await t.page.request.delete(`${baseURL}/api/articles/${id}`)).status()).toBe(204);
    }
  }, 120_000);
});
