/**
 * A learner's data in the learner's hands: a buyer proves the inbox with the e-mailed access link, writes a
 * reflection, downloads everything stored about the address, deletes all written answers (with the confirmation),
 * and the reflection is gone: from the download and from D1.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { mindfulResilience } from "../../db/seed/courses/mindful-resilience";
import { expectAxeClean, THEMES } from "./axe";
import { gotoHydrated, openPagePerTest } from "./browser";
import { buyCourse, uniqueBuyer } from "./checkout";
import { awaitDevMail } from "./dev-mail";
import { selectColumn } from "./server-db";

const t = openPagePerTest();

type DevMail = { to: string; subject: string; text: string };

/** The receipt to `to`, from the dev mailbox (mail goes through the queue, so poll). */
async function receiptTo(to: string): Promise<DevMail> {
  return awaitDevMail<DevMail>((mail) => mail.to === to && /Order reference|receipt/i.test(mail.text));
}

/** The seed's first reflection of the course and its lesson. */
const reflectionLesson = mindfulResilience.modules
  .flatMap((module) => module.lessons)
  .find((lesson) => lesson.assessments.some((assessment) => assessment.kind === "reflection"))!;
const reflection = reflectionLesson.assessments.find((assessment) => assessment.kind === "reflection")!;

type Exported = { email: string; orders: { reference: string }[]; writtenAnswers: { answer: string }[]; emails: { kind: string }[] };

describe("a learner's data", () => {
  it("after the access link: download holds the reflection's marker; 'delete all answers', confirmed, removes it everywhere", async () => {
    const email = uniqueBuyer();
    const marker = "quillwort";

    await gotoHydrated(t.page, "/courses/2/enroll");
    await buyCourse(t.page, email, "Ada Data");
    // The payment page's session is not what proves the inbox: forget it, and come back through the e-mailed link.
    await t.context.clearCookies();
    const receipt = await receiptTo(email);
    const link = /https?:\/\/[^\s]+\/learn\/access\/[A-Za-z0-9_-]{43}/.exec(receipt.text)![0];
    await t.page.goto(link);
    await t.page.waitForURL(/\/courses\/2\/learn\/\d+$/);

    // A reflection with the marker word.
    await t.page.getByRole("navigation", { name: "Course outline" }).getByRole("link", { name: reflectionLesson.title }).click();
    await t.page.getByRole("heading", { level: 1, name: reflectionLesson.title }).waitFor();
    await gotoHydrated(t.page, new URL(t.page.url()).pathname);
    const box = t.page.getByTestId("written-assessment").filter({ hasText: reflection.title });
    await box.getByLabel("Your answer (private: only you see it)").fill(`Today I noticed ${marker} in my habits.`);
    await box.getByRole("button", { name: "Save answer" }).click();
    await box.getByText("Saved.").waitFor();

    // From /learn to the data page, which axe finds clean in both themes.
    await gotoHydrated(t.page, "/learn");
    await t.page.getByRole("link", { name: "Your data: download or delete it" }).click();
    await t.page.getByRole("heading", { level: 1, name: "Your data" }).waitFor();
    await t.page.getByTestId("written-answer").filter({ hasText: marker }).waitFor();
    await expectAxeClean(t.page, { reloadInThemes: THEMES, label: "/learn/data" });

    // The JSON download, as the browser saves it.
    const [download] = await Promise.all([t.page.waitForEvent("download"), t.page.getByRole("link", { name: "Download as JSON" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^examined-life-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, "utf8")) as Exported;
    expect(exported.email).toBe(email);
    expect(exported.orders).toHaveLength(1);
    expect(exported.orders[0]?.reference).toMatch(/^EL-\d{6}$/);
    expect(exported.writtenAnswers.map((answer) => answer.answer)).toEqual([`Today I noticed ${marker} in my habits.`]);
    expect(exported.emails.map((mail) => mail.kind)).toContain("receipt");
    const html = await t.page.request.get("/learn/data/download?format=html");
    expect(html.headers()["content-disposition"]).toMatch(/^attachment; /);
    expect(await html.text()).toContain(marker);

    // Delete all answers: a confirmation first, then the rows are gone.
    await t.page.getByRole("link", { name: "Delete all my written answers" }).click();
    const confirmation = t.page.getByTestId("delete-confirmation");
    await confirmation.waitFor();
    await confirmation.getByRole("checkbox").check();
    await expectAxeClean(t.page, { label: "/learn/data, confirming" });
    await confirmation.getByRole("button", { name: "Delete all my answers" }).click();
    await t.page.getByTestId("data-done").filter({ hasText: "Your written answers were deleted." }).waitFor();
    expect(await t.page.getByTestId("written-answer").count()).toBe(0);

    const again = await t.page.request.get("/learn/data/download?format=json");
    expect(again.headers()["cache-control"]).toBe("private, no-store");
    const after = await again.text();
    expect(after).not.toContain(marker);
    expect((JSON.parse(after) as Exported).orders).toHaveLength(1);
    expect(selectColumn(`SELECT count(*) AS value FROM assessment_responses WHERE instr(answer, '${marker}') > 0`)).toEqual([0]);
    expect(t.pageErrors).toEqual([]);
  });

  it("without a proven session, the page asks for the e-mailed access link (axe clean)", async () => {
    await gotoHydrated(t.page, "/learn/data");
    await t.page.getByTestId("data-needs-link").waitFor();
    await t.page.getByRole("link", { name: "Get my access link" }).waitFor();
    await expectAxeClean(t.page, { reloadInThemes: THEMES, label: "/learn/data signed out" });
    const download = await t.page.request.get("/learn/data/download?format=json", { maxRedirects: 0 });
    expect(download.status()).toBe(302);
    expect(download.headers().location).toBe("/learn/data");
  });
});
