/**
 * A repeat purchase (issue #37; ADR 0008): paying again with an address that owns the course is honoured like a first
 * purchase, and the receipt's refund link, once used, closes the course on the device that paid the second time.
 */
import { describe, expect, it } from "vitest";
import { baseURL, gotoHydrated, openPagePerTest } from "./browser";
import { buyCourse, uniqueBuyer } from "./checkout";
import { awaitDevMail } from "./dev-mail";

const t = openPagePerTest();

type DevMail = { to: string; subject: string; text: string };

describe("a repeat purchase", () => {
  it("opens the course like a first one; its receipt's link refunds it and closes the lesson on this device", async () => {
    const email = uniqueBuyer();
    await gotoHydrated(t.page, "/courses/3/enroll");
    await buyCourse(t.page, email);
    const firstPage = await t.page.locator("main").textContent();

    // The same address pays again, in a fresh browser state (as someone else who knows the address would).
    await t.page.context().clearCookies();
    await gotoHydrated(t.page, "/courses/3/enroll");
    await buyCourse(t.page, email);
    expect(await t.page.locator("main").textContent()).toBe(firstPage);
    await t.page.getByRole("link", { name: "Start learning" }).click();
    await t.page.waitForURL(/\/courses\/3\/learn\/\d+/);
    // The first lesson is a free preview (db/seed/index.ts); the next one needs the purchase.
    const lessonPath = new URL(t.page.url()).pathname.replace(/\d+$/, (id) => String(Number(id) + 1));
    await gotoHydrated(t.page, lessonPath);
    expect(new URL(t.page.url()).pathname).toBe(lessonPath);

    const receipt = await awaitDevMail<DevMail>((mail) => mail.to === email && /again/.test(mail.text));
    const link = /https?:\/\/\S+\/orders\/refund\/[A-Za-z0-9_-]{43}/.exec(receipt.text)?.[0];
    expect(link).toBeDefined();
    await gotoHydrated(t.page, new URL(link!).pathname);
    await t.page.getByRole("button", { name: /^Refund \$/ }).click();
    await t.page.getByRole("status").filter({ hasText: "Your payment was refunded." }).waitFor();

    await t.page.goto(`${baseURL}${lessonPath}`);
    expect(new URL(t.page.url()).pathname).toBe("/courses/3");
    expect(new URL(t.page.url()).searchParams.get("access")).toBe("required");
  });
});
