/**
 * The admin refunds an order with "remove access": the buyer's lesson page closes at once and the refund e-mail is
 * in the dev mailbox. The order page is axe-clean in both themes.
 */
import { describe, expect, it } from "vitest";
import { expectAxeClean, THEMES } from "./axe";
import { baseURL, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { buyCourse, uniqueBuyer } from "./checkout";

const t = openPagePerTest();

type DevMail = { to: string; subject: string; text: string };

describe("an admin refunds an order", () => {
  it("buy, refund with access removed: the lesson is locked and the refund e-mail is in the dev mailbox", async () => {
    const email = uniqueBuyer();
    await gotoHydrated(t.page, "/courses/3/enroll");
    await buyCourse(t.page, email, "Refund Tester");
    await t.page.getByRole("link", { name: "Start learning" }).click();
    await t.page.waitForURL(/\/courses\/3\/learn\/\d+/);
    // The first lesson is a free preview (db/seed/index.ts); the next one needs the purchase.
    const lessonPath = new URL(t.page.url()).pathname.replace(/\d+$/, (id) => String(Number(id) + 1));
    await gotoHydrated(t.page, lessonPath);
    expect(new URL(t.page.url()).pathname).toBe(lessonPath);

    await signInAsAdmin(t.page);

    await gotoHydrated(t.page, "/admin/enrollments?course=3&status=paid");
    expect(new URL(t.page.url()).pathname + new URL(t.page.url()).search).toBe("/admin/orders?course=3&status=paid");
    await t.page.getByTestId("order-row").filter({ hasText: email }).getByRole("link").click();
    await t.page.getByRole("heading", { level: 1, name: /^Order / }).waitFor();
    await t.page.getByText("Within the 14-day refund window").waitFor();

    await expectAxeClean(t.page, { reloadInThemes: THEMES });

    // The browser refuses the form until the access choice and the confirmation are given.
    await t.page.getByRole("button", { name: "Refund order" }).click();
    expect(await t.page.getByTestId("order-status").textContent()).toBe("Paid");
    await t.page.getByRole("radio", { name: "loses access to the course" }).check();
    await t.page.getByRole("checkbox", { name: /I confirm/ }).check();
    await t.page.getByRole("button", { name: "Refund order" }).click();
    await t.page.getByRole("status").filter({ hasText: "The buyer's access has ended." }).waitFor();
    await expect.poll(() => t.page.getByTestId("order-status").textContent(), { timeout: 5_000 }).toBe("Refunded");

    const lesson = await t.page.goto(`${baseURL}${lessonPath}`);
    expect(new URL(t.page.url()).pathname).toBe("/courses/3");
    expect(new URL(t.page.url()).searchParams.get("access")).toBe("required");
    expect(lesson?.ok()).toBe(true);

    let refund: DevMail | undefined;
    await expect
      .poll(
        async () => {
          const mails = (await (await fetch(`${baseURL}/__dev/mail.json`)).json()) as (DevMail & { kind?: string })[];
          refund = mails.find((mail) => mail.to === email && /^Your refund:/.test(mail.subject));
          return refund !== undefined;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(refund!.text).toContain("has ended");
  }, 90_000);
});
