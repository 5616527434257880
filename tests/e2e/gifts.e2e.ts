/**
 * Gifts end to end (docs/payments.md, "Gifts"): "Give this course" on a course page, the gift form (axe-clean in both
 * themes), the card through the Stripe emulator, the return page saying the gift is scheduled; the buyer's receipt has
 * the manage link and no access link, the recipient's e-mail has a link that opens the course, and once it is opened
 * the buyer's manage page says so and refuses to move the gift.
 */
import { describe, expect, it } from "vitest";
import { expectAxeClean, THEMES } from "./axe";
import { baseURL, gotoHydrated, openPagePerTest } from "./browser";
import { fillCard, uniqueBuyer } from "./checkout";
import { awaitDevMail } from "./dev-mail";

type DevMail = { to: string; kind: string; subject: string; text: string };

const t = openPagePerTest();
const COURSE_ID = 3;

const linkIn = (text: string, path: RegExp) => {
  const match = new RegExp(`https?://\\S+${path.source}`).exec(text)?.[0];
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return new URL(match).pathname;
};

describe("a gift", () => {
  it("is given from the course page, paid through the emulator, scheduled, and opens the course for the recipient only", async () => {
    const buyer = uniqueBuyer();
    const recipient = `friend-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await gotoHydrated(t.page, `/courses/${COURSE_ID}`);
    await t.page.getByRole("link", { name: "Give this course" }).click();
    await t.page.waitForURL(new RegExp(`/courses/${COURSE_ID}/enroll\\?gift=1$`));
    await t.page.waitForSelector("html[data-hydrated]");
    await t.page.getByRole("heading", { level: 1, name: "Give this course" }).waitFor();
    // No code applies to a gift.
    expect(await t.page.getByLabel("Apply a code").count()).toBe(0);
    await expectAxeClean(t.page, { reloadInThemes: THEMES });

    await t.page.getByLabel("Your email address").fill(buyer);
    await t.page.getByLabel("Recipient's email address").fill(recipient);
    await t.page.getByLabel("Recipient's name").fill("Ann Friend");
    await t.page.getByLabel(/^Your message/).fill("Happy birthday, Ann!");
    // The day defaults to today (UTC): sent at once.
    expect(await t.page.getByLabel("Day to send it").inputValue()).toBe(new Date().toISOString().slice(0, 10));
    await t.page.getByRole("button", { name: "Continue to payment" }).click();
    expect(await t.page.getByTestId("paying-as").textContent()).toContain(`${recipient} gets the course`);
    await fillCard(t.page, "4242 4242 4242 4242");
    await t.page.getByRole("button", { name: "Complete Payment" }).click();
    await t.page.getByRole("heading", { level: 1, name: "Your gift is scheduled" }).waitFor();
    expect(await t.page.getByTestId("gift-scheduled").textContent()).toContain("Ann Friend is being e-mailed a link");

    // The buyer's receipt: the manage link, no access link; the buyer's browser got no learner session either.
    const receipt = await awaitDevMail<DevMail>((mail) => mail.to === buyer && mail.kind === "gift-receipt");
    expect(receipt.text).not.toMatch(/\/learn\/access\//);
    const managePath = linkIn(receipt.text, /\/gifts\/[A-Za-z0-9_-]{43}/);
    expect((await t.page.context().cookies()).map((cookie) => cookie.name)).not.toContain("tel_learner_session");

    // The recipient's link, in a browser of their own, opens the course.
    const gift = await awaitDevMail<DevMail>((mail) => mail.to === recipient && mail.kind === "gift");
    expect(gift.text).toContain("Happy birthday, Ann!");
    expect(gift.text).toContain(`${buyer} has given you the course`);
    const accessPath = linkIn(gift.text, /\/learn\/access\/[A-Za-z0-9_-]{43}/);
    const browser = t.context.browser();
    if (!browser) throw new Error("no browser");
    const recipientContext = await browser.newContext({ baseURL });
    try {
      const recipientPage = await recipientContext.newPage();
      await recipientPage.goto(accessPath);
      await recipientPage.waitForURL(new RegExp(`/courses/${COURSE_ID}/learn`));
      // The course's first lesson, open to the recipient.
      expect(new URL(recipientPage.url()).pathname).toMatch(new RegExp(`^/courses/${COURSE_ID}/learn/\\d+$`));
    } finally {
      await recipientContext.close();
    }

    // Opened: the buyer's page says so, and moving the gift is refused with a clear message.
    await gotoHydrated(t.page, managePath);
    expect(await t.page.getByTestId("gift-state").textContent()).toMatch(/^Opened by the recipient on /);
    expect(await t.page.getByRole("button", { name: "Send it to this address" }).count()).toBe(0);
    const refused = await t.page.request.post(`${baseURL}${managePath}`, {
      form: { intent: "change", recipientEmail: "someone-else@example.com", recipientName: "Someone" },
      headers: { Origin: baseURL, "Sec-Fetch-Site": "same-origin" },
    });
    expect(refused.status()).toBe(409);
  });
});
