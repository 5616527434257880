/**
 * The newsletter's lifecycle in the browser: sign up on the home page, confirm from the dev mailbox, receive an issue
 * and unsubscribe from it in one click; unsubscribe from the link's page and undo it; the signup form without JavaScript; sending an issue; and the admin's
 * "Delete on request".
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { preferMarkdownSource } from "./markdown-source";

type DevMail = { to: string; kind: string; subject: string; text: string; headers?: Record<string, string> | null };

const devMails = async () => (await (await fetch(`${baseURL}/__dev/mail.json`)).json()) as DevMail[];

/** The confirmation link e-mailed to `to` (mail goes through the queue, so poll). */
async function confirmationLink(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await devMails()).find((each) => each.to === to && each.kind === "newsletter-confirmation");
        link = mail ? /https?:\/\/\S+\/newsletter\/confirm\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0] : undefined;
        return link !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return new URL(link as string).pathname;
}

/**
 * Opens the confirmation link e-mailed to `email` in `page` and presses the page's button, as the subscriber does
 * (opening the link alone confirms nothing: mail scanners open links); returns the link's path.
 */
async function confirmFromMailbox(page: Page, email: string) {
  const confirmPath = await confirmationLink(email);
  await page.goto(confirmPath);
  await page.getByRole("heading", { name: "Confirm your subscription" }).waitFor();
  // Opening it again (a scanner, a preview, a reload) still only asks.
  await page.reload();
  await page.getByRole("heading", { name: "Confirm your subscription" }).waitFor();
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await page.getByRole("heading", { name: "You're subscribed" }).waitFor();
  return confirmPath;
}

