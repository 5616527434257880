/**
 * The admin's Analytics page (docs/analytics.md, "The analytics page") over daily aggregates written straight into the
 * test server's D1: the chart's table and the top lists show them, the CSV download holds them, the chart is reached
 * and moved with the keyboard, and axe finds nothing in either theme.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { THEMES, expectAxeClean } from "./axe";
import { baseURL, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { selectColumn } from "./server-db";

const t = openPagePerTest();

const DAY_MS = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
const TODAY = day(0);
const YESTERDAY = day(1);
/** "Nov 28, 2026", as the admin writes a day. */
const shortDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));

let article = { id: "", title: "" };

beforeAll(() => {
  const [id = "", title = ""] = selectColumn(
    "SELECT value FROM (SELECT 1 AS k, id AS value FROM articles ORDER BY id LIMIT 1) UNION ALL SELECT value FROM (SELECT 2 AS k, title AS value FROM articles ORDER BY id LIMIT 1)",
  );
  article = { id, title };
  selectColumn(
    `INSERT OR REPLACE INTO analytics_dimensions (day, dimension, value, views, visitors) VALUES
       ('${TODAY}', 'site', '', 31, 21), ('${YESTERDAY}', 'site', '', 32, 22), ('${day(2)}', 'site', '', 33, 23),
       ('${TODAY}', 'referrer', 'search.example', 9, 7);
     INSERT OR REPLACE INTO analytics_pages (day, pattern, content_id, views, visitors) VALUES
       ('${TODAY}', '/articles/:id', '${id}', 17, 11), ('${YESTERDAY}', '/articles/:id', '${id}', 4, 3);
     SELECT 1 AS value`,
  );
});

describe("the Analytics page", () => {
  it("shows the day's counts in the chart's table, the totals and the top lists", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/analytics?range=7");
    expect(await t.page.locator('[data-figure="visits"] [data-value]').textContent()).toBe("96");
    expect(await t.page.locator('[data-figure="unique visitors"] [data-value]').textContent()).toBe("66");
    await t.page.getByText("Show as a table").click();
    const today = t.page.locator(`[data-chart-table] tr[data-day="${TODAY}"]`);
    expect(await today.locator("td").allTextContents()).toEqual(["31", "21", expect.any(String), "0", "0"]);
    const articles = t.page.locator('[data-table="articles"] tbody tr');
    expect(await articles.first().locator("td").allTextContents()).toEqual([article.title, "21", "14"]);
    expect(await t.page.locator('[data-table="referrers"] tbody tr').first().locator("td").allTextContents()).toEqual([
      "search.example",
      "9",
      "7",
    ]);
    await t.page.getByText("Average time on page").waitFor();
    await t.page.getByText("It would need JavaScript on every public page").waitFor();
    expect(t.pageErrors).toEqual([]);
  });

  it("downloads a table as CSV, named by its days, with its rows", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/analytics?range=7");
    const link = t.page.locator('[data-table="articles"]').getByRole("link", { name: "Download CSV of this table" });
    const [download] = await Promise.all([t.page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`analytics-articles-${day(6)}-to-${TODAY}.csv`);
    const text = readFileSync(await download.path(), "utf8");
    const quoted = /[",]/.test(article.title) ? `"${article.title.replace(/"/g, '""')}"` : article.title;
    expect(text.split("\r\n")).toEqual([
      `# Articles by visits; UTC days ${day(6)} to ${TODAY}`,
      "Article,Id,Visits,Unique visitors",
      `${quoted},${article.id},21,14`,
      "",
    ]);
  });

  it("the keyboard reaches the chart and moves its cursor day by day, reading each day out", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/analytics?range=7");
    const chart = t.page.locator("[data-analytics-chart]");
    for (let i = 0; i < 60 && !(await chart.evaluate((element) => element === document.activeElement)); i++)
      await t.page.keyboard.press("Tab");
    expect(await chart.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(
      await chart.evaluate(
        (element) => getComputedStyle(element).boxShadow !== "none" || getComputedStyle(element).outlineStyle !== "none",
      ),
    ).toBe(true);
    expect(await chart.getAttribute("aria-valuetext")).toContain(`${shortDate(TODAY)}: 31 visits, 21 unique visitors`);
    await t.page.keyboard.press("ArrowLeft");
    expect(await chart.getAttribute("aria-valuetext")).toContain(`${shortDate(YESTERDAY)}: 32 visits, 22 unique visitors`);
    expect(await t.page.locator("[data-chart-readout]").textContent()).toContain(`${shortDate(YESTERDAY)}: 32 visits`);
    await t.page.keyboard.press("Home");
    expect(await chart.getAttribute("aria-valuetext")).toContain(`${shortDate(day(6))}: 0 visits`);
  });

  it("axe finds nothing in either theme, the chart's table open", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/analytics?range=7");
    await expectAxeClean(t.page, { reloadInThemes: THEMES, label: "/admin/analytics" });
    await t.page.getByText("Show as a table").click();
    await expectAxeClean(t.page, { label: "/admin/analytics, table open" });
  });

  it("a bad range says what is wrong, over the form", async () => {
    await signInAsAdmin(t.page);
    const response = await gotoHydrated(t.page, "/admin/analytics?from=2026-05-02&to=2026-05-01");
    expect(response?.status()).toBe(400);
    await t.page.getByRole("alert").filter({ hasText: '"from" must not be after "to".' }).waitFor();
  });
});

