/** Site search: the header's box without JavaScript, grouped and highlighted results, and the "/" shortcut. */
import { describe, expect, it } from "vitest";
import { gotoHydrated, openPagePerTest } from "./browser";

describe("search without JavaScript", () => {
  const t = openPagePerTest({ javaScriptEnabled: false });

  it("the header's box leads to results grouped by type, with counts and highlighted matches", async () => {
    await t.page.goto("/practices");
    expect(await t.page.locator("html[data-hydrated]").count()).toBe(0);
    const box = t.page.getByRole("searchbox", { name: "Search the site" });
    await box.fill("stoic");
    await Promise.all([t.page.waitForURL("**/search?q=stoic"), box.press("Enter")]);

    expect(await t.page.getByRole("heading", { level: 1 }).textContent()).toBe("Search");
    const summary = await t.page.getByTestId("search-summary").textContent();
    expect(summary).toMatch(/^\d+ results for “stoic”: \d+ in articles, \d+ in practices, \d+ in courses/);
    for (const group of ["Articles", "Practices", "Courses"]) {
      const heading = t.page.getByRole("heading", { level: 2, name: new RegExp(`^${group} \\(\\d+\\)$`) });
      expect(await heading.count(), group).toBe(1);
    }
    const articles = t.page.getByTestId("results-article");
    const marks = await articles.locator("mark").allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark).toMatch(/^stoic/i);

    // A result is a link to its page.
    const first = articles.getByRole("link").first();
    const title = await first.textContent();
    await Promise.all([t.page.waitForURL(/\/articles\/\d+$/), first.click()]);
    expect(await t.page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
  });

  it("nothing found suggests what to do, and visitor FTS syntax is no error", async () => {
    const response = await t.page.goto("/search?q=xylophonist+zzyzx");
    expect(response?.status()).toBe(200);
    expect(await t.page.getByText("No results for “xylophonist zzyzx”.").count()).toBe(1);
    expect(await t.page.locator("main").getByRole("link", { name: "Guided practices" }).count()).toBe(1);

    expect((await t.page.goto("/search?q=%22NEAR(stoic*+OR"))?.status()).toBe(200);
    expect((await t.page.goto(`/search?q=${"a".repeat(201)}`))?.status()).toBe(400);
    expect(await t.page.getByText("Your search is too long").count()).toBe(1);
  });
});

describe("search with JavaScript", () => {
  const t = openPagePerTest();

  it('"/" focuses the search box, but not while typing in another field', async () => {
    await gotoHydrated(t.page, "/articles");
    await t.page.keyboard.press("/");
    const focusedName = () => t.page.evaluate(() => document.activeElement?.getAttribute("aria-keyshortcuts"));
    expect(await focusedName()).toBe("/");
    expect(await t.page.getByRole("searchbox", { name: "Search the site" }).inputValue()).toBe("");

    const filter = t.page.getByRole("searchbox", { name: "Search articles" });
    await filter.focus();
    await t.page.keyboard.type("a/b");
    expect(await filter.inputValue()).toBe("a/b");
    expect(await focusedName()).toBeNull();

    await t.page.getByRole("searchbox", { name: "Search the site" }).focus();
    await t.page.keyboard.type("breath");
    await Promise.all([t.page.waitForURL("**/search?q=breath"), t.page.keyboard.press("Enter")]);
    await t.page.getByTestId("results-practice").locator("mark").first().waitFor();
    expect(t.pageErrors).toEqual([]);
  });
});
