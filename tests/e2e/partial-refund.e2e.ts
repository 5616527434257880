/**
 * The owner refunds part of an order: the order page shows what was refunded and the history, the buyer
 * keeps access and gets the partial-refund e-mail in the dev mailbox, a second part beyond what remains is refused with
 * the amount left, and the Orders CSV has the row with its refund. The page is axe-clean in both themes.
 */
import { describe, expect, it } from "vitest";
import { expectAxeClean, THEMES } from "./axe";
import { baseURL, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { buyCourse, uniqueBuyer } from "./checkout";

const t = openPagePerTest();

type DevMail = { to: string; subject: string; text: string };

describe("an admin refunds part of an order", () => {
  it("refund $10 of $39: history, e-mail with what remains, a refusal beyond it, and the CSV row", async () => {
    const email = uniqueBuyer();
    await gotoHydrated(t.page, "/courses/3/enroll");
    await buyCourse(t.page, email, "Part Refund Tester");
    await t.page.getByRole("link", { name: "Start learning" }).waitFor();

    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/orders?course=3");
    await t.page.getByTestId("order-row").filter({ hasText: email }).getByRole("link").click();
    await t.page.getByRole("heading", { level: 1, name: /^Order / }).waitFor();
    const reference = (await t.page.getByRole("heading", { level: 1 }).textContent())?.replace("Order ", "") ?? "";
    const paid = await t.page
      .getByText(/^\$\d+\.\d\d USD$/)
      .first()
      .textContent();
    const paidCents = Math.round(Number(paid?.replace(/[^\d.]/g, "")) * 100);
    expect(paidCents).toBeGreaterThan(1000);

    const form = t.page.locator("form", { has: t.page.getByRole("button", { name: "Refund part" }) });
    await form.getByLabel("Amount to refund (dollars)").fill("10");
    await form.getByLabel("Reason").fill("The audio of module 2 was missing");
    await form.getByRole("checkbox", { name: /Confirm: refund this part/ }).check();
    await form.getByRole("button", { name: "Refund part" }).click();
    await t.page.getByRole("status").filter({ hasText: "Refunded $10.00" }).first().waitFor();
    await expect.poll(() => t.page.getByTestId("order-status").textContent(), { timeout: 5_000 }).toBe("Partially refunded");
    const history = t.page.getByTestId("refund-history-row");
    await expect.poll(() => history.count()).toBe(1);
    expect(await history.first().textContent()).toContain("The audio of module 2 was missing");
    expect(await t.page.getByTestId("order-refunded").textContent()).toContain("$10.00");

    await expectAxeClean(t.page, { reloadInThemes: THEMES });

    // More than what remains: refused with the amount left, nothing refunded.
    const left = (paidCents - 1000) / 100;
    await form.getByLabel("Amount to refund (dollars)").fill(String(left + 1));
    await form.getByLabel("Reason").fill("Too much");
    await form.getByRole("checkbox", { name: /Confirm: refund this part/ }).check();
    await form.getByRole("button", { name: "Refund part" }).click();
    await t.page
      .getByText(`At most $${left.toFixed(2)} remains to be refunded`)
      .first()
      .waitFor();
    expect(await history.count()).toBe(1);

    let mail: DevMail | undefined;
    await expect
      .poll(
        async () => {
          const mails = (await (await fetch(`${baseURL}/__dev/mail.json`)).json()) as DevMail[];
          mail = mails.find((each) => each.to === email && /^Part of your payment refunded:/.test(each.subject));
          return mail !== undefined;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(mail!.text).toContain("$10.00 USD");
    expect(mail!.text).toContain(`$${left.toFixed(2)} USD`);
    expect(mail!.text).toContain("You keep access");

    // The Orders CSV, filtered like the page: the row with its refund and net.
    await gotoHydrated(t.page, "/admin/orders?course=3");
    const href = await t.page.getByTestId("orders-csv").getAttribute("href");
    expect(href).toBe("/admin/orders.csv?course=3");
    const csv = await t.page.request.get(`${baseURL}${href}`);
    expect(csv.status()).toBe(200);
    const row = (await csv.text()).split("\r\n").find((line) => line.includes(reference));
    expect(row).toContain(email);
    expect(row).toContain(`,${(paidCents / 100).toFixed(2)},10.00,${left.toFixed(2)},USD,paid`);
  }, 90_000);
});
