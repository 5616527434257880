/**
 * Selling (#30), the browser test in one flow: the owner creates a coupon, a buyer follows its discount link and
 * pays the discounted price through the Stripe emulator, another buyer gifts a course and pays; the owner then sees both
 * orders in Orders (the coupon's code on one, "gift" on the other), the gift's recipient on its order page, and the
 * coupon's one use and the discount it gave on the Coupons page.
 */
import { describe, expect, it } from "vitest";
import { gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { buyCourse, fillCard } from "./checkout";

const t = openPagePerTest();
// Codes and addresses no other e2e file uses (each file starts from the seeded database anyway: fresh-state.ts).
const CODE = "SELL-TWENTY";
const COUPON_COURSE = { id: 3, title: "Existential Counselling: Meaning, Freedom and Choice" };
const GIFT_COURSE_ID = 1;

describe("selling: a discount link and a gift, seen by the owner", () => {
  it("buy with a discount link, gift a course, and see both in the admin's orders and coupons pages", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/coupons");
    await t.page.getByLabel("Code").fill(CODE.toLowerCase());
    await t.page.getByLabel("Kind").selectOption("percent");
    await t.page.getByLabel("Discount", { exact: true }).fill("20");
    await t.page.getByRole("checkbox", { name: COUPON_COURSE.title }).check();
    await t.page.getByLabel(/^Total uses/).fill("3");
    await t.page.getByRole("button", { name: "Create coupon" }).click();
    await t.page.getByTestId("coupon-row").filter({ hasText: CODE }).waitFor();

    // The first buyer: no account, only the discount link; $129.00 less 20%.
    const couponBuyer = `selling-coupon-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await t.page.context().clearCookies();
    await gotoHydrated(t.page, `/c/${CODE.toLowerCase()}`);
    await t.page.getByRole("link", { name: "Enroll Now" }).click();
    await t.page.waitForURL(new RegExp(`/courses/${COUPON_COURSE.id}/enroll\\?coupon=${CODE}$`));
    await t.page.waitForSelector("html[data-hydrated]");
    expect(await t.page.getByTestId("enroll-price").textContent()).toBe("Was $129.00Now $103.20");
    await buyCourse(t.page, couponBuyer, "Coupon Buyer");

    // The second buyer gives a course from its page.
    const giver = `selling-giver-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const recipient = `selling-friend-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await t.page.context().clearCookies();
    await gotoHydrated(t.page, `/courses/${GIFT_COURSE_ID}`);
    await t.page.getByRole("link", { name: "Give this course" }).click();
    await t.page.waitForURL(new RegExp(`/courses/${GIFT_COURSE_ID}/enroll\\?gift=1$`));
    await t.page.waitForSelector("html[data-hydrated]");
    await t.page.getByLabel("Your email address").fill(giver);
    await t.page.getByLabel("Recipient's email address").fill(recipient);
    await t.page.getByLabel("Recipient's name").fill("Bea Friend");
    await t.page.getByRole("button", { name: "Continue to payment" }).click();
    await fillCard(t.page, "4242 4242 4242 4242");
    await t.page.getByRole("button", { name: "Complete Payment" }).click();
    await t.page.getByRole("heading", { level: 1, name: "Your gift is scheduled" }).waitFor();

    // The owner: both orders in Orders (they arrive by the emulator's webhook), each marked.
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/orders");
    const couponOrder = t.page.getByTestId("order-row").filter({ hasText: couponBuyer });
    const giftOrder = t.page.getByTestId("order-row").filter({ has: t.page.getByTestId("order-gift") });
    await expect
      .poll(
        async () => {
          await gotoHydrated(t.page, "/admin/orders");
          return [await couponOrder.count(), await giftOrder.count()];
        },
        { timeout: 15_000 },
      )
      .toEqual([1, 1]);
    expect(await couponOrder.getByTestId("order-coupon").textContent()).toBe(`coupon ${CODE}`);
    expect(await couponOrder.textContent()).toContain("$103.20 USD");
    expect(await couponOrder.getByTestId("order-gift").count()).toBe(0);
    expect(await giftOrder.getByTestId("order-gift").textContent()).toBe("gift");
    expect(await giftOrder.getByTestId("order-coupon").count()).toBe(0);

    // The gift's order page names the recipient and the buyer.
    await giftOrder.getByRole("link").first().click();
    await t.page.getByRole("heading", { level: 1, name: /^Order / }).waitFor();
    expect(await t.page.getByTestId("order-gift").textContent()).toMatch(
      new RegExp(`^Bea Friend \\(${recipient.replace(/[.]/g, "\\.")}\\): `),
    );
    expect(await t.page.locator("main").textContent()).toContain(giver);

    // Coupons: one use of three, and the $25.80 it took off.
    await gotoHydrated(t.page, "/admin/coupons");
    const row = t.page.getByTestId("coupon-row").filter({ hasText: CODE });
    expect(await row.getByTestId("coupon-uses").textContent()).toBe("1 of 3");
    expect(await row.getByTestId("coupon-discount").textContent()).toBe("$25.80");
    expect(await row.getByTestId("coupon-revenue").textContent()).toBe("$103.20");
  });
});
