/**
 * Issue #37, §3.1, across two devices: the buyer learns right after paying (an unproven session, device A), then opens
 * the receipt's link on device B. B is offered A's work ("2 lessons completed … on <day>") and adds it or discards it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { mindfulResilience } from "../../db/seed/courses/mindful-resilience";
import { expectAxeClean, THEMES } from "./axe";
import { baseURL, gotoHydrated, openPagePerTest } from "./browser";
import { buyCourse, uniqueBuyer } from "./checkout";
import { awaitDevMail } from "./dev-mail";

const t = openPagePerTest();
const lessonCount = mindfulResilience.modules.reduce((n, m) => n + m.lessons.length, 0);

type DevMail = { to: string; subject: string; text: string };
const accessLinkIn = (mail: DevMail) => /https?:\/\/[^\s]+\/learn\/access\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];

/** Device A: buys course 2 and completes its first two lessons without a quiz ("Mark complete"). */
async function payAndLearn(page: Page, email: string) {
  await gotoHydrated(page, "/courses/2/enroll");
  await buyCourse(page, email);
  await page.getByRole("link", { name: "Start learning" }).click();
  await page.waitForURL(/\/courses\/2\/learn\/\d+$/);
  let completed = 0;
  while (completed < 2) {
    await page.waitForSelector("html[data-hydrated]");
    const mark = page.getByRole("button", { name: "Mark complete" });
    if ((await mark.count()) > 0) {
      await mark.click();
      completed += 1;
      await expect.poll(() => page.getByTestId("progress-percent").textContent()).toBe(`${Math.floor((completed * 100) / lessonCount)}%`);
    }
    const from = page.url();
    await page.getByRole("link", { name: "Next lesson →" }).click();
    await page.waitForURL((url) => url.href !== from);
  }
}

/** Device B: a second browser (its own cookies), opening the receipt's link from the dev mailbox. */
async function openReceiptLinkElsewhere(email: string) {
  const receipt = await awaitDevMail<DevMail>((mail) => mail.to === email && /Order reference/i.test(mail.text));
  const browser = t.context.browser();
  if (!browser) throw new Error("no browser");
  const deviceB = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await deviceB.newPage();
  await page.goto(accessLinkIn(receipt));
  await page.waitForURL((url) => url.pathname === "/learn");
  await page.waitForSelector("html[data-hydrated]");
  return { deviceB, page };
}

const today = new Date().toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

describe("work done before the inbox was proved, on another device", () => {
  it("is offered on device B after the e-mailed link, and Add makes it the address's progress", async () => {
    const email = uniqueBuyer();
    await payAndLearn(t.page, email);
    const { deviceB, page } = await openReceiptLinkElsewhere(email);
    try {
      const offer = page.getByRole("region", { name: "Work from before you opened your link" });
      await offer
        .getByTestId("unproven-work")
        .filter({ hasText: `${mindfulResilience.title}: 2 lessons completed` })
        .waitFor();
      expect(await offer.textContent()).toContain(`on ${today}`);
      await page
        .getByTestId("course-progress")
        .filter({ hasText: `0 of ${lessonCount} lessons complete · 0%` })
        .waitFor();
      await expectAxeClean(page, { reloadInThemes: THEMES, label: "/learn with the offer" });

      await offer.getByRole("button", { name: "Add it to my progress" }).click();
      await page.getByRole("status").filter({ hasText: "That work is now part of your progress." }).waitFor();
      const percent = Math.floor(200 / lessonCount);
      await page
        .getByTestId("course-progress")
        .filter({ hasText: `2 of ${lessonCount} lessons complete · ${percent}%` })
        .waitFor();
      expect(await page.getByRole("region", { name: "Work from before you opened your link" }).count()).toBe(0);
      // Device A still shows what it did.
      await t.page.reload();
      expect(await t.page.getByTestId("progress-percent").textContent()).toBe(`${percent}%`);
    } finally {
      await deviceB.close();
    }
    expect(t.pageErrors).toEqual([]);
  });

  it("can be discarded instead: nothing reaches the address, and device A's unproven work is gone", async () => {
    const email = uniqueBuyer();
    await payAndLearn(t.page, email);
    const { deviceB, page } = await openReceiptLinkElsewhere(email);
    try {
      const offer = page.getByRole("region", { name: "Work from before you opened your link" });
      await offer.getByRole("button", { name: "Discard it" }).click();
      await page.getByRole("status").filter({ hasText: "That work was discarded." }).waitFor();
      await page
        .getByTestId("course-progress")
        .filter({ hasText: `0 of ${lessonCount} lessons complete · 0%` })
        .waitFor();
      expect(await page.getByRole("region", { name: "Work from before you opened your link" }).count()).toBe(0);
      await t.page.reload();
      expect(await t.page.getByTestId("progress-percent").textContent()).toBe("0%");
    } finally {
      await deviceB.close();
    }
  });
});