/**
 * From a reader's browser to the Analytics page, through the Worker's counting and the analytics queue
 * (docs/analytics.md, "Counting"): a landing from a tagged link, a reload, and a client-side navigation (a `.data`
 * request) are three visits by one unique visitor; the article's two visits, the day's three and the tag (on both
 * visits of the tagged URL) show on the page and in its CSV. The reader's browser says it is an ordinary Chrome: headless Chromium's own User-Agent is
 * a bot's, which the counting leaves out (as it does every other browser test's visits).
 */
describe("visits, counted, on the Analytics page", () => {
  const READER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

  it("a reader's three pages show as 3 visits by 1 unique visitor, per page and per source, on the page and in its CSV", async () => {
    const [id = "", title = ""] = selectColumn(
      "SELECT value FROM (SELECT 1 AS k, id AS value FROM articles WHERE status = 'published' ORDER BY id DESC LIMIT 1) UNION ALL SELECT value FROM (SELECT 2 AS k, title AS value FROM articles WHERE status = 'published' ORDER BY id DESC LIMIT 1)",
    );
    // The file's other tests wrote today's site-wide counts: the reader's pages add to them.
    await signInAsAdmin(t.page);
    const csv = async (table: string) => (await t.page.request.get(`${baseURL}/admin/analytics.csv?table=${table}&range=7`)).text();
    /** Today's row of the daily table: visits and unique visitors. */
    const today = async () => {
      const [views = 0, visitors = 0] = ((await csv("daily")).match(new RegExp(`^${TODAY},(\\d+),(\\d+)`, "m")) ?? []).slice(1).map(Number);
      return { views, visitors };
    };
    const before = await today();
    const browser = t.context.browser();
    if (!browser) throw new Error("The test context has no browser.");
    const reader = await browser.newContext({ baseURL, userAgent: READER_AGENT, serviceWorkers: "block" });
    try {
      const page = await reader.newPage();
      const dataRequests: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
      });
      await gotoHydrated(page, `/articles/${id}?utm_source=e2e-newsletter&utm_campaign=launch`);
      await page.reload();
      await page.waitForSelector("html[data-hydrated]");
      // A client-side navigation: React Router fetches the next page's data (`/practices.data`), no document.
      await page.getByRole("navigation").getByRole("link", { name: "Practices", exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === "/practices");
      expect(dataRequests.some((url) => new URL(url).pathname === "/practices.data")).toBe(true);
      expect(await reader.cookies()).toEqual([]);
    } finally {
      await reader.close();
    }

    // The queue hands its batches to the consumer within a second or two locally: wait until the day has the three
    // visits (or 20 s have passed), then check every count.
    const expected = { views: before.views + 3, visitors: before.visitors + 1 };
    let counted = await today();
    for (let i = 0; i < 40 && counted.views < expected.views; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      counted = await today();
    }
    expect(counted).toEqual(expected);
    expect(await csv("articles")).toContain(`,${id},2,1\r\n`);
    expect(await csv("sources")).toContain("e2e-newsletter,2,1\r\n");
    expect(await csv("campaigns")).toContain("launch,2,1\r\n");

    await gotoHydrated(t.page, "/admin/analytics?range=7");
    const row = t.page.locator('[data-table="articles"] tbody tr').filter({ hasText: title });
    expect(await row.locator("td").allTextContents()).toEqual([title, "2", "1"]);
  });
});
