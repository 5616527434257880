/**
 * Drip release end to end: the owner sets a course to open module by module, 7 days apart; a buyer opens
 * the receipt's access link and sees the second module's lesson locked, with the day it opens, in the outline and, at
 * its own URL, on a 403 page that says so beside the outline. The page is axe-clean in both themes.
 */
import { describe, expect, it } from "vitest";
import { formatLongDate } from "../../app/lib/format";
import { expectAxeClean, THEMES } from "./axe";
import { gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { buyCourse, uniqueBuyer } from "./checkout";
import { awaitDevMail } from "./dev-mail";
import { selectColumn } from "./server-db";

const t = openPagePerTest();

type DevMail = { to: string; text: string };

describe("drip release", () => {
  it("module by module: a learner sees the next module's lesson locked, with its date, in the outline and on its page", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/courses/2");
    await t.page.getByRole("heading", { name: "Edit Course" }).waitFor();
    await t.page.getByLabel("Lessons open", { exact: true }).selectOption("modules");
    await t.page.getByLabel("Days between modules (N)", { exact: true }).fill("7");
    await t.page.getByRole("button", { name: "Save Changes" }).click();
    await t.page.getByText("Course has been updated successfully.").waitFor();
    expect(selectColumn("SELECT drip_mode || ':' || drip_days AS value FROM courses WHERE id = 2")).toEqual(["modules:7"]);
    // The drip fields and the outline's "Opens on" dates keep the edit page clean.
    await expectAxeClean(t.page, { label: "a course's edit page with its drip settings" });
    await t.context.clearCookies();

    // A buyer, back through the receipt's link (a proven session), as learner-data.e2e.ts does.
    const email = uniqueBuyer();
    await gotoHydrated(t.page, "/courses/2/enroll");
    await buyCourse(t.page, email, "Ada Drip");
    await t.context.clearCookies();
    const receipt = await awaitDevMail<DevMail>((mail) => mail.to === email && /Order reference/i.test(mail.text));
    const link = /https?:\/\/[^\s]+\/learn\/access\/[A-Za-z0-9_-]{43}/.exec(receipt.text)?.[0];
    expect(link).toBeTruthy();
    await t.page.goto(link as string);
    await t.page.waitForURL(/\/courses\/2\/learn\/\d+$/);

    // The second module opens 7 days after 00:00 UTC of today (the enrolment's day).
    const today = new Date();
    const opensOn = formatLongDate(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 7)));
    const secondModule = "(SELECT id FROM course_modules WHERE course_id = 2 ORDER BY position LIMIT 1 OFFSET 1)";
    const [lockedId] = selectColumn(
      `SELECT id AS value FROM lessons WHERE module_id = ${secondModule} AND free_preview = 0 ORDER BY position LIMIT 1`,
    );
    const [lockedTitle] = selectColumn(`SELECT title AS value FROM lessons WHERE id = ${Number(lockedId)}`);
    expect(Number(lockedId)).toBeGreaterThan(0);
    const outline = t.page.getByRole("navigation", { name: "Course outline" });
    const lockedEntry = outline.getByTestId("outline-lesson").filter({ hasText: lockedTitle as string });
    await expect(lockedEntry.getByTestId("outline-opens-on").textContent()).resolves.toBe(`Opens on ${opensOn}`);
    // Not a link: a lesson of the first module is.
    expect(await lockedEntry.getByRole("link").count()).toBe(0);
    expect(await outline.getByRole("link").count()).toBeGreaterThan(0);

    // Its URL: a 403 page saying when, with the outline; never a 404.
    const response = await t.page.goto(`/courses/2/learn/${lockedId}`);
    expect(response?.status()).toBe(403);
    await t.page.getByRole("heading", { level: 1, name: lockedTitle as string }).waitFor();
    await expect(t.page.getByTestId("lesson-locked").textContent()).resolves.toContain(`This lesson opens on ${opensOn}.`);
    await t.page.getByRole("navigation", { name: "Course outline" }).waitFor();
    expect(await t.page.getByRole("button", { name: "Mark complete" }).count()).toBe(0);
    await expectAxeClean(t.page, { reloadInThemes: THEMES, label: "a locked lesson" });
  }, 90_000);
});
