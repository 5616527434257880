/**
 * History and restore end to end: an admin edits an article twice, opens its history, reads the diff of the first
 * version against the current one, restores it, and the public page shows the first text again. The history and
 * revision pages are axe-clean in both themes. The test makes its own article and deletes it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAxeClean, THEMES } from "./axe";
import { createArticle } from "./admin-api";
import { baseURL, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { preferMarkdownSource } from "./markdown-source";

const t = openPagePerTest();

async function saveEdit(page: Page, id: number, title: string, content: string) {
  await preferMarkdownSource(page);
  await gotoHydrated(page, `/admin/articles/${id}`);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Content", { exact: true }).fill(content);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByText("Article has been updated successfully.").first().waitFor();
}

describe("an article's history", () => {
  it("restore a revision", async () => {
    const first = { title: "Letters on Leisure", content: "Leisure without study is death.\n\nSeneca, letter 82." };
    await signInAsAdmin(t.page);
    const id = await createArticle(t.page, {
      ...first,
      excerpt: "On using free time well.",
      category: "Philosophy",
      readingTime: 4,
      authorId: 1,
    });
    try {
      await saveEdit(t.page, id, "Letters on Idleness", "Idleness is a fine thing.\n\nSeneca, letter 82.");
      await saveEdit(t.page, id, "Letters on Idleness", "Idleness is a fine thing.\n\nSeneca, letter 82.\n\nA third line.");

      // The edit page links to the history: three revisions, newest first, with who and what changed.
      await gotoHydrated(t.page, `/admin/articles/${id}`);
      await t.page.getByRole("link", { name: "History and restore" }).click();
      await t.page.getByRole("heading", { name: "History of Letters on Idleness" }).waitFor();
      const rows = t.page.getByRole("row");
      await expect.poll(() => rows.count()).toBe(4);
      expect(await rows.nth(1).textContent()).toMatch(/#3 \(current\).*content/);
      expect(await rows.nth(2).textContent()).toMatch(/#2.*title, content/);
      expect(await rows.nth(3).textContent()).toMatch(/#1.*created/);
      await expectAxeClean(t.page, { reloadInThemes: THEMES });

      // The first version against the current one: the changed lines are marked in words, not by colour alone.
      await t.page.getByRole("link", { name: "#1", exact: true }).click();
      await t.page.getByRole("heading", { name: "Revision #1 of Letters on Idleness" }).waitFor();
      const content = t.page
        .locator("section, div")
        .filter({ has: t.page.getByRole("heading", { name: /^Content/ }) })
        .last();
      expect(await content.getByRole("listitem").allInnerTexts()).toEqual(
        expect.arrayContaining([expect.stringContaining("Leisure without study is death."), expect.stringContaining("A third line.")]),
      );
      expect(await t.page.locator("del").first().textContent()).toBe(first.title);
      expect(await t.page.locator(".sr-only", { hasText: "Removed:" }).count()).toBeGreaterThan(0);
      await expectAxeClean(t.page, { reloadInThemes: THEMES });

      // Restore asks for confirmation, then the first version is current again, and a new revision says so.
      await t.page.getByRole("button", { name: "Restore revision #1" }).click();
      expect(new URL(t.page.url()).pathname).toBe(`/admin/articles/${id}/history/1`);
      await t.page.getByRole("checkbox", { name: /Replace the current version with revision #1/ }).check();
      await t.page.getByRole("button", { name: "Restore revision #1" }).click();
      await t.page.getByRole("status").filter({ hasText: "Revision #1 restored" }).waitFor();
      expect(await t.page.getByRole("row").nth(1).textContent()).toMatch(/#4 \(current\).*restored #1: title, content/);

      await gotoHydrated(t.page, `/articles/${id}`);
      await t.page.getByRole("heading", { name: first.title }).waitFor();
      await t.page.getByText("Leisure without study is death.").waitFor();
      expect(await t.page.getByText("A third line.").count()).toBe(0);
    } finally {
      // The server and D1 are shared by every file: the article goes again, and its history with it.
      expect((await t.page.request.delete(`${baseURL}/api/articles/${id}`)).status()).toBe(204);
    }
  }, 120_000);
});
