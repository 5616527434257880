import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { gotoHydrated, holdRequests, openPagePerTest } from "./browser";

const t = openPagePerTest();

const cardCount = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"] > *`).count();

// The list's own search box (the header has the site-wide one).
const listSearch = (page: Page) => page.getByRole("main").getByRole("searchbox");

async function search(page: Page, text: string) {
  await listSearch(page).fill(text);
}

describe("articles list", () => {
  it("search narrows the list, is reflected in the URL and survives reload", async () => {
    await gotoHydrated(t.page, "/articles");
    const all = await cardCount(t.page, "article-list");
    expect(all).toBeGreaterThanOrEqual(8);
    await search(t.page, "STOIC");
    await t.page.waitForURL(/q=STOIC/);
    await expect.poll(() => cardCount(t.page, "article-list")).toBeLessThan(all);
    const narrowed = await cardCount(t.page, "article-list");
    expect(narrowed).toBeGreaterThan(0);
    await t.page.reload();
    await t.page.waitForSelector("html[data-hydrated]");
    expect(await listSearch(t.page).inputValue()).toBe("STOIC");
    expect(await cardCount(t.page, "article-list")).toBe(narrowed);
  });

  it("the category filter narrows, combines with search, and the empty state shows", async () => {
    await gotoHydrated(t.page, "/articles");
    await t.page.getByRole("button", { name: "Mindfulness", exact: true }).click();
    await t.page.waitForURL(/category=Mindfulness/);
    await t.page.waitForFunction(() => document.querySelector('button[aria-pressed="true"]')?.textContent === "Mindfulness");
    const mindful = await t.page.locator('[data-testid="article-list"] > *').allTextContents();
    expect(mindful.length).toBeGreaterThan(0);
    for (const card of mindful) expect(card).toContain("Mindfulness");
    await search(t.page, "zzzz-no-such-thing");
    await t.page.getByRole("heading", { name: "No articles found" }).waitFor();
    expect(await t.page.getByText("Try adjusting your search or category filter.").count()).toBe(1);
  });

  it("?category= preselects the filter (case-insensitive)", async () => {
    await gotoHydrated(t.page, "/articles?category=philosophy");
    expect(await t.page.getByRole("button", { name: "Philosophy", exact: true }).getAttribute("aria-pressed")).toBe("true");
    for (const card of await t.page.locator('[data-testid="article-list"] > *').allTextContents()) expect(card).toContain("Philosophy");
  });

  it("shows the 6-card skeleton while a client navigation waits for data", async () => {
    await gotoHydrated(t.page, "/about");
    const release = await holdRequests(t.page, "**/articles.data*");
    await t.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Articles" }).click();
    await t.page.getByTestId("skeleton").waitFor();
    expect(await t.page.locator("[data-skeleton-card]").count()).toBe(6);
    release();
    await t.page.locator('[data-testid="article-list"]').waitFor();
  });
});

describe("practices list", () => {
  it("each duration band narrows the list to matching durations", async () => {
    await gotoHydrated(t.page, "/practices");
    const all = await cardCount(t.page, "practice-list");
    const bands: [string, (m: number) => boolean][] = [
      ["≤ 15 min", (m) => m <= 15],
      ["16-30 min", (m) => m > 15 && m <= 30],
      ["> 30 min", (m) => m > 30],
    ];
    let total = 0;
    for (const [label, test] of bands) {
      await t.page.getByRole("button", { name: label, exact: true }).click();
      await t.page.waitForFunction((l) => document.querySelector(`button[aria-pressed="true"]`)?.textContent === l, label);
      const cards = await t.page.locator('[data-testid="practice-list"] > *').allTextContents();
      expect(cards.length, label).toBeGreaterThan(0);
      for (const card of cards) expect(test(Number(/(\d+) min/.exec(card)![1])), card).toBe(true);
      total += cards.length;
    }
    expect(total).toBe(all);
  });

  it("search with no match shows the practices empty state", async () => {
    await gotoHydrated(t.page, "/practices?q=nothing-matches-this");
    await t.page.getByRole("heading", { name: "No practices found" }).waitFor();
    expect(await t.page.getByText("Try adjusting your search or duration filter.").count()).toBe(1);
  });
});

describe("resource library", () => {
  it("category and author search narrow the list; no match shows the empty state", async () => {
    await gotoHydrated(t.page, "/resources");
    const all = await cardCount(t.page, "resource-list");
    await t.page.getByRole("button", { name: "Practical Tools", exact: true }).click();
    await t.page.waitForURL(/category=Practical/);
    await expect.poll(() => cardCount(t.page, "resource-list")).toBeLessThan(all);
    expect(await cardCount(t.page, "resource-list")).toBeGreaterThanOrEqual(4);
    await t.page.getByRole("button", { name: "All", exact: true }).click();
    await search(t.page, "marcus aurelius");
    await expect.poll(() => cardCount(t.page, "resource-list")).toBeLessThan(all);
    expect(await cardCount(t.page, "resource-list")).toBeGreaterThan(0);
    await search(t.page, "qqqq");
    await t.page.getByRole("heading", { name: "No resources found" }).waitFor();
  });
});

describe("recommended reading", () => {
  it("shows six books and filters by category", async () => {
    await gotoHydrated(t.page, "/recommended-reading");
    expect(await cardCount(t.page, "book-list")).toBe(6);
    await t.page.getByRole("button", { name: "Stoicism", exact: true }).click();
    const cards = await t.page.locator('[data-testid="book-list"] > *').allTextContents();
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThan(6);
    const link = t.page.getByRole("link", { name: /View on Amazon/ }).first();
    expect(await link.getAttribute("target")).toBe("_blank");
  });
});
