/**
 * The visual editor (issue #29) end to end, from the keyboard: an article body typed with Markdown shortcuts, a
 * toolbar button reached by the arrow keys, a pull quote from the slash menu; Source mode and back changes nothing;
 * saved, the public page shows the heading, the list and the pull quote. axe-clean with the slash menu open, in both
 * themes; the toolbar's buttons are 44 px targets. The test makes its own article and deletes it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createArticle } from "./admin-api";
import { expectAxeClean, THEMES } from "./axe";
import { baseURL, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";

const t = openPagePerTest();

/** The body field once the visual editor has loaded (it replaces the server's textarea after hydration). */
async function visualBody(page: Page) {
  await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
  return page.getByRole("textbox", { name: "Content", exact: true });
}

/** The focused toolbar button's accessible name (its screen-reader text; the face it shows is hidden from it). */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.querySelector(".sr-only")?.textContent);

describe("the visual editor", () => {
  it("writes an article from the keyboard, and the public page shows it", async () => {
    await signInAsAdmin(t.page);
    const id = await createArticle(t.page, {
      title: "Written in the visual editor",
      excerpt: "An article the browser test writes.",
      content: "A placeholder.",
      category: "Philosophy",
      readingTime: 3,
      authorId: 1,
      status: "published",
    });
    try {
      await gotoHydrated(t.page, `/admin/articles/${id}`);
      const body = await visualBody(t.page);
      const stored = t.page.locator('input[type="hidden"][name="content"]');
      expect(await stored.inputValue()).toBe("A placeholder.");

      await body.focus();
      await t.page.keyboard.press("ControlOrMeta+A");
      await t.page.keyboard.press("Backspace");
      // Markdown shortcuts as you type: "## " makes a heading, "**…**" bold, "- " a list (Enter twice leaves it).
      await t.page.keyboard.type("## A heading by shortcut");
      await t.page.keyboard.press("Enter");
      await t.page.keyboard.type("Some **bold** words.");
      await t.page.keyboard.press("Enter");
      await t.page.keyboard.type("- first point");
      await t.page.keyboard.press("Enter");
      await t.page.keyboard.type("second point");
      await t.page.keyboard.press("Enter");
      await t.page.keyboard.press("Enter");
      await body.getByRole("heading", { level: 2, name: "A heading by shortcut" }).waitFor();
      await body.locator("strong", { hasText: "bold" }).waitFor();

      // The slash menu: "/" opens a listbox the text field drives; the arrow keys choose, Enter inserts.
      await t.page.keyboard.type("/quo");
      const listbox = t.page.getByRole("listbox");
      await listbox.waitFor();
      expect(await listbox.getByRole("option").allInnerTexts()).toEqual([
        expect.stringContaining("Quote"),
        expect.stringContaining("Pull quote"),
      ]);
      expect(await body.getAttribute("aria-activedescendant")).toBe(await listbox.getByRole("option").first().getAttribute("id"));
      await t.page.keyboard.press("ArrowDown");
      await expect.poll(() => listbox.getByRole("option", { selected: true }).textContent()).toContain("Pull quote");
      expect(await body.getAttribute("aria-activedescendant")).toBe(
        await listbox.getByRole("option", { selected: true }).getAttribute("id"),
      );
      await t.page.keyboard.press("Enter");
      await listbox.waitFor({ state: "detached" });
      await t.page.keyboard.type("The obstacle is the way.");
      await t.page.keyboard.press("Enter");
      await t.page.keyboard.type("\u2014 Marcus Aurelius");
      // Enter adds a line in a pull quote; Enter on an empty last line leaves it.
      await t.page.keyboard.press("Enter");
      await t.page.keyboard.press("Enter");
      await body.locator("figure[data-pullquote]").waitFor();

      // The toolbar from the keyboard: one tab stop before the text, the arrow keys between its buttons.
      await t.page.keyboard.press("Shift+Tab");
      expect(await focusedName(t.page)).toBe("Heading 2");
      await t.page.keyboard.press("End");
      expect(await focusedName(t.page)).toBe("Image group");
      await t.page.keyboard.press("Home");
      for (let i = 0; i < 4; i++) await t.page.keyboard.press("ArrowRight");
      expect(await focusedName(t.page)).toBe("Italic");
      await t.page.keyboard.press("Enter");
      // The button turns italic on and gives the focus back to the text (TipTap focuses it on the next frame).
      await t.page.getByRole("button", { name: "Italic", pressed: true }).waitFor();
      await expect.poll(() => t.page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("textbox");
      await t.page.keyboard.type("In italics.");
      await body.locator("em", { hasText: "In italics." }).waitFor();

      const markdown = await stored.inputValue();
      expect(markdown).toBe(
        [
          "## A heading by shortcut",
          "Some **bold** words.",
          "- first point\n- second point",
          "```pullquote\nThe obstacle is the way.\n\u2014 Marcus Aurelius\n```",
          "*In italics.*",
        ].join("\n\n"),
      );

      // Source mode shows the same Markdown; back again, nothing has changed.
      const sourceSwitch = t.page.getByRole("button", { name: "Formatting marks" });
      await sourceSwitch.focus();
      await t.page.keyboard.press("Enter");
      expect(await sourceSwitch.getAttribute("aria-pressed")).toBe("true");
      expect(await t.page.getByRole("textbox", { name: "Content", exact: true }).inputValue()).toBe(markdown);
      await t.page.keyboard.press("Enter");
      await (await visualBody(t.page)).getByRole("heading", { level: 2, name: "A heading by shortcut" }).waitFor();
      expect(await stored.inputValue()).toBe(markdown);

      await t.page.getByRole("button", { name: "Save Changes" }).click();
      await t.page.getByText("Article has been updated successfully.").first().waitFor();

      await gotoHydrated(t.page, `/articles/${id}`);
      const article = t.page.locator(".article-body");
      await article.getByRole("heading", { level: 2, name: "A heading by shortcut" }).waitFor();
      expect(await article.getByRole("listitem").allInnerTexts()).toEqual(["first point", "second point"]);
      const pullQuote = article.locator("figure.pullquote");
      expect(await pullQuote.locator("blockquote").textContent()).toBe("The obstacle is the way.");
      expect(await pullQuote.locator("figcaption").textContent()).toContain("Marcus Aurelius");
      expect(await article.locator("em").textContent()).toBe("In italics.");
      expect(t.pageErrors).toEqual([]);
    } finally {
      expect((await t.page.request.delete(`${baseURL}/api/articles/${id}`)).status()).toBe(204);
    }
  }, 120_000);

  it("is axe-clean with its slash menu open, in both themes, with 44 px targets", async () => {
    await signInAsAdmin(t.page);
    for (const theme of THEMES) {
      await t.page.evaluate((value) => window.localStorage.setItem("vite-ui-theme", value), theme);
      await gotoHydrated(t.page, "/admin/articles/new");
      const body = await visualBody(t.page);
      for (const button of await t.page.getByRole("toolbar", { name: "Formatting" }).getByRole("button").all()) {
        const box = await button.boundingBox();
        expect(box?.width, `${await button.textContent()}: width`).toBeGreaterThanOrEqual(44);
        expect(box?.height, `${await button.textContent()}: height`).toBeGreaterThanOrEqual(44);
      }
      await body.focus();
      await t.page.keyboard.type("/");
      await t.page.getByRole("listbox").waitFor();
      await expectAxeClean(t.page, { theme, label: "the article editor, slash menu open" });
      // Escape closes the menu and leaves the "/" as text.
      await t.page.keyboard.press("Escape");
      await t.page.getByRole("listbox").waitFor({ state: "detached" });
      expect(await body.textContent()).toBe("/");
    }
    expect(t.pageErrors).toEqual([]);
  }, 120_000);
});
