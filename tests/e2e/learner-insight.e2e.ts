/**
 * Learner insight (docs/courses-and-learning.md, "Learner insight"): three learners' progress in the seed's first course,
 * written straight into the test server's D1; the owner opens the course's insight from its edit page and sees the
 * figures, the drop-off table and the flagged question, axe-clean in both themes; downloads the progress CSV; and the
 * learner's order page shows the reflection as "written, N words", never its marker word.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { expectAxeClean, THEMES } from "./axe";
import { gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { selectColumn } from "./server-db";

const t = openPagePerTest();

const DAY_MS = 86_400_000;
const MARKER = "quillwortinsight";
const stamp = crypto.randomUUID().slice(0, 8);
const learner = (name: string) => `insight-${name}-${stamp}@example.com`;
const [A, B, C] = [learner("a"), learner("b"), learner("c")];
let lessonIds: string[] = [];
let quizCount = 0;

beforeAll(() => {
  lessonIds = selectColumn(
    "SELECT l.id AS value FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 1 ORDER BY m.position, l.position, l.id",
  );
  quizCount = selectColumn(
    "SELECT a.id AS value FROM assessments a JOIN lessons l ON l.id = a.lesson_id JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 1 AND a.kind = 'quiz'",
  ).length;
  const [quizId = ""] = selectColumn(
    "SELECT a.id AS value FROM assessments a JOIN lessons l ON l.id = a.lesson_id JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 1 AND a.kind = 'quiz' ORDER BY m.position, l.position, a.id LIMIT 1",
  );
  const [reflectionId = ""] = selectColumn(
    "SELECT a.id AS value FROM assessments a JOIN lessons l ON l.id = a.lesson_id JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 1 AND a.kind IN ('reflection', 'exercise') ORDER BY a.id LIMIT 1",
  );
  const questions = selectColumn(
    `SELECT correct_choice || ',' || json_array_length(choices) AS value FROM quiz_questions WHERE assessment_id = ${quizId} ORDER BY position`,
  ).map((row) => row.split(",").map(Number) as [number, number]);
  const right = JSON.stringify(questions.map(([correct]) => correct));
  const wrong = JSON.stringify(questions.map(([correct, count]) => (correct + 1) % count));
  const now = new Date().toISOString();
  const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS).toISOString();
  const enrol = (email: string) => `(1, 'pi_insight_${email}', 4900, '${email}', 'paid', '${twoDaysAgo}')`;
  const progress = [
    ...lessonIds.map((id) => `('${A}', ${id}, 1, '${now}', '${now}')`),
    `('${B}', ${lessonIds[0]}, 1, '${now}', '${now}')`,
    `('${C}', ${lessonIds[0]}, 1, '${now}', NULL)`,
  ];
  selectColumn(
    `INSERT INTO enrollments (course_id, payment_intent_id, amount_cents, email, status, created_at) VALUES ${[A, B, C].map(enrol).join(", ")};
     INSERT INTO lesson_progress (email, lesson_id, course_id, visited_at, completed_at) VALUES ${progress.join(", ")};
     INSERT INTO assessment_responses (email, assessment_id, answer, quiz_answers, score, passed, attempts, attempts_to_pass, updated_at) VALUES
       ('${A}', ${quizId}, '', '${right}', 100, 1, 2, 2, '${now}'),
       ('${B}', ${quizId}, '', '${wrong}', 0, 0, 1, NULL, '${now}'),
       ('${C}', ${quizId}, '', '${wrong}', 0, 0, 3, NULL, '${now}'),
       ('${A}', ${reflectionId}, 'I noticed ${MARKER} today', NULL, NULL, 0, 1, NULL, '${now}');
     SELECT 1 AS value`,
  );
});

describe("learner insight", () => {
  it("the owner opens a course's insight from its edit page, sees the figures, and downloads the progress CSV", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/courses/1");
    await t.page.getByRole("link", { name: "Learner insight" }).click();
    await t.page.getByRole("heading", { level: 1, name: /^Learner insight: / }).waitFor();
    const figure = (name: string) => t.page.locator(`[data-figure="${name}"] [data-value]`).textContent();
    expect(await figure("enrolments")).toBe("3");
    expect(await figure("active, last 7 days")).toBe("3");
    expect(await figure("completion rate")).toBe("33%");
    expect(await figure("median time to complete")).toBe("2 days");

    // Where learners stop: every lesson a row; the first completed by 2 of 3 (67%), the last by 1 (33%).
    const rows = t.page.locator("[data-lesson]");
    expect(await rows.count()).toBe(lessonIds.length);
    expect(await rows.first().locator("td").allTextContents()).toEqual(["3", expect.stringContaining("2 (67%)"), "2"]);
    expect(await rows.last().locator("td").allTextContents()).toEqual(["1", expect.stringContaining("1 (33%)"), "0"]);

    // The quiz: 1 of 3 passed, on attempt 2; each question answered wrongly by two of three, so flagged.
    const quiz = t.page.locator("[data-quiz]").first();
    expect(await quiz.locator("[data-quiz-summary]").textContent()).toContain("Pass rate 33% (1 of 3 learners");
    expect(await quiz.locator("[data-quiz-summary]").textContent()).toContain("On average passed on attempt 2.");
    expect(await quiz.locator("[data-flagged]").count()).toBe(await quiz.locator("[data-question]").count());
    await quiz.locator("[data-flagged]").first().getByText("Most learners get this wrong (33% correct)").waitFor();
    expect(await t.page.content()).not.toContain(MARKER);

    await expectAxeClean(t.page, { reloadInThemes: THEMES, label: "/admin/courses/1/insight" });

    const link = t.page.getByRole("link", { name: "Download progress (CSV)" });
    const [download] = await Promise.all([t.page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^course-1-progress-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8")
      .trimEnd()
      .split("\r\n");
    const total = lessonIds.length;
    const today = new Date().toISOString().slice(0, 10);
    expect(csv[0]).toBe("email,progress_percent,lessons_done,quizzes_passed,completed_on,certificate_issued_on");
    expect(csv).toContain(`${A},100,${total} of ${total},1 of ${quizCount},${today},`);
    expect(csv).toContain(`${B},${Math.round(100 / total)},1 of ${total},0 of ${quizCount},,`);
    expect(csv.join("\n")).not.toContain(MARKER);
    expect(t.pageErrors).toEqual([]);
  });

  it("the learner's order page shows each lesson, the quiz's attempts and the reflection as a word count only", async () => {
    await signInAsAdmin(t.page);
    const [orderId = ""] = selectColumn(`SELECT id AS value FROM enrollments WHERE email = '${A}'`);
    await gotoHydrated(t.page, `/admin/orders/${orderId}`);
    await t.page.getByText("written, 4 words").waitFor();
    await t.page.getByText("passed, latest score 100% (2 attempts, passed on attempt 2)").waitFor();
    expect(await t.page.locator("[data-lesson]").count()).toBe(lessonIds.length);
    expect(await t.page.content()).not.toContain(MARKER);
    await expectAxeClean(t.page, { reloadInThemes: THEMES, label: "order page with the learner's record" });
  });
});
