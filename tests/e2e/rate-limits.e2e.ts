/**
 * The abuse limits as a visitor meets them. The local server counts every request as one client, so
 * each test starts from the seeded database (cleared counters), uses up the allowance with direct requests,
 * and then checks what the page shows.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { gotoHydrated, openPagePerTest } from "./browser";
import { resetServerState } from "./server-db";

const t = openPagePerTest();

/** At most this many requests to reach a limit (the test server's limits are lower; see global-setup.ts). */
const MAX_TRIES = 500;
const TOO_MANY = /^Too many requests\. Please try again in \d+ minutes?\.$/;

beforeEach(resetServerState);

/**
 * Sends `send` until it answers 429, `batch` requests at a time (the newsletter's allowance is large);
 * returns how many were accepted.
 */
async function exhaust(send: (attempt: number) => Promise<number>, batch = 1) {
  let accepted = 0;
  for (let attempt = 0; attempt < MAX_TRIES; attempt += batch) {
    const statuses = await Promise.all(Array.from({ length: batch }, (_, i) => send(attempt + i)));
    for (const [i, status] of statuses.entries()) if (status !== 429) expect(status, `attempt ${attempt + i}`).toBeLessThan(300);
    accepted += statuses.filter((status) => status !== 429).length;
    if (statuses.includes(429)) return accepted;
  }
  throw new Error(`no 429 after ${MAX_TRIES} requests`);
}

describe("abuse limits, as the visitor sees them", () => {
  it("the contact form shows the 429 message inline and keeps everything typed", async () => {
    const form = { name: "Ada", email: "ada@example.com", subject: "general", message: "Filling the allowance." };
    const accepted = await exhaust(async () => (await t.page.request.post("/contact", { form })).status());
    expect(accepted).toBeGreaterThan(0);

    await gotoHydrated(t.page, "/contact");
    await t.page.getByLabel("Name", { exact: true }).fill("Marcus");
    await t.page.getByLabel("Email", { exact: true }).fill("marcus@example.com");
    await t.page.getByLabel("Subject").selectOption("feedback");
    await t.page.getByLabel("Message", { exact: true }).fill("One message too many.");
    const [answer] = await Promise.all([
      t.page.waitForResponse(
        (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/contact"),
      ),
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
    const subscribe = (attempt: number) =>
      t.page.request.post("/api/newsletter/subscribe", { data: { email: `limit-${attempt}@example.com` } });
    await exhaust(async (attempt) => (await subscribe(attempt)).status(), 20);

    await gotoHydrated(t.page, "/");
    await t.page.getByLabel("Email address").fill("one-more@example.com");
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
    expect(await t.page.getByLabel("Email address").inputValue()).toBe("one-more@example.com");
    // The refused request is the only console error: the browser's own log line for the 429.
    expect(t.pageErrors.filter((message) => !message.includes("429"))).toEqual([]);
  });

  it("a client-sent CF-Connecting-IP or X-Forwarded-For gives no fresh allowance", async () => {
    const form = { name: "Ada", email: "ada@example.com", subject: "general", message: "Filling the allowance." };
    await exhaust(async () => (await t.page.request.post("/contact", { form })).status());
    const forgedHeaders: Record<string, string>[] = [
      { "CF-Connecting-IP": "203.0.113.201" },
      { "X-Forwarded-For": "198.51.100.202" },
      { "CF-Connecting-IP": "2001:db8:9::1", "X-Forwarded-For": "198.51.100.203" },
    ];
    for (const headers of forgedHeaders) {
      const answer = await t.page.request.post("/contact", { form, headers });
      expect(answer.status(), JSON.stringify(headers)).toBe(429);
    }
    // The sign-in throttle too: five wrong passwords, then a forged address is still refused.
    const login = (headers: Record<string, string> = {}) =>
      t.page.request.post("/login", { form: { username: "nobody", password: "wrong password" }, headers, maxRedirects: 0 });
    for (let i = 0; i < 5; i++) expect((await login()).status()).toBe(401);
    expect((await login({ "CF-Connecting-IP": "203.0.113.204", "X-Forwarded-For": "198.51.100.204" })).status()).toBe(429);
  });
});
