/**
 * The reading experience (issue #16): the end of an article keeps the reader (the author's bio, previous and
 * next, related articles, a newsletter prompt that works without JavaScript), and the lists are not all one grid
 * (the featured article leads /articles and the home page; practices are a calm list).
 */
import type { Page } from "playwright-core";
import { assert, describe, expect, it } from "vitest";
import { gotoHydrated, openPagePerTest } from "./browser";
import { selectColumn } from "./server-db";

/** The seed's articles, newest first (the site's order), with what the end of an article shows. */
function articlesNewestFirst() {
  const rows = selectColumn(
    "SELECT json_object('id', id, 'title', title, 'category', category, 'author', author) AS value FROM articles ORDER BY published_date DESC, id DESC",
  );
  return rows.map((row) => JSON.parse(row) as { id: number; title: string; category: string; author: string });
}

const newestFeaturedTitle = () =>
  selectColumn("SELECT title AS value FROM articles WHERE featured = 1 ORDER BY published_date DESC, id DESC LIMIT 1")[0];

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not visible`);
  return found;
};
const widthOf = async (page: Page, selector: string) => (await box(page, selector)).width;

describe("the end of an article", () => {
  const t = openPagePerTest();

  it("shows the author's bio, previous and next by date, and three related articles of the same category first", async () => {
    const list = articlesNewestFirst();
    const at = list.findIndex((a) => a.id === 1);
    const [article, older, newer] = [list[at], list[at + 1], list[at - 1]];
    assert(article && older && newer, "article 1 and an older and a newer one");
    await gotoHydrated(t.page, "/articles/1");

    const bio = t.page.locator(".article-end .end-bio");
    expect(await bio.getByRole("heading", { name: article.author }).count()).toBe(1);
    expect(((await bio.textContent()) ?? "").length).toBeGreaterThan(100);
    expect(await bio.locator('img[src^="/images/contributors/"]').count()).toBe(1);

    const neighbours = t.page.getByRole("navigation", { name: "Previous and next articles" });
    expect(await neighbours.locator('a[rel="prev"]').getAttribute("href")).toBe(`/articles/${older.id}`);
    expect(await neighbours.locator('a[rel="prev"]').textContent()).toContain(older.title);
    expect(await neighbours.locator('a[rel="next"]').getAttribute("href")).toBe(`/articles/${newer.id}`);

    const related = t.page
      .locator(".article-end section", { has: t.page.getByRole("heading", { name: "Related articles" }) })
      .getByRole("link");
    expect(await related.count()).toBe(3);
    const hrefs = await related.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs).not.toContain("/articles/1");
    const sameCategory = list.filter((a) => a.category === article.category && a.id !== 1).slice(0, 3);
    expect(hrefs).toEqual(sameCategory.map((a) => `/articles/${a.id}`));
    expect(t.pageErrors).toEqual([]);
  });

  it("the next link opens the newer article, whose previous link leads back", async () => {
    const list = articlesNewestFirst();
    const at = list.findIndex((a) => a.id === 1);
    const [article, newer] = [list[at], list[at - 1]];
    assert(article && newer, "article 1 and a newer one");
    await gotoHydrated(t.page, "/articles/1");
    await t.page.locator('a[rel="next"]').click();
    await t.page.waitForURL(`**/articles/${newer.id}`);
    await expect.poll(() => t.page.locator("h1").textContent()).toBe(newer.title);
    await t.page.locator('a[rel="prev"]').click();
    await t.page.waitForURL("**/articles/1");
    await expect.poll(() => t.page.locator("h1").textContent()).toBe(article.title);
  });

  it("the newest article has no next link and the oldest no previous one", async () => {
    const list = articlesNewestFirst();
    const [newest, oldest] = [list[0], list.at(-1)];
    assert(newest && oldest, "the newest and the oldest article");
    await gotoHydrated(t.page, `/articles/${newest.id}`);
    expect(await t.page.locator('a[rel="next"]').count()).toBe(0);
    expect(await t.page.locator('a[rel="prev"]').count()).toBe(1);
    await gotoHydrated(t.page, `/articles/${oldest.id}`);
    expect(await t.page.locator('a[rel="prev"]').count()).toBe(0);
    expect(await t.page.locator('a[rel="next"]').count()).toBe(1);
  });
});

describe("the end of an article without JavaScript", () => {
  const t = openPagePerTest({ javaScriptEnabled: false });

  it("the newsletter prompt subscribes with a plain form post", async () => {
    await t.page.goto("/articles/1");
    const email = "e2e-reader-end@example.com";
    const form = t.page.locator(".article-end").getByRole("form", { name: "Newsletter signup" });
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await t.page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    expect(new URL(t.page.url()).pathname).toBe("/newsletter/subscribe");
    expect(selectColumn(`SELECT status AS value FROM newsletter_subscribers WHERE email = '${email}'`)).toEqual(["pending"]);
  });
});

describe("layout variety", () => {
  const t = openPagePerTest();

  it("the newest featured article leads /articles: first, across the grid, with its image, title and excerpt", async () => {
    await gotoHydrated(t.page, "/articles");
    const lead = t.page.locator('[data-testid="article-list"] > :first-child');
    expect(await lead.getByRole("heading", { level: 2 }).textContent()).toBe(newestFeaturedTitle());
    expect(await lead.locator("img").count()).toBe(1);
    expect(((await lead.locator("p").last().textContent()) ?? "").length).toBeGreaterThan(60);
    const leadBox = await box(t.page, '[data-testid="article-list"] > :first-child');
    const cardBox = await box(t.page, '[data-testid="article-list"] > :nth-child(2)');
    expect(leadBox.width).toBeGreaterThan(cardBox.width * 2);
  });

  it("a filter keeps the lead for its own featured article and the lead is not repeated in the grid", async () => {
    await gotoHydrated(t.page, "/articles?category=Psychology");
    const titles = await t.page.locator('[data-testid="article-list"] h2').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(new Set(titles).size).toBe(titles.length);
    const featured = selectColumn(
      "SELECT title AS value FROM articles WHERE featured = 1 AND category = 'Psychology' ORDER BY published_date DESC, id DESC LIMIT 1",
    );
    expect(titles[0]).toBe(featured[0]);
    const lead = await widthOf(t.page, '[data-testid="article-list"] > :first-child');
    expect(lead).toBeGreaterThan((await widthOf(t.page, '[data-testid="article-list"]')) * 0.95);
  });

  it("the home page's featured section leads with the newest featured article, wider than the two after it", async () => {
    await gotoHydrated(t.page, "/");
    const cards = t.page.locator('[data-testid="featured-articles"] > *');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    expect(await cards.first().getByRole("heading").textContent()).toBe(newestFeaturedTitle());
    const lead = await widthOf(t.page, '[data-testid="featured-articles"] > :first-child');
    expect(lead).toBeGreaterThan((await widthOf(t.page, '[data-testid="featured-articles"] > :nth-child(2)')) * 1.5);
  });

  it("practices are a calm single-column list, each with its duration and category", async () => {
    await gotoHydrated(t.page, "/practices");
    const list = t.page.getByTestId("practice-list");
    expect(await list.evaluate((element) => element.tagName)).toBe("UL");
    const listBox = await box(t.page, '[data-testid="practice-list"]');
    const practices = selectColumn(
      "SELECT json_object('title', title, 'category', category, 'duration', duration) AS value FROM practices ORDER BY id",
    );
    const items = list.locator(":scope > li");
    expect(await items.count()).toBe(practices.length);
    for (const [i, item] of (await items.all()).entries()) {
      const row = practices[i];
      assert(row, `practice ${i + 1} in D1`);
      const practice = JSON.parse(row) as { title: string; category: string; duration: number };
      const itemBox = await item.boundingBox();
      expect(itemBox?.width).toBeGreaterThan(listBox.width * 0.9);
      const text = (await item.textContent()) ?? "";
      for (const part of [practice.title, practice.category, `${practice.duration} min`]) expect(text).toContain(part);
    }
  });
});
