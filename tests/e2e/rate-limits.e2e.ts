/**
 * The abuse limits as a visitor meets them. This file browses from its own client address
 * (CF-Connecting-IP, which the local server keeps when a request brings it), uses up the allowance
 * with direct requests, and then checks what the page shows.
 */
import { describe, expect, it } from "vitest";
import { gotoHydrated, useBrowser } from "./browser";

const t = useBrowser();

/** At most this many requests to reach a limit (the test server's limits are far lower; see global-setup.ts). */
const MAX_TRIES = 100;
const TOO_MANY = /^Too many requests\. Please try again in \d+ minutes?\.$/;

/** A client address of its own per test, so the tests and the other suites never share a counter. */
async function browseFrom(address: string) {
  await t.context.setExtraHTTPHeaders({ "CF-Connecting-IP": address });
  return { "CF-Connecting-IP": address };
}

/** Sends `send` until it answers 429; returns how many were accepted before. */
async function exhaust(send: (attempt: number) => Promise<number>) {
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const status = await send(attempt);
    if (status === 429) return attempt;
    expect(status, `attempt ${attempt}`).toBeLessThan(300);
  }
  throw new Error(`no 429 after ${MAX_TRIES} requests`);
}

describe("abuse limits, as the visitor sees them", () => {
  it("the contact form shows the 429 message inline and keeps everything typed", async () => {
    const headers = await browseFrom("203.0.113.101");
    const form = { name: "Ada", email: "ada@example.com", subject: "general", message: "Filling the allowance." };
    const accepted = await exhaust(async () => (await t.page.request.post("/contact", { form, headers })).status());
    expect(accepted).toBeGreaterThan(0);

    await gotoHydrated(t.page, "/contact");
    await t.page.getByLabel("Name", { exact: true }).fill("Marcus");
    await t.page.getByLabel("Email", { exact: true }).fill("marcus@example.com");
    await t.page.getByLabel("Subject").selectOption("feedback");
    await t.page.getByLabel("Message", { exact: true }).fill("One message too many.");
    const [answer] = await Promise.all([
      t.page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/contact")),
      t.page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(answer.status()).toBe(429);
    const alert = t.page.getByRole("alert").filter({ hasText: "Too many requests" });
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toMatch(TOO_MANY);
    expect(await t.page.getByLabel("Name", { exact: true }).inputValue()).toBe("Marcus");
    expect(await t.page.getByLabel("Message", { exact: true }).inputValue()).toBe("One message too many.");
    expect(await t.page.getByText("Thank you for your message!").count()).toBe(0);
  });

  it("the newsletter form toasts the 429 message and keeps the address", async () => {
    const headers = await browseFrom("203.0.113.102");
    const stamp = Date.now();
    await exhaust(async (attempt) => (await t.page.request.post("/api/newsletter/subscribe", { data: { email: `limit-${stamp}-${attempt}@example.com` }, headers })).status());

    await gotoHydrated(t.page, "/");
    await t.page.getByLabel("Email address").fill(`one-more-${stamp}@example.com`);
    const [answer] = await Promise.all([
      t.page.waitForResponse((response) => response.url().endsWith("/api/newsletter/subscribe")),
      t.page.getByRole("button", { name: "Subscribe" }).click(),
    ]);
    expect(answer.status()).toBe(429);
    expect(answer.headers()["retry-after"]).toMatch(/^\d+$/);
    expect((await answer.json()).message).toMatch(TOO_MANY);
    const toast = t.page.locator("[data-sonner-toast]");
    await toast.getByText(TOO_MANY).waitFor();
    expect(await toast.locator("[data-title]").textContent()).toBe("Too many attempts");
    expect(await t.page.getByLabel("Email address").inputValue()).toBe(`one-more-${stamp}@example.com`);
    // The refused request is the only console error: the browser's own log line for the 429.
    expect(t.pageErrors.filter((message) => !message.includes("429"))).toEqual([]);
  });
});
