/**
 * Bundles end to end (docs/payments.md, "Bundles"): the owner creates and publishes one on /admin/bundles; its public page
 * shows the courses, the price and the saving, is axe-clean in both themes with tap targets of 44 px and more; a buyer pays
 * for it through the Stripe emulator; the owner's Orders page shows one "Bundle: …" row whose order page lists the courses.
 */
import { describe, expect, it } from "vitest";
import { expectAxeClean, THEMES } from "./axe";
import { gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { enterBuyer, fillCard } from "./checkout";
import { layoutProblems } from "./layout-checks";

const t = openPagePerTest();
const TITLE = "E2E Calm Foundations";
// Seed courses: $49.00 and $79.00 separately, $128.00 together; the bundle costs $99.00.
const COURSES = ["Foundations of Stoic Living", "Mindfulness-Based Resilience"];

describe("a bundle, from the admin to the buyer and back", () => {
  it("created and published by the owner, shown with its saving, bought through the emulator, one order listing its courses", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/bundles");
    await t.page.getByLabel("Title").fill(TITLE);
    await t.page.getByLabel("Price (USD)").fill("99");
    await t.page.getByLabel(/^Description/).fill("Two courses for a steadier mind.");
    for (const course of COURSES) await t.page.getByRole("checkbox", { name: course }).check();
    await t.page.getByRole("checkbox", { name: /^Published/ }).check();
    await t.page.getByRole("button", { name: "Create bundle" }).click();
    const row = t.page.getByTestId("bundle-row").filter({ hasText: TITLE });
    await row.getByRole("link", { name: TITLE, exact: true }).waitFor();
    expect(await row.textContent()).toContain("Published");
    const href = await row.getByRole("link", { name: TITLE, exact: true }).getAttribute("href");
    expect(href).toMatch(/^\/bundles\/\d+$/);
    const bundlePath = href as string;

    // The public page, as anyone sees it.
    await t.page.context().clearCookies();
    await gotoHydrated(t.page, bundlePath);
    await t.page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    const listed = await t.page.getByTestId("bundle-courses").getByRole("heading", { level: 3 }).allTextContents();
    expect(listed.toSorted()).toEqual(COURSES.toSorted());
    expect(await t.page.getByTestId("bundle-list-price").textContent()).toBe("$128.00");
    expect(await t.page.getByTestId("bundle-price").textContent()).toBe("$99.00");
    expect(await t.page.getByTestId("bundle-savings").textContent()).toBe("You save $29.00");
    for (const width of [390, 1280]) {
      await t.page.setViewportSize({ width, height: 900 });
      await t.page.waitForLoadState("networkidle");
      expect(await layoutProblems(t.page), `${width} px`).toEqual([]);
    }
    await expectAxeClean(t.page, { reloadInThemes: THEMES });

    // Buying it.
    const email = `bundle-buyer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await t.page.getByRole("link", { name: "Buy the bundle" }).click();
    await t.page.waitForURL(new RegExp(`${bundlePath}/enroll$`));
    await t.page.waitForSelector("html[data-hydrated]");
    await t.page.getByRole("heading", { level: 1, name: "Buy the bundle" }).waitFor();
    expect(await t.page.getByTestId("enroll-price").textContent()).toBe("$99.00");
    await enterBuyer(t.page, email, "Bundle Buyer");
    await fillCard(t.page, "4242 4242 4242 4242");
    await t.page.getByRole("button", { name: "Complete Payment" }).click();
    await t.page.getByRole("heading", { name: "Payment Successful!" }).waitFor();

    // The owner: one order (not one per course), named by the bundle, its page listing both courses.
    await signInAsAdmin(t.page);
    const orders = t.page.getByTestId("order-row").filter({ hasText: email });
    await expect
      .poll(
        async () => {
          await gotoHydrated(t.page, "/admin/orders");
          return orders.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await orders.getByTestId("order-bundle").textContent()).toMatch(new RegExp(`^Bundle: ${TITLE}`));
    expect(await orders.textContent()).toContain("$99.00 USD");
    await orders.getByRole("link").first().click();
    await t.page.getByRole("heading", { level: 1, name: /^Order / }).waitFor();
    const courses = await t.page.getByTestId("order-bundle-courses").textContent();
    expect(courses).toMatch(new RegExp(`^${TITLE}: `));
    for (const course of COURSES) expect(courses).toContain(course);
    expect(courses).not.toContain("(closed)");
  });
});
