/**
 * Coupons end to end: the owner creates one in the admin, a buyer follows its discount link /c/CODE, sees the old and
 * new prices, pays the discounted price through the Stripe emulator, and the admin's Orders and Coupons pages show it.
 * The coupons page is axe-clean in both themes.
 */
import { describe, expect, it } from "vitest";
import { expectAxeClean, THEMES } from "./axe";
import { gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { buyCourse, uniqueBuyer } from "./checkout";

const t = openPagePerTest();
const COURSE = "Existential Counselling: Meaning, Freedom and Choice";

describe("a coupon, from the admin to the buyer and back", () => {
  it("created by the owner, used through /c/CODE, paid at the new price, counted in Orders and Coupons", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/coupons");
    await t.page.getByLabel("Code").fill("e2e-half");
    await t.page.getByLabel("Kind").selectOption("percent");
    await t.page.getByLabel("Discount", { exact: true }).fill("50");
    await t.page.getByRole("checkbox", { name: COURSE }).check();
    await t.page.getByLabel(/^Total uses/).fill("5");
    await t.page.getByRole("button", { name: "Create coupon" }).click();
    await t.page.getByTestId("coupon-row").filter({ hasText: "E2E-HALF" }).waitFor();
    await expectAxeClean(t.page, { reloadInThemes: THEMES });

    // The buyer: no account, only the link.
    const email = uniqueBuyer();
    await t.page.context().clearCookies();
    await gotoHydrated(t.page, "/c/e2e-half");
    expect(new URL(t.page.url()).pathname + new URL(t.page.url()).search).toBe("/courses/3?coupon=E2E-HALF");
    await t.page.getByRole("link", { name: "Enroll Now" }).click();
    await t.page.waitForURL(/\/courses\/3\/enroll\?coupon=E2E-HALF$/);
    await t.page.waitForSelector("html[data-hydrated]");
    expect(await t.page.getByTestId("enroll-price").textContent()).toBe("Was $129.00Now $64.50");
    expect(await t.page.getByTestId("coupon-result").textContent()).toBe("Code E2E-HALF applied: 50% off.");
    await expectAxeClean(t.page, { reloadInThemes: THEMES });

    // A code that does not exist says so, and the price goes back; the link's code is applied again by typing it.
    await t.page.getByLabel("Apply a code").fill("NOPE");
    await t.page.getByRole("button", { name: "Apply" }).click();
    await t.page.getByText("This code is not valid.").waitFor();
    expect(await t.page.getByTestId("enroll-price").textContent()).toBe("$129.00");
    await t.page.getByLabel("Apply a code").fill("e2e-half");
    await t.page.getByRole("button", { name: "Apply" }).click();
    await t.page.getByText("Code E2E-HALF applied: 50% off.").waitFor();

    await buyCourse(t.page, email, "Coupon Buyer");

    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/orders?course=3");
    const order = t.page.getByTestId("order-row").filter({ hasText: email });
    await expect.poll(() => order.count(), { timeout: 10_000 }).toBe(1);
    expect(await order.getByTestId("order-coupon").textContent()).toBe("coupon E2E-HALF");
    expect(await order.textContent()).toContain("$64.50 USD");
    await order.getByRole("link").click();
    await t.page.getByRole("heading", { level: 1, name: /^Order / }).waitFor();
    expect(await t.page.getByTestId("order-coupon").textContent()).toBe("E2E-HALF: $64.50 USD off $129.00 USD");

    await gotoHydrated(t.page, "/admin/coupons");
    const row = t.page.getByTestId("coupon-row").filter({ hasText: "E2E-HALF" });
    expect(await row.getByTestId("coupon-uses").textContent()).toBe("1 of 5");
    expect(await row.getByTestId("coupon-revenue").textContent()).toBe("$64.50");
    expect(await row.getByTestId("coupon-discount").textContent()).toBe("$64.50");
  });
});
