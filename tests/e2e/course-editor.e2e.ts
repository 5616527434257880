/**
 * The course editor end to end: an admin writes a course with a module, two lessons and a quiz, reorders the lessons
 * by keyboard, publishes it; a buyer finds it on /courses, buys it through the emulator checkout and takes the lesson
 * and the quiz. The edit page is axe-clean in both themes.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAxeClean, THEMES } from "./axe";
import { gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { buyCourse, uniqueBuyer } from "./checkout";
import { preferMarkdownSource } from "./markdown-source";

const t = openPagePerTest();

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.textContent);

describe("the course editor", () => {
  it("write a course with a quiz, reorder by keyboard, publish it, buy it, learn it", async () => {
    const title = "Twelve Letters of Seneca";
    await signInAsAdmin(t.page);

    // The course itself, through the registry's generic form. The lesson bodies below are typed as Markdown.
    await preferMarkdownSource(t.page);
    await gotoHydrated(t.page, "/admin/courses");
    await t.page.getByRole("link", { name: "New Course" }).click();
    await t.page.getByRole("heading", { name: "Create New Course" }).waitFor();
    await t.page.getByLabel("Title", { exact: true }).fill(title);
    await t.page.getByLabel("Description", { exact: true }).fill("Twelve letters on time, friendship and fear.");
    await t.page.getByLabel("Image URL", { exact: true }).fill("/images/courses/course-2.svg");
    await t.page.getByLabel(/^Image description/).fill("A letter sealed with red wax");
    await t.page.getByLabel("Level", { exact: true }).selectOption("Intermediate");
    await t.page.getByLabel("Length (hours)", { exact: true }).fill("2");
    await t.page.getByLabel("Price (US dollars)", { exact: true }).fill("12.345");
    await t.page.getByRole("button", { name: "Save draft" }).click();
    await t.page.getByText('The field "price" can have at most 2 decimals').waitFor();
    await t.page.getByLabel("Price (US dollars)", { exact: true }).fill("15.50");
    // A new course is a draft; saving it lands on its edit page.
    await t.page.getByRole("button", { name: "Save draft" }).click();
    await t.page.getByRole("heading", { name: "Edit Course" }).waitFor();
    const editPath = new URL(t.page.url()).pathname;
    const courseId = editPath.split("/").pop();

    // Its outline: one module, two lessons, a quiz on the first.
    await t.page.getByRole("button", { name: "Add a module" }).click();
    await t.page.getByLabel("Module title", { exact: true }).fill("On the shortness of life");
    await t.page.getByLabel("Lesson title", { exact: true }).fill("Time is all we own");
    await t.page.getByLabel("Lesson body", { exact: true }).fill("Hold every hour in your grasp.\n\n*Letter 1*");
    await t.page.getByRole("button", { name: "Add an assessment" }).click();
    await t.page.getByLabel("Assessment title", { exact: true }).fill("Letter 1 quiz");
    await t.page.getByLabel("Question 1", { exact: true }).fill("What does Seneca say we truly own?");
    await t.page.getByLabel("Choice 1", { exact: true }).fill("Our possessions");
    await t.page.getByLabel("Explanation of choice 1").fill("They can be taken from us.");
    await t.page.getByLabel("Choice 2", { exact: true }).fill("Our time");
    await t.page.getByLabel("Explanation of choice 2").fill("Nothing is ours except time.");
    await t.page.getByRole("radio", { name: "Correct" }).nth(1).check();
    await t.page.getByRole("button", { name: "Add a lesson to module 1" }).click();
    await t.page.getByLabel("Lesson title", { exact: true }).nth(1).fill("On friendship");
    await t.page.getByLabel("Lesson body", { exact: true }).nth(1).fill("Share everything with a friend, but first **choose** him.");
    await t.page
      .getByLabel(/^Free preview/)
      .nth(1)
      .check();
    await t.page.getByRole("button", { name: "Save outline" }).click();
    await t.page.getByText("The outline has been saved.").waitFor();

    // Reorder by keyboard: "On friendship" moves up, and focus stays on it (its "Move down", as "Move up" is now disabled).
    await t.page.getByRole("button", { name: "Move up lesson “On friendship”" }).focus();
    await t.page.keyboard.press("Enter");
    await expect.poll(() => focusedName(t.page)).toBe("Move down lesson “On friendship”");
    await t.page.getByRole("button", { name: "Save outline" }).click();
    await expect.poll(() => t.page.getByText("The outline has been saved.").count()).toBeGreaterThan(0);
    await gotoHydrated(t.page, editPath);
    expect(await t.page.locator("summary").allTextContents()).toEqual(["Lesson 1: On friendship", "Lesson 2: Time is all we own"]);

    // Not on the site until published.
    await gotoHydrated(t.page, "/courses");
    expect(await t.page.getByRole("heading", { name: title }).count()).toBe(0);
    await gotoHydrated(t.page, editPath);
    await t.page.getByRole("button", { name: "Publish", exact: true }).click();
    await t.page.getByRole("dialog", { name: "Publish this course?" }).getByRole("button", { name: "Publish", exact: true }).click();
    await t.page.getByText("Course has been published.").first().waitFor();
    await expectAxeClean(t.page, { reloadInThemes: THEMES });

    // A buyer finds it, buys it, and learns it.
    await gotoHydrated(t.page, "/courses");
    await t.page.getByRole("heading", { name: title }).waitFor();
    await gotoHydrated(t.page, `/courses/${courseId}`);
    await t.page.getByRole("img", { name: "A letter sealed with red wax" }).waitFor();
    await gotoHydrated(t.page, `/courses/${courseId}/enroll`);
    await buyCourse(t.page, uniqueBuyer(), "Lucilius");
    await t.page.getByRole("link", { name: "Start learning" }).click();
    await t.page.getByRole("heading", { level: 1, name: "On friendship" }).waitFor();
    await t.page.getByText("choose").first().waitFor();

    await t.page
      .getByRole("link", { name: /Time is all we own/ })
      .first()
      .click();
    await t.page.getByRole("heading", { level: 1, name: "Time is all we own" }).waitFor();
    const quiz = t.page.getByTestId("quiz");
    await quiz.getByLabel("Our time", { exact: true }).check();
    await quiz.getByRole("button", { name: "Submit answers" }).click();
    await quiz.getByTestId("quiz-result").filter({ hasText: "Passed" }).waitFor();
    await quiz.getByText("Nothing is ours except time.").first().waitFor();

    // Bought, so it cannot be deleted, only unpublished; unpublished, it leaves the site (and the other suites' lists).
    // The admin is still signed in in this browser context.
    await gotoHydrated(t.page, editPath);
    await t.page.getByRole("button", { name: "Delete", exact: true }).click();
    await t.page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await t.page.getByText("This course has enrolments, so it cannot be deleted. Unpublish it instead").waitFor();
    await gotoHydrated(t.page, editPath);
    await t.page.getByRole("button", { name: "Unpublish", exact: true }).click();
    await t.page.getByRole("dialog", { name: "Unpublish this course?" }).getByRole("button", { name: "Unpublish", exact: true }).click();
    await t.page.getByText("Course has been unpublished: it is a draft again.").first().waitFor();
    await gotoHydrated(t.page, "/courses");
    expect(await t.page.getByRole("heading", { name: title }).count()).toBe(0);
  }, 150_000);

  it("the course list and the new-course page are axe-clean in both themes", async () => {
    await signInAsAdmin(t.page);
    for (const path of ["/admin/courses", "/admin/courses/new"]) {
      await gotoHydrated(t.page, path);
      await expectAxeClean(t.page, { reloadInThemes: THEMES });
    }
  }, 90_000);
});
