/**
 * Sources that convert (docs/analytics.md, "Plays and sources"): a tagged landing is kept by the tab (sessionStorage,
 * never a cookie), and a newsletter signup and a purchase made later in the same tab are stored with that source; the
 * same actions in a fresh tab are direct (null). Rows are read from the server's D1.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LANDING_STORAGE_KEY } from "../../app/lib/analytics";
import { gotoHydrated, openPagePerTest } from "./browser";
import { buyCourse, uniqueBuyer } from "./checkout";
import { selectColumn } from "./server-db";

const t = openPagePerTest();

/** source|medium|campaign of a row ('-' for null). */
const SOURCE_SQL = "coalesce(source, '-') || '|' || coalesce(medium, '-') || '|' || coalesce(campaign, '-') AS value";
const subscriberSource = (email: string) => selectColumn(`SELECT ${SOURCE_SQL} FROM newsletter_subscribers WHERE email = '${email}'`);
const orderSource = (email: string) => selectColumn(`SELECT ${SOURCE_SQL} FROM enrollments WHERE email = '${email}'`);

const storedLanding = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), LANDING_STORAGE_KEY);

/** The home page's signup form, as a visitor uses it (with JavaScript: the API, with the tab's landing). */
async function signUp(page: Page, email: string) {
  await gotoHydrated(page, "/");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await page.getByText("Thanks! Check your inbox to confirm your subscription.").waitFor();
}

async function buy(page: Page, email: string) {
  await gotoHydrated(page, "/courses/1/enroll");
  await buyCourse(page, email);
}

describe("attribution of a visit's source", () => {
  it("a utm-tagged landing, then a signup and a purchase in the same tab: both stored with that source", async () => {
    await gotoHydrated(t.page, "/articles/1?utm_source=Podcast&utm_medium=audio&utm_campaign=ep-9&utm_content=x");
    expect(JSON.parse((await storedLanding(t.page)) ?? "null")).toEqual([
      "?utm_source=Podcast&utm_medium=audio&utm_campaign=ep-9&utm_content=x",
      "",
    ]);
    // Later pages of the visit (document loads and client navigations) keep the landing as it was.
    await gotoHydrated(t.page, "/articles?ref=other");
    await t.page.getByRole("link", { name: "Courses" }).first().click();
    await t.page.waitForURL("**/courses");
    expect(JSON.parse((await storedLanding(t.page)) ?? "null")?.[0]).toBe(
      "?utm_source=Podcast&utm_medium=audio&utm_campaign=ep-9&utm_content=x",
    );

    const email = uniqueBuyer();
    await signUp(t.page, email);
    expect(subscriberSource(email)).toEqual(["podcast|audio|ep-9"]);
    await buy(t.page, email);
    expect(orderSource(email)).toEqual(["podcast|audio|ep-9"]);
    // No cookie carried it: the only cookies are the learner's session and bookmark the purchase signed in with.
    expect((await t.context.cookies()).map((cookie) => cookie.name).filter((name) => !name.startsWith("tel_"))).toEqual([]);
  });

  it("the same in a fresh tab, after a tagged landing in another: direct", async () => {
    await gotoHydrated(t.page, "/?utm_source=elsewhere");
    expect(await storedLanding(t.page)).not.toBeNull();
    const fresh = await t.context.newPage();
    await gotoHydrated(fresh, "/");
    expect(await storedLanding(fresh)).toBeNull();
    const email = uniqueBuyer();
    await signUp(fresh, email);
    await buy(fresh, email);
    expect(subscriberSource(email)).toEqual(["-|-|-"]);
    expect(orderSource(email)).toEqual(["-|-|-"]);
  });

  it("another site's link is kept by its host only; this site's own pages and untagged URLs keep nothing", async () => {
    await t.page.goto("/practices", { referer: "https://www.example.org/some/page?private=1" });
    expect(JSON.parse((await storedLanding(t.page)) ?? "null")).toEqual(["", "www.example.org"]);
    const email = uniqueBuyer();
    await signUp(t.page, email);
    expect(subscriberSource(email)).toEqual(["example.org|-|-"]);

    const own = await t.context.newPage();
    await own.goto("/about", { referer: `${new URL(t.page.url()).origin}/articles` });
    expect(await storedLanding(own)).toBeNull();
  });
});

/** The article-end signup (a plain form, no script of its own) on the article now open. */
async function signUpAtArticleEnd(page: Page, email: string) {
  const form = page.locator(".article-end").getByRole("form", { name: "Newsletter signup" });
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
}

describe("the article-end signup's source", () => {
  it("with JavaScript: the tab's landing, kept from another page of the visit", async () => {
    await gotoHydrated(t.page, "/?utm_source=Mastodon&utm_campaign=spring");
    await gotoHydrated(t.page, "/articles/1");
    const email = uniqueBuyer();
    await signUpAtArticleEnd(t.page, email);
    expect(subscriberSource(email)).toEqual(["mastodon|-|spring"]);
  });
});

describe("the article-end signup's source without JavaScript", () => {
  const bare = openPagePerTest({ javaScriptEnabled: false });

  it("the tags of the article's own URL, from the post's Referer", async () => {
    await bare.page.goto("/articles/1?utm_source=Newsletter&utm_medium=email&utm_campaign=issue-4");
    const email = uniqueBuyer();
    await signUpAtArticleEnd(bare.page, email);
    expect(subscriberSource(email)).toEqual(["newsletter|email|issue-4"]);
  });
});