/** A confirmed subscriber: signs `email` up through the API and confirms from the mailbox in `page`. */
async function subscribeAndConfirm(page: Page, email: string) {
  const signup = await fetch(`${baseURL}/api/newsletter/subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(signup.status).toBe(202);
  await confirmFromMailbox(page, email);
}

/** Signs `email` up with the home page's form, as a visitor does. */
async function signUpOnHomePage(page: Page, email: string) {
  await gotoHydrated(page, "/");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await page.getByText("Thanks! Check your inbox to confirm your subscription.").waitFor();
}

describe("with JavaScript", () => {
  const t = openPagePerTest();

  it("signs up, confirms from the e-mail, unsubscribes from the link's page and undoes it", async () => {
    const email = "e2e-news@example.com";
    await signUpOnHomePage(t.page, email);

    const confirmPath = await confirmFromMailbox(t.page, email);
    // The link works once.
    await t.page.goto(confirmPath);
    await t.page.getByRole("heading", { name: "This link was already used" }).waitFor();

    // A tampered link is refused with a clear page.
    await t.page.goto(`${confirmPath.slice(0, -1)}${confirmPath.endsWith("A") ? "B" : "A"}`);
    await t.page.getByRole("heading", { name: "This link doesn't work" }).waitFor();
  });
});

describe("unsubscribing from the link's page", () => {
  const t = openPagePerTest();

  it("GET asks first; the button unsubscribes; Undo subscribes again", async () => {
    const email = "e2e-leave@example.com";
    await subscribeAndConfirm(t.page, email);
    const unsubscribeUrl = await t.page.getByRole("link", { name: "Unsubscribe" }).getAttribute("href");
    expect(unsubscribeUrl).toMatch(/\/newsletter\/unsubscribe\/[A-Za-z0-9_-]{43}$/);
    expect(unsubscribeUrl).not.toContain("e2e-leave");

    await t.page.goto(unsubscribeUrl as string);
    await t.page.getByRole("heading", { name: "Unsubscribe from the newsletter?" }).waitFor();
    // Opening the page twice still asks: GET never unsubscribes.
    await t.page.reload();
    await t.page.getByRole("heading", { name: "Unsubscribe from the newsletter?" }).waitFor();
    await t.page.getByRole("button", { name: "Unsubscribe" }).click();
    await t.page.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
    await t.page.getByRole("button", { name: "Undo" }).click();
    await t.page.getByRole("heading", { name: "You're subscribed again" }).waitFor();

    // A mail client's one-click POST: no cookie, no page, just the RFC 8058 body.
    const oneClick = await fetch(new URL(unsubscribeUrl as string, baseURL), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    await t.page.goto(unsubscribeUrl as string);
    await t.page.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
  });
});

describe("without JavaScript", () => {
  const t = openPagePerTest({ javaScriptEnabled: false });

  it("the signup form posts to /newsletter/subscribe and answers with a page", async () => {
    await t.page.goto("/");
    const email = "e2e-nojs@example.com";
    await t.page.getByLabel("Email address").fill(email);
    await t.page.getByRole("button", { name: "Subscribe" }).click();
    await t.page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    expect(new URL(t.page.url()).pathname).toBe("/newsletter/subscribe");
    await confirmFromMailbox(t.page, email);
  });
});

describe("sending an issue", () => {
  const t = openPagePerTest();

  it("a visitor subscribes and confirms, receives the issue the admin sends, and unsubscribes in one click from it", async () => {
    const email = "e2e-reader@example.com";
    await signUpOnHomePage(t.page, email);
    await confirmFromMailbox(t.page, email);
    await signInAsAdmin(t.page);

    const subject = "Letters on attention";
    await preferMarkdownSource(t.page);
    await gotoHydrated(t.page, "/admin/newsletter/new");
    await t.page.getByLabel("Subject").fill(subject);
    await t.page.getByLabel("Body").fill("## This month\n\nA short note on **attention**, and a practice to try.");
    await t.page.getByRole("button", { name: "Save draft" }).click();
    await t.page.waitForURL((url) => /^\/admin\/newsletter\/\d+$/.test(url.pathname));

    // The send box names how many confirmed subscribers get it before anything is pressed (this file's other tests
    // confirm addresses too), and the page says "Sending to N subscribers" at once.
    await t.page.getByLabel(/I confirm: send this issue to \d+ confirmed subscriber/).check();
    await t.page.getByRole("button", { name: /Send to \d+ confirmed subscriber/ }).click();
    await t.page
      .getByText(/Sending to \d+ subscribers?/)
      .first()
      .waitFor();

    // Delivery goes through the mail queue: poll the dev mailbox.
    let mail: DevMail | undefined;
    await expect
      .poll(
        async () => {
          mail = (await devMails()).find((each) => each.to === email && each.kind === "newsletter" && each.subject === subject);
          return mail !== undefined;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const headers = mail?.headers ?? {};
    expect(headers["List-Unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/newsletter\/unsubscribe\/[A-Za-z0-9_-]{43}>$/);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.text).toContain("attention");

    // The reader's mail client unsubscribes in one click: a POST to the received issue's own List-Unsubscribe URL.
    const unsubscribeUrl = /^<([^>]+)>$/.exec(headers["List-Unsubscribe"] ?? "")?.[1] as string;
    const oneClick = await fetch(new URL(new URL(unsubscribeUrl).pathname, baseURL), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    await t.page.goto(new URL(unsubscribeUrl).pathname);
    await t.page.getByRole("heading", { name: "You're unsubscribed" }).waitFor();

    await gotoHydrated(t.page, "/newsletter");
    await t.page.getByRole("link", { name: subject }).click();
    await t.page.waitForURL((url) => /^\/newsletter\/\d+$/.test(url.pathname));
    await t.page.getByRole("heading", { level: 1, name: subject }).waitFor();
  });
});

describe("delete on request", () => {
  const t = openPagePerTest();

  it("the admin searches a subscriber and deletes them on request: gone from the list, the CSV and the mail log", async () => {
    const email = "e2e-forget@example.com";
    await subscribeAndConfirm(t.page, email);
    await signInAsAdmin(t.page);
    const csv = async () => (await t.page.request.get("/admin/subscribers.csv")).text();
    expect(await csv()).toContain(email);

    await gotoHydrated(t.page, "/admin/subscribers");
    await t.page.getByLabel("Search by email").fill(email);
    await t.page.getByRole("button", { name: "Search" }).click();
    await t.page.waitForURL((url) => url.searchParams.get("q") === email);
    const row = t.page.getByTestId("subscriber-row");
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole("cell").nth(1).textContent()).toBe("Confirmed");

    await row.getByRole("link", { name: `Delete on request: ${email}` }).click();
    await t.page.getByRole("heading", { name: `Delete ${email}?` }).waitFor();
    await t.page.getByRole("button", { name: `Delete everything about ${email}` }).click();
    await t.page.getByTestId("subscribers-result").getByText(`Deleted ${email}: the subscription (with its links)`).waitFor();
    await t.page.getByText("No subscriber matches this search.").waitFor();
    expect(new URL(t.page.url()).searchParams.get("erase")).toBeNull();

    expect(await csv()).not.toContain(email);
    expect((await devMails()).filter((mail) => mail.to === email)).toEqual([]);
  });
});
