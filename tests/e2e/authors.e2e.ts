/**
 * Authors are a table (issue #29): an author's page lists their published articles and is axe-clean in both themes,
 * About lists every author, and editing an author's bio in the admin changes the end of their articles. The test
 * that edits makes its own author and article and deletes them (the server and D1 are shared by every file).
 */
import { describe, expect, it } from "vitest";
import { expectAxeClean, THEMES } from "./axe";
import { createArticle } from "./admin-api";
import { baseURL, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { preferMarkdownSource } from "./markdown-source";
import { selectColumn } from "./server-db";

const t = openPagePerTest();

describe("authors", () => {
  it("an author's page shows their bio and lists their published articles, newest first; axe-clean in both themes", async () => {
    const titles = selectColumn(
      "SELECT title AS value FROM articles WHERE author_id = 1 AND status = 'published' ORDER BY published_date DESC, id DESC",
    );
    expect(titles.length).toBeGreaterThan(1);
    const response = await gotoHydrated(t.page, "/authors/1");
    expect(response?.status()).toBe(200);
    await t.page.getByRole("heading", { level: 1, name: "Dr. Elena Marsh" }).waitFor();
    expect(await t.page.getByTestId("author-articles").getByRole("link").allTextContents()).toEqual(titles);
    const ld = await t.page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((text) => text.includes('"@type":"Person"') && text.includes("/authors/1"))).toBe(true);
    await expectAxeClean(t.page, { reloadInThemes: THEMES });
    expect((await gotoHydrated(t.page, "/authors/999"))?.status()).toBe(404);
  }, 60_000);

  it("About lists every author, each linking to their page; an article's byline links to its author", async () => {
    const names = selectColumn("SELECT name AS value FROM authors ORDER BY position, id");
    await gotoHydrated(t.page, "/about");
    const listed = t.page.locator("#contributors h3");
    expect(await listed.allTextContents()).toEqual(names);
    await listed.first().getByRole("link").click();
    await t.page.waitForURL(/\/authors\/\d+$/);
    await t.page.getByRole("heading", { level: 1, name: names[0] }).waitFor();

    await gotoHydrated(t.page, "/articles/1");
    const [authorId] = selectColumn("SELECT author_id AS value FROM articles WHERE id = 1");
    expect(await t.page.locator('a[rel="author"]').first().getAttribute("href")).toBe(`/authors/${authorId}`);
  });

  it("editing an author's bio in the admin changes the end of their articles", async () => {
    await preferMarkdownSource(t.page);
    await signInAsAdmin(t.page);
    const created = await t.page.request.post(`${baseURL}/api/authors`, {
      data: { name: "E2E Author", role: "Tester", bio: "The first bio.", portrait: "", links: "", position: 50 },
    });
    expect(created.status()).toBe(201);
    const authorId = ((await created.json()) as { id: number }).id;
    let articleId: number | undefined;
    try {
      articleId = await createArticle(t.page, {
        title: "An Essay by the E2E Author",
        excerpt: "A test.",
        content: "A paragraph.",
        category: "Philosophy",
        readingTime: 1,
        authorId,
      });
      await gotoHydrated(t.page, `/articles/${articleId}`);
      await t.page.locator(".end-bio").getByText("The first bio.").waitFor();

      await gotoHydrated(t.page, `/admin/authors/${authorId}`);
      await t.page.getByLabel(/^Bio/).fill("A **new** bio, written in the admin.");
      await t.page.getByRole("button", { name: "Save Changes" }).click();
      await t.page.getByText("Author has been updated successfully.").first().waitFor();

      await gotoHydrated(t.page, `/articles/${articleId}`);
      const bio = t.page.locator(".end-bio");
      await bio.getByText("bio, written in the admin.").waitFor();
      expect(await bio.locator("strong").textContent()).toBe("new");
      expect(await bio.getByText("The first bio.").count()).toBe(0);

      // While the article is theirs, the author cannot be deleted; the refusal names it.
      const refused = await t.page.request.delete(`${baseURL}/api/authors/${authorId}`);
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { message: string }).message).toContain("An Essay by the E2E Author");
    } finally {
      if (articleId !== undefined) expect((await t.page.request.delete(`${baseURL}/api/articles/${articleId}`)).status()).toBe(204);
      expect((await t.page.request.delete(`${baseURL}/api/authors/${authorId}`)).status()).toBe(204);
    }
  }, 120_000);

  it("the bio is written in the visual editor (issue #29)", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/authors/1");
    await t.page.getByRole("toolbar", { name: "Formatting" }).waitFor();
    const bio = t.page.getByRole("textbox", { name: /^Bio/ });
    expect(await bio.getAttribute("contenteditable")).toBe("true");
    expect(await bio.textContent()).toContain("Elena taught ancient philosophy");
    expect(t.pageErrors).toEqual([]);
  });
});
