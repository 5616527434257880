/**
 * Learner insight's figures (docs/courses-and-learning.md, "Learner insight") from the hand-built course of
 * tests/support/learner-insight.ts: each expected number below is worked out by hand from its rows.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { assessmentResponses, enrollments, lessonProgress } from "../../../db/schema";
import { seedTestDb, testDb } from "../../../tests/support/db";
import {
  INSIGHT_NOW as NOW,
  type InsightCourse as Built,
  insightCourse,
  insightLearners,
  MARKER,
} from "../../../tests/support/learner-insight";
import { courseInsight, courseProgressCsv, learnerInsight, median, percentOf } from "./course-insight.server";
import { exportLearnerData } from "../learning/learner-data.server";
import { submitQuiz } from "../learning/learning.server";
import { pendingKey, startLearnerSession } from "../learning/learner.server";

describe("the helpers", () => {
  it("median: the middle one, the mean of the middle two, null for none", () => {
    expect(median([10, 2, 4])).toBe(4);
    expect(median([1, 9, 3, 5])).toBe(4);
    expect(median([])).toBeNull();
    expect(percentOf(3, 5)).toBe(60);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe("a course's learner insight", () => {
  let built: Built;
  beforeEach(async () => {
    await seedTestDb();
    built = await insightCourse();
    await insightLearners(built);
  });

  it("counts enrolments, active learners, completion and the median days to complete, leaving out those without access", async () => {
    const insight = await courseInsight(testDb(), built.course.id, NOW);
    expect(insight).toMatchObject({
      enrolments: 5,
      active7: 2,
      active30: 4,
      completed: 3,
      completionRate: 60,
      medianDaysToComplete: 4,
    });
  });

  it("shows where learners stop, lesson by lesson", async () => {
    const insight = await courseInsight(testDb(), built.course.id, NOW);
    expect(
      insight?.lessons.map(({ title, reached, completed, completedShare, stoppedHere }) => ({
        title,
        reached,
        completed,
        completedShare,
        stoppedHere,
      })),
    ).toEqual([
      { title: "Lesson 1", reached: 5, completed: 5, completedShare: 100, stoppedHere: 1 },
      { title: "Lesson 2", reached: 4, completed: 3, completedShare: 60, stoppedHere: 1 },
      { title: "Lesson 3", reached: 3, completed: 3, completedShare: 60, stoppedHere: 0 },
    ]);
  });

  it("gives each quiz's pass rate, average attempts to pass and choice shares, and flags the question most get wrong", async () => {
    const [quiz] = (await courseInsight(testDb(), built.course.id, NOW))?.quizzes ?? [];
    expect(quiz).toMatchObject({ title: "Check", learners: 4, passed: 3, passRate: 75, averageAttemptsToPass: 2 });
    const [first, second] = quiz?.questions ?? [];
    expect(first).toMatchObject({ answered: 4, correctShare: 75, flagged: false });
    expect(first?.choices.map((c) => c.share)).toEqual([75, 25, 0]);
    expect(second).toMatchObject({ answered: 4, correctShare: 25, flagged: true });
    expect(second?.choices.map((c) => [c.text, c.count, c.share, c.correct])).toEqual([
      ["X", 0, 0, false],
      ["Y", 3, 75, false],
      ["Z", 1, 25, true],
    ]);
  });

  it("is null for no such course, and all zeros for a course nobody bought", async () => {
    expect(await courseInsight(testDb(), 999_999, NOW)).toBeNull();
    const empty = await insightCourse();
    const insight = await courseInsight(testDb(), empty.course.id, NOW);
    expect(insight).toMatchObject({ enrolments: 0, completionRate: 0, medianDaysToComplete: null });
    expect(insight?.quizzes[0]).toMatchObject({ learners: 0, passRate: 0, averageAttemptsToPass: null });
    expect(insight?.quizzes[0]?.questions[0]?.flagged).toBe(false);
  });

  it("one learner's record: lessons, quiz score and attempts, the written answer as a word count only", async () => {
    const record = await learnerInsight(testDb(), "a@example.com", built.course.id);
    expect(record?.lastVisit).toBe("2026-06-28T00:00:00.000Z");
    expect(record?.lessons.map((l) => l.completedAt)).toEqual([
      "2026-06-02T00:00:00.000Z",
      "2026-06-03T00:00:00.000Z",
      "2026-06-05T00:00:00.000Z",
    ]);
    expect(record?.lessons[1]?.assessments).toEqual([
      { kind: "quiz", title: "Check", score: 50, passed: true, attempts: 1, attemptsToPass: 1 },
    ]);
    expect(record?.lessons[2]?.assessments).toEqual([{ kind: "written", title: "Think", words: 5 }]);
    expect(JSON.stringify(record)).not.toContain(MARKER);
    const other = await learnerInsight(testDb(), "e@example.com", built.course.id);
    expect(other?.lessons[2]?.assessments).toEqual([{ kind: "written", title: "Think", words: null }]);
  });

  it("counts the work of learners' unproven sessions in its totals, once per learner, and in no learner's record", async () => {
    const db = testDb();
    const [l1, l2, l3] = built.lessons;
    const pendingOf = async (email: string) => {
      // The session the return page starts holds its order's grants (ADR 0008).
      const order = await db
        .select({ id: enrollments.id })
        .from(enrollments)
        .where(and(eq(enrollments.email, email), eq(enrollments.courseId, built.course.id)))
        .get();
      const scope = { scopeCourseId: built.course.id, enrollmentId: order!.id };
      const session = await startLearnerSession(db, email, scope, new Date("2026-06-29T00:00:00.000Z"));
      return pendingKey(session!.id);
    };
    const visit = (email: string, lesson: { id: number }, completedAt: string | null) => ({
      email,
      lessonId: lesson.id,
      courseId: built.course.id,
      visitedAt: "2026-06-29T00:00:00.000Z",
      completedAt,
    });
    // d (stopped in lesson 2) finished the course and passed the quiz on the device that paid; e opened lesson 2 there; f,
    // refunded without access, is no learner, whatever its session did.
    const [d, e, f] = [await pendingOf("d@example.com"), await pendingOf("e@example.com"), await pendingOf("f@example.com")];
    await db
      .insert(lessonProgress)
      .values([
        visit(d, l1, "2026-06-29T00:00:00.000Z"),
        visit(d, l2, "2026-06-29T00:00:00.000Z"),
        visit(d, l3, "2026-06-29T00:00:00.000Z"),
        visit(e, l2, null),
        visit(f, l2, "2026-06-29T00:00:00.000Z"),
      ]);
    await db.insert(assessmentResponses).values({
      email: d,
      assessmentId: built.quiz.id,
      quizAnswers: [0, 2],
      score: 100,
      passed: true,
      attempts: 1,
      attemptsToPass: 1,
      updatedAt: "2026-06-29T00:00:00.000Z",
    });
    const insight = await courseInsight(db, built.course.id, NOW);
    expect(insight).toMatchObject({ enrolments: 5, active7: 3, completed: 4, completionRate: 80 });
    expect(insight?.lessons.map(({ reached, completed }) => [reached, completed])).toEqual([
      [5, 5],
      [5, 4],
      [4, 4],
    ]);
    // d is counted once, with the better of its two results.
    expect(insight?.quizzes[0]).toMatchObject({ learners: 4, passed: 4, passRate: 100 });
    // The order page's record and the CSV are the address's own rows: that work is not the address's until it is added.
    const record = await learnerInsight(db, "d@example.com", built.course.id);
    expect(record?.lessons.map((l) => l.completedAt)).toEqual(["2026-05-02T00:00:00.000Z", null, null]);
    expect((await courseProgressCsv(db, built.course.id))?.split("\r\n")[1]).toBe("d@example.com,33,1 of 3,0 of 1,,");
  });

  it("the progress CSV: one row per learner, oldest enrolment first", async () => {
    const csv = await courseProgressCsv(testDb(), built.course.id);
    expect(csv?.trimEnd().split("\r\n")).toEqual([
      "email,progress_percent,lessons_done,quizzes_passed,completed_on,certificate_issued_on",
      "d@example.com,33,1 of 3,0 of 1,,",
      "a@example.com,100,3 of 3,1 of 1,2026-06-05,2026-06-06",
      "b@example.com,100,3 of 3,1 of 1,2026-06-11,",
      "c@example.com,100,3 of 3,1 of 1,2026-06-03,",
      "e@example.com,33,1 of 3,0 of 1,,",
    ]);
    expect(await courseProgressCsv(testDb(), 999_999)).toBeNull();
  });
});

describe("attempts to pass, as a quiz records them", () => {
  it("is the attempt of the first pass, kept through later attempts; null before a pass", async () => {
    await seedTestDb();
    const {
      course,
      lessons: [, l2],
      quiz,
    } = await insightCourse();
    const take = (answers: number[]) =>
      submitQuiz(testDb(), { email: "t@example.com", courseId: course.id, lessonId: l2.id, assessmentId: quiz.id, answers });
    const row = async () =>
      (await testDb().select().from(assessmentResponses).all()).find((r) => r.email === "t@example.com" && r.assessmentId === quiz.id);
    await take([1, 1]);
    expect(await row()).toMatchObject({ attempts: 1, passed: false, attemptsToPass: null });
    await take([0, 2]);
    expect(await row()).toMatchObject({ attempts: 2, passed: true, attemptsToPass: 2 });
    await take([1, 1]);
    await take([0, 2]);
    expect(await row()).toMatchObject({ attempts: 4, passed: true, attemptsToPass: 2 });
    // The learner's own download names it too (the privacy policy says it is stored).
    const download = await exportLearnerData(testDb(), "t@example.com");
    expect(download.quizAttempts).toMatchObject([{ attempts: 4, attemptsToPass: 2 }]);
  });
});
