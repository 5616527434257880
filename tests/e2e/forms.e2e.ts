import { describe, expect, it } from "vitest";
import { gotoHydrated, holdRequests, openPagePerTest } from "./browser";

const t = openPagePerTest();

async function subscribe(email: string) {
  await t.page.getByLabel("Email address").fill(email);
  await t.page.getByRole("button", { name: "Subscribe" }).click();
}

describe("newsletter signup", () => {
  it("signs up, clears the field and toasts 'check your inbox'; a repeat gets the same answer", async () => {
    const email = "reader@example.com";
    await gotoHydrated(t.page, "/");
    expect(await t.page.getByText("No tracking: we never know who opens or clicks.").count()).toBe(1);
    await subscribe(email);
    await t.page.getByText("Thanks! Check your inbox to confirm your subscription.").waitFor();
    expect(await t.page.getByText("Success!").count()).toBe(1);
    expect(await t.page.getByLabel("Email address").inputValue()).toBe("");

    await gotoHydrated(t.page, "/about");
    await subscribe(email.toUpperCase());
    await t.page.getByText("Thanks! Check your inbox to confirm your subscription.").waitFor();
  });

  it("shows 'Subscribing...' while busy", async () => {
    await gotoHydrated(t.page, "/");
    const release = await holdRequests(t.page, "**/api/newsletter/subscribe");
    await subscribe("busy@example.com");
    const busy = t.page.getByRole("button", { name: "Subscribing..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await t.page.getByText("Success!").waitFor();
  });

  it("an address the server refuses shows the error toast with its message", async () => {
    await gotoHydrated(t.page, "/");
    // "a@b" passes the browser's type=email check but not the server's.
    await subscribe("a@b");
    await t.page.getByText("Something went wrong").waitFor();
    await t.page.getByText("Please enter a valid email address.").waitFor();
    expect(await t.page.getByLabel("Email address").inputValue()).toBe("a@b");
  });

  it("an empty field does nothing (browser validation)", async () => {
    await gotoHydrated(t.page, "/");
    const requests: string[] = [];
    t.page.on("request", (request) => {
      // The script's call (/api/newsletter/subscribe) or the form's own post (/newsletter/subscribe).
      if (request.method() === "POST" && request.url().includes("/newsletter/subscribe")) requests.push(request.postData() ?? "");
    });
    const field = t.page.getByLabel("Email address");
    // The browser's check ran on the click and stopped the form: its `invalid` event fired.
    const invalid = field.evaluate(
      (input) => new Promise<boolean>((resolve) => input.addEventListener("invalid", () => resolve(true), { once: true })),
    );
    await t.page.getByRole("button", { name: "Subscribe" }).click();
    expect(await invalid).toBe(true);
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    // A valid address sent next is the first request of all: the empty click sent none before it.
    const email = "after-empty@example.com";
    const sent = t.page.waitForResponse((response) => response.url().includes("/newsletter/subscribe"));
    await subscribe(email);
    await sent;
    expect(requests).toHaveLength(1);
    expect(decodeURIComponent(requests[0] ?? "")).toContain(email);
  });
});

describe("contact form", () => {
  async function fill(page = t.page) {
    await page.getByLabel("Name", { exact: true }).fill("Marcus");
    await page.getByLabel("Email", { exact: true }).fill("marcus@example.com");
    await page.getByLabel("Subject").selectOption("feedback");
    await page.getByLabel("Message", { exact: true }).fill("The essay on impermanence helped me this week.");
  }

  it("sends, thanks the visitor and clears the form", async () => {
    await gotoHydrated(t.page, "/contact");
    await fill();
    await t.page.getByRole("button", { name: "Send Message" }).click();
    await t.page.getByText("Thank you for your message!").waitFor();
    expect(await t.page.getByLabel("Message", { exact: true }).inputValue()).toBe("");
    expect(await t.page.getByLabel("Name", { exact: true }).inputValue()).toBe("");
  });

  it("a server refusal shows the field's error and keeps what was typed", async () => {
    await gotoHydrated(t.page, "/contact");
    await fill();
    // Bypass the browser's checks to reach the server's validation.
    await t.page.evaluate(() => {
      const email = document.querySelector<HTMLInputElement>("#contact-email")!;
      email.type = "text";
      email.value = "not-an-email";
    });
    await t.page.getByRole("button", { name: "Send Message" }).click();
    await t.page.getByText("Please enter a valid email address.").waitFor();
    expect(await t.page.getByLabel("Message", { exact: true }).inputValue()).toBe("The essay on impermanence helped me this week.");
    expect(await t.page.getByLabel("Name", { exact: true }).inputValue()).toBe("Marcus");
    expect(await t.page.getByLabel("Email", { exact: true }).getAttribute("aria-invalid")).toBe("true");
  });
});
