/**
 * Categories and Recommended Reading are tables (issue #29): renaming a category in the admin moves its articles (the
 * public filter and the article's badge follow), and editing a book in the admin changes /recommended-reading. Each test
 * makes its own category, article or book and deletes them (the server and D1 are shared by every file).
 */
import { describe, expect, it } from "vitest";
import { expectAxeClean, THEMES } from "./axe";
import { createArticle } from "./admin-api";
import { baseURL, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";

const t = openPagePerTest();

const filterButton = (name: string) => t.page.getByRole("group", { name: "Filter by category" }).getByRole("button", { name });

describe("categories", () => {
  it("renaming a category in the admin moves its article: the public filter and the article follow", async () => {
    await signInAsAdmin(t.page);
    const created = await t.page.request.post(`${baseURL}/api/categories`, {
      data: { name: "E2E Topic", description: "Essays written by the tests.", colour: "plum", position: 90 },
    });
    expect(created.status()).toBe(201);
    const categoryId = ((await created.json()) as { id: number }).id;
    let articleId: number | undefined;
    try {
      articleId = await createArticle(t.page, {
        title: "An Essay Filed by the Tests",
        excerpt: "A test.",
        content: "A paragraph.",
        category: "E2E Topic",
        authorId: 1,
      });
      await gotoHydrated(t.page, "/articles?category=E2E+Topic");
      expect(await filterButton("E2E Topic").getAttribute("aria-pressed")).toBe("true");
      await t.page.getByTestId("category-description").getByText("Essays written by the tests.").waitFor();
      await t.page.getByTestId("article-list").getByRole("heading", { name: "An Essay Filed by the Tests" }).waitFor();

      // The admin's Categories page lists it in order; its edit form renames it.
      await gotoHydrated(t.page, "/admin/categories");
      await t.page.getByRole("link", { name: "Edit “E2E Topic”" }).click();
      await t.page.waitForURL(`**/admin/categories/${categoryId}`);
      await t.page.getByLabel(/^Name/).fill("E2E Renamed");
      await t.page.getByRole("button", { name: "Save Changes" }).click();
      await t.page.getByText("Category has been updated successfully.").first().waitFor();

      await gotoHydrated(t.page, "/articles?category=E2E+Renamed");
      expect(await filterButton("E2E Renamed").getAttribute("aria-pressed")).toBe("true");
      expect(await filterButton("E2E Topic").count()).toBe(0);
      await t.page.getByTestId("article-list").getByRole("heading", { name: "An Essay Filed by the Tests" }).waitFor();
      // The footer's topics follow the table too.
      expect(await t.page.getByRole("navigation", { name: "Topics" }).getByRole("link", { name: "E2E Renamed" }).getAttribute("href")).toBe(
        "/articles?category=E2E+Renamed",
      );

      await gotoHydrated(t.page, `/articles/${articleId}`);
      await t.page.locator("main").getByText("E2E Renamed", { exact: true }).first().waitFor();

      // While the article is in it, the category cannot be deleted; the refusal names the article.
      const refused = await t.page.request.delete(`${baseURL}/api/categories/${categoryId}`);
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { message: string }).message).toContain("An Essay Filed by the Tests");
    } finally {
      if (articleId !== undefined) expect((await t.page.request.delete(`${baseURL}/api/articles/${articleId}`)).status()).toBe(204);
      expect((await t.page.request.delete(`${baseURL}/api/categories/${categoryId}`)).status()).toBe(204);
    }
  }, 120_000);

  it("the Categories page is axe-clean in both themes", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/categories");
    await t.page.getByRole("heading", { level: 1, name: "Categories" }).waitFor();
    await expectAxeClean(t.page, { reloadInThemes: THEMES });
  }, 60_000);
});

describe("recommended reading", () => {
  it("editing a book in the admin changes the public page", async () => {
    await signInAsAdmin(t.page);
    const created = await t.page.request.post(`${baseURL}/api/books`, {
      data: {
        title: "A Book Chosen by the Tests",
        author: "E2E Writer",
        description: "A book about tests.",
        coverUrl: "/images/books/book-1.svg",
        amazonUrl: "https://example.org/e2e-book",
        category: "Testing",
        position: 99,
      },
    });
    expect(created.status()).toBe(201);
    const bookId = ((await created.json()) as { id: number }).id;
    try {
      await gotoHydrated(t.page, "/recommended-reading");
      const list = t.page.getByTestId("book-list");
      await list.getByRole("heading", { name: "A Book Chosen by the Tests" }).waitFor();

      await gotoHydrated(t.page, `/admin/books/${bookId}`);
      await t.page.getByLabel(/^Title/).fill("A Book Retitled in the Admin");
      await t.page.getByLabel(/^Description/).fill("Its description, edited.");
      await t.page.getByRole("button", { name: "Save Changes" }).click();
      await t.page.getByText("Book has been updated successfully.").first().waitFor();

      await gotoHydrated(t.page, "/recommended-reading");
      const card = list.locator("div", { has: t.page.getByRole("heading", { name: "A Book Retitled in the Admin" }) }).last();
      await card.getByText("Its description, edited.").waitFor();
      expect(await list.getByRole("heading", { name: "A Book Chosen by the Tests" }).count()).toBe(0);
      // Its link is where the admin said, labelled as any address but Amazon's.
      expect(await card.getByRole("link", { name: /Where to find it/ }).getAttribute("href")).toBe("https://example.org/e2e-book");
    } finally {
      expect((await t.page.request.delete(`${baseURL}/api/books/${bookId}`)).status()).toBe(204);
    }
  }, 120_000);
});
