import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, gotoHydrated, openPagePerTest } from "./browser";
import { enterBuyer, fillCard, uniqueBuyer } from "./checkout";

const t = openPagePerTest();

const enrolledCount = async (page: Page) => Number(await page.getByTestId("enrolled-count").getAttribute("data-count"));

describe("buying a course", () => {
  it("pays with 4242 from the course page to 'Payment Successful!' and the enrolled count goes up", async () => {
    await gotoHydrated(t.page, "/courses/1");
    const before = await enrolledCount(t.page);
    await t.page.getByRole("link", { name: "Enroll Now" }).click();
    await t.page.getByRole("heading", { name: "Complete Your Enrollment" }).waitFor();
    await enterBuyer(t.page, uniqueBuyer());
    await fillCard(t.page, "4242 4242 4242 4242");
    await t.page.getByRole("button", { name: "Complete Payment" }).click();
    await t.page.waitForURL(/\/courses\/payment-success\?.*payment_intent=pi_/);
    await t.page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    const title = await t.page.locator("p", { hasText: "Thank you for enrolling in" }).textContent();
    expect(title).toContain("Foundations of Stoic Living");

    // Reopening the same success URL shows the same confirmation and does not enrol twice.
    await t.page.reload();
    await t.page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await t.page.goto("/courses/1");
    await t.page.getByTestId("enrolled-count").waitFor();
    await expect.poll(() => enrolledCount(t.page)).toBe(before + 1);
    expect(t.pageErrors).toEqual([]);
  });

  it("a declined card shows the provider's message and the 'Payment failed' toast, and the visitor can retry", async () => {
    await gotoHydrated(t.page, "/courses/2/enroll");
    await enterBuyer(t.page, uniqueBuyer());
    await fillCard(t.page, "4000 0000 0000 0002");
    await t.page.getByRole("button", { name: "Complete Payment" }).click();
    await t.page.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor();
    await t.page.getByText("Payment failed").waitFor();
    expect(new URL(t.page.url()).pathname).toBe("/courses/2/enroll");

    await fillCard(t.page, "4242 4242 4242 4242");
    await t.page.getByRole("button", { name: "Complete Payment" }).click();
    await t.page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
  });

  it("the success page without query values says 'Missing payment information' and goes home after 5 seconds", async () => {
    await gotoHydrated(t.page, "/courses/payment-success");
    await t.page.getByRole("heading", { name: "Payment Error" }).waitFor();
    await t.page.getByText("Missing payment information").waitFor();
    const started = Date.now();
    await t.page.waitForURL((url) => url.pathname === "/", { timeout: 9000 });
    expect(Date.now() - started).toBeGreaterThan(3500);
  });

  it("a forged success URL does not enrol and shows the confirmation error", async () => {
    await gotoHydrated(
      t.page,
      "/courses/payment-success?payment_intent=pi_forged&payment_intent_client_secret=pi_forged_secret_x&redirect_status=succeeded",
    );
    await t.page.getByText("There was an error confirming your payment. Please contact support.").waitFor();
  });

  it("the payment code loads only on the enrol page", async () => {
    const scripts: string[] = [];
    t.page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    for (const path of ["/", "/courses", "/courses/1", "/articles/1"]) await gotoHydrated(t.page, path);
    expect(scripts.filter((s) => /stripe/i.test(s))).toEqual([]);
    const chunks = await Promise.all(scripts.map(async (s) => (await fetch(s)).text()));
    expect(chunks.some((code) => code.includes("react-stripe-js") || code.includes("confirmPayment"))).toBe(false);

    // Not even the enrol page loads it before the buyer has said who pays.
    await gotoHydrated(t.page, "/courses/1/enroll");
    await t.page.getByRole("button", { name: "Continue to payment" }).waitFor();
    expect(scripts.filter((s) => /stripe/i.test(s))).toEqual([]);
    await enterBuyer(t.page, uniqueBuyer());
    await t.page.getByRole("button", { name: "Complete Payment" }).waitFor();
    expect(scripts.some((s) => s.includes("/__stripe/v3/stripe.js"))).toBe(true);
  });
});

describe("the Stripe emulator through the site (/__stripe)", () => {
  it("refuses secret-key calls from outside (no list of client secrets) and sends no CORS headers", async () => {
    // The old constant key, a guessed one, and the publishable key: none may list PaymentIntents.
    const attempts: Record<string, string>[] = [
      { Authorization: "Bearer sk_test_emulator" },
      { Authorization: "Bearer sk_test_guessed_key_123" },
      {},
    ];
    for (const headers of attempts) {
      const response = await fetch(`${baseURL}/__stripe/v1/payment_intents?limit=100&key=pk_test_emulator`, { headers });
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain("_secret_");
      expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    }
    const script = await fetch(`${baseURL}/__stripe/v3/stripe.js`, { headers: { Origin: "https://evil.example" } });
    expect(script.status).toBe(200);
    expect(script.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const preflight = await fetch(`${baseURL}/__stripe/v1/payment_intents`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example" },
    });
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("course pages", () => {
  it("the list shows prices in dollars, descriptions cut at 120 characters, and links to each course", async () => {
    await gotoHydrated(t.page, "/courses");
    await t.page.getByRole("heading", { name: "Courses for Your Growth Journey" }).waitFor();
    const cards = await t.page.locator('[data-testid="course-list"] > *').allTextContents();
    expect(cards).toHaveLength(3);
    expect(cards.join(" ")).toContain("$49.00");
    // Cut at a word boundary with an ellipsis (app/lib/format.ts `truncate`).
    for (const card of cards) expect(card).toMatch(/\w…/);
  });

  it("the detail page selects the first module and shows another module's lessons when chosen", async () => {
    await gotoHydrated(t.page, "/courses/2");
    const modules = t.page.getByRole("region", { name: "Modules" }).getByRole("button");
    expect(await modules.first().getAttribute("aria-pressed")).toBe("true");
    expect(await modules.last().textContent()).toContain("1 lesson");
    await modules.nth(1).click();
    expect(await modules.nth(1).getAttribute("aria-pressed")).toBe("true");
    const selected = await t.page.getByTestId("selected-module").textContent();
    expect(selected).toContain(((await modules.nth(1).textContent()) ?? "").replace(/^Module 2/, "").split(/\d+ lessons?/)[0]);
    expect(selected).toMatch(/\d+ minutes · \d+ assessments?/);
  });

  it("an unknown course shows 'Course not found'", async () => {
    const response = await gotoHydrated(t.page, "/courses/999");
    expect(response?.status()).toBe(404);
    await t.page.getByText("Course not found").waitFor();
  });
});
