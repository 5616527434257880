/**
 * #26 part 4 in the browser: a subscriber confirms (and gets the welcome e-mail); the admin writes an article with a
 * cover image and presses "Publish and e-mail to subscribers" (the confirmation names how many confirmed subscribers
 * get it); the issue arrives in the dev mailbox with its cover shown as an image, not a link; the subscriber follows
 * its unsubscribe link and unsubscribes. Every wait is on a condition (the mail goes through the queue).
 */
import { describe, expect, it } from "vitest";
import { baseURL, fillByLabel, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { awaitDevMail } from "./dev-mail";
import { preferMarkdownSource } from "./markdown-source";

type DevMail = { to: string; kind: string; subject: string; text: string; html?: string };

const t = openPagePerTest();
const COVER = "/images/articles/article-1.svg";

/** Signs `email` up through the API and presses the confirmation page's button, as the subscriber does. */
async function subscribeAndConfirm(email: string) {
  const signup = await fetch(`${baseURL}/api/newsletter/subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(signup.status).toBe(202);
  const mail = await awaitDevMail<DevMail>((each) => each.to === email && each.kind === "newsletter-confirmation");
  const link = /https?:\/\/\S+\/newsletter\/confirm\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  await t.page.goto(new URL(link as string).pathname);
  await t.page.getByRole("button", { name: "Confirm my subscription" }).click();
  await t.page.getByRole("heading", { name: "You're subscribed" }).waitFor();
}

describe("publish and e-mail", () => {
  it("an article with a cover is published and e-mailed in one step; the mail shows the cover; the reader unsubscribes", async () => {
    // Each step fails on its own, naming what it waited for, well inside the test's time.
    t.page.setDefaultTimeout(15_000);
    const email = "e2e-publish-and-email@example.com";
    const title = "The Examined Morning";
    await subscribeAndConfirm(email);
    // The welcome e-mail follows the confirmation (on by default in Settings).
    await awaitDevMail<DevMail>((each) => each.to === email && each.kind === "newsletter-welcome");

    await signInAsAdmin(t.page);
    await preferMarkdownSource(t.page);
    await gotoHydrated(t.page, "/admin/articles/new");
    await fillByLabel(t.page, {
      Title: title,
      Excerpt: "What the first hour of the day can teach.",
      Content: "The first paragraph of the morning.\n\nThe second paragraph.\n\nThe third paragraph.\n\nA fourth, for the full text only.",
      "Image URL": COVER,
    });
    // A new article is a draft; "Save draft" lands on its edit page.
    await t.page.getByRole("button", { name: "Save draft" }).click();
    await t.page.waitForURL(/\/admin\/articles\/\d+$/);
    const articleId = Number(new URL(t.page.url()).pathname.split("/").pop());

    await t.page.getByRole("button", { name: "Publish and e-mail to subscribers" }).click();
    const dialog = t.page.getByRole("dialog", { name: "Publish and e-mail this article?" });
    await dialog.waitFor();
    // The confirmation names how many confirmed subscribers get it (the seed's and ours).
    const count = await dialog.getByTestId("publish-email-count").textContent();
    expect(count).toMatch(/^[\d,]+ confirmed subscribers?$/);
    await dialog.getByRole("button", { name: /^Publish and e-mail / }).click();

    // The page, sending: the article is on the site.
    await t.page.waitForURL(/\/admin\/newsletter\/\d+/);
    await t.page.getByRole("heading", { name: title }).waitFor();
    expect((await fetch(`${baseURL}/articles/${articleId}`)).status).toBe(200);

    // The dev mailbox: the subscriber's copy, its cover an image on the site's origin (with alt text), not a link.
    await awaitDevMail<DevMail>((each) => each.to === email && each.subject === title);
    await gotoHydrated(t.page, "/__dev/mail");
    const mail = t.page
      .getByRole("article")
      .filter({ hasText: email })
      .filter({ has: t.page.getByRole("heading", { name: title }) });
    const html = mail.frameLocator("iframe").first();
    const cover = html.locator(`img[src$="${COVER}"]`);
    await cover.waitFor({ state: "attached" });
    expect(await cover.getAttribute("src")).toMatch(/^https?:\/\//);
    expect(await cover.getAttribute("alt")).toBeTruthy();
    expect(await html.locator(`a[href$="${COVER}"]`).count()).toBe(0);
    await html.getByRole("link", { name: "Continue reading" }).waitFor();

    // Its unsubscribe link: the page asks, the button unsubscribes.
    const unsubscribe = await html.getByRole("link", { name: "Unsubscribe" }).getAttribute("href");
    expect(unsubscribe).toMatch(/\/newsletter\/unsubscribe\/[A-Za-z0-9_-]+$/);
    await gotoHydrated(t.page, new URL(unsubscribe as string).pathname);
    await t.page.getByRole("heading", { name: "Unsubscribe from the newsletter?" }).waitFor();
    await t.page.getByRole("button", { name: "Unsubscribe" }).click();
    await t.page.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
  }, 120_000);
});
