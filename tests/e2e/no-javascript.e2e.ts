/** The site for a visitor without JavaScript: server-rendered pages and plain form posts still work. */
import { describe, expect, it } from "vitest";
import { baseURL, openPagePerTest } from "./browser";
import { emptyPageCache } from "./server-db";

const t = openPagePerTest({ javaScriptEnabled: false });

describe("contact form without JavaScript", () => {
  it("a refused post shows each field's error and keeps what was typed; a valid one thanks the visitor", async () => {
    await t.page.goto("/contact");
    expect(await t.page.locator("html[data-hydrated]").count()).toBe(0); // no script ran

    const name = t.page.getByLabel("Name", { exact: true });
    const email = t.page.getByLabel("Email", { exact: true });
    const subject = t.page.getByLabel("Subject", { exact: true });
    const message = t.page.getByLabel("Message", { exact: true });
    const send = async () => {
      const [response] = await Promise.all([
        t.page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/contact"),
        t.page.getByRole("button", { name: "Send Message" }).click(),
      ]);
      await t.page.waitForLoadState("domcontentloaded");
      return response;
    };

    // Blanks and "a@b" pass the browser's own checks (required, type=email); the server refuses them.
    await name.fill("   ");
    await email.fill("a@b");
    await subject.selectOption("feedback");
    await message.fill("Written without JavaScript.");
    expect((await send()).status()).toBe(400);
    expect(await t.page.locator("#name-error").textContent()).toBe("Please enter your name.");
    expect(await t.page.locator("#email-error").textContent()).toBe("Please enter a valid email address.");
    expect(await t.page.locator("#message-error").textContent()).toBe("");
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await email.getAttribute("aria-describedby")).toBe("email-error");
    expect(await name.inputValue()).toBe("   ");
    expect(await email.inputValue()).toBe("a@b");
    expect(await subject.inputValue()).toBe("feedback");
    expect(await message.inputValue()).toBe("Written without JavaScript.");
    expect(await t.page.getByText("Thank you for your message!").count()).toBe(0);

    await name.fill("Marcus");
    await email.fill("marcus@example.com");
    expect((await send()).status()).toBe(200);
    expect(await t.page.getByRole("status").textContent()).toContain("Thank you for your message!");
    expect(await t.page.locator("#name-error").textContent()).toBe("");
    expect(await name.getAttribute("aria-invalid")).toBe("false");
    expect(await name.inputValue()).toBe("");
    expect(await message.inputValue()).toBe("");
  });
});

describe("streamed sections without JavaScript", () => {
  it("the home page shows its featured articles instead of skeletons", async () => {
    const featured = (await (await fetch(`${baseURL}/api/articles/featured`)).json()) as { title: string }[];
    // The streamed render, not a copy from the cache.
    await emptyPageCache();
    await t.page.goto("/");
    expect(await t.page.locator("html[data-hydrated]").count()).toBe(0);
    for (const { title } of featured) expect(await t.page.getByRole("heading", { name: title }).isVisible(), title).toBe(true);
    expect(await t.page.getByTestId("skeleton").first().isVisible()).toBe(false);
  });
});
