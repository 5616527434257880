/**
 * A hand-built course and its learners for the learner insight's tests (app/server/admin/course-insight.server.test.ts,
 * app/routes/admin/learner-insight-privacy.test.ts): five learners whose figures are worked out by hand there, plus rows
 * that must not count (a refunded buyer without access, an unproven session's pending rows). Learner a@ wrote a
 * reflection carrying `MARKER`.
 */
import {
  assessmentResponses,
  assessments,
  certificates,
  courseModules,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  quizQuestions,
} from "../../db/schema";
import { testDb } from "./db";

export const INSIGHT_NOW = new Date("2026-06-30T00:00:00.000Z");
export const MARKER = "Zyxwvutmarker";

/** The course: three lessons; the second has a two-question quiz (pass mark 50), the third a reflection. */
export async function insightCourse() {
  const db = testDb();
  const course = await db
    .insert(courses)
    .values({ title: "Insight test course", description: "d", imageUrl: "/x.jpg", level: "Beginner", duration: 1, priceCents: 100 })
    .returning()
    .get();
  const module = await db.insert(courseModules).values({ courseId: course.id, position: 0, title: "M", description: "" }).returning().get();
  const [l1, l2, l3] = await db
    .insert(lessons)
    .values([1, 2, 3].map((n) => ({ moduleId: module.id, position: n, title: `Lesson ${n}`, description: "", duration: 5 })))
    .returning();
  if (!l1 || !l2 || !l3) throw new Error("lessons not inserted");
  const quiz = await db.insert(assessments).values({ lessonId: l2.id, title: "Check", kind: "quiz", passMark: 50 }).returning().get();
  const reflection = await db
    .insert(assessments)
    .values({ lessonId: l3.id, title: "Think", kind: "reflection", prompt: "Write" })
    .returning()
    .get();
  const choices = (...texts: string[]) => texts.map((text) => ({ text, explanation: "" }));
  await db.insert(quizQuestions).values([
    { assessmentId: quiz.id, position: 0, prompt: "First question", choices: choices("A", "B", "C"), correctChoice: 0 },
    { assessmentId: quiz.id, position: 1, prompt: "Second question", choices: choices("X", "Y", "Z"), correctChoice: 2 },
  ]);
  return { course, lessons: [l1, l2, l3] as const, quiz, reflection };
}

export type InsightCourse = Awaited<ReturnType<typeof insightCourse>>;

/** Five learners with access and two that do not count; a@ wrote a reflection carrying the marker word. */
export async function insightLearners({ course, lessons: [l1, l2, l3], quiz, reflection }: InsightCourse) {
  const db = testDb();
  const enrol = (email: string, createdAt: string, status = "paid") =>
    db
      .insert(enrollments)
      .values({ courseId: course.id, email, createdAt, status, paymentIntentId: `pi_${crypto.randomUUID()}`, amountCents: 100 });
  await enrol("a@example.com", "2026-06-01T00:00:00.000Z");
  await enrol("b@example.com", "2026-06-01T00:00:00.000Z");
  await enrol("c@example.com", "2026-06-01T00:00:00.000Z");
  await enrol("d@example.com", "2026-05-01T00:00:00.000Z");
  await enrol("e@example.com", "2026-06-20T00:00:00.000Z");
  await enrol("f@example.com", "2026-06-01T00:00:00.000Z", "refunded");
  const visit = (email: string, lesson: { id: number }, visitedAt: string, completedAt: string | null) =>
    ({ email, lessonId: lesson.id, courseId: course.id, visitedAt, completedAt }) as const;
  await db.insert(lessonProgress).values([
    // a: done in 4 days, back on the 28th (active in the last 7 days).
    visit("a@example.com", l1, "2026-06-02T00:00:00.000Z", "2026-06-02T00:00:00.000Z"),
    visit("a@example.com", l2, "2026-06-03T00:00:00.000Z", "2026-06-03T00:00:00.000Z"),
    visit("a@example.com", l3, "2026-06-28T00:00:00.000Z", "2026-06-05T00:00:00.000Z"),
    // b: done in 10 days, last seen on the 11th (active in the last 30 days only).
    visit("b@example.com", l1, "2026-06-02T00:00:00.000Z", "2026-06-02T00:00:00.000Z"),
    visit("b@example.com", l2, "2026-06-05T00:00:00.000Z", "2026-06-05T00:00:00.000Z"),
    visit("b@example.com", l3, "2026-06-11T00:00:00.000Z", "2026-06-11T00:00:00.000Z"),
    // c: done in 2 days.
    visit("c@example.com", l1, "2026-06-02T00:00:00.000Z", "2026-06-02T00:00:00.000Z"),
    visit("c@example.com", l2, "2026-06-02T12:00:00.000Z", "2026-06-02T12:00:00.000Z"),
    visit("c@example.com", l3, "2026-06-03T00:00:00.000Z", "2026-06-03T00:00:00.000Z"),
    // d: stopped in lesson 2 in May (not active).
    visit("d@example.com", l1, "2026-05-02T00:00:00.000Z", "2026-05-02T00:00:00.000Z"),
    visit("d@example.com", l2, "2026-05-10T00:00:00.000Z", null),
    // e: only lesson 1, on the 25th.
    visit("e@example.com", l1, "2026-06-25T00:00:00.000Z", "2026-06-25T00:00:00.000Z"),
    // Not learners: a refund without access, and an unproven session's pending rows.
    visit("f@example.com", l1, "2026-06-29T00:00:00.000Z", "2026-06-29T00:00:00.000Z"),
    visit("session:pending", l1, "2026-06-29T00:00:00.000Z", "2026-06-29T00:00:00.000Z"),
  ]);
  const attempt = (email: string, quizAnswers: number[], passed: boolean, attempts: number, attemptsToPass: number | null) =>
    ({
      email,
      assessmentId: quiz.id,
      quizAnswers,
      score: 50,
      passed,
      attempts,
      attemptsToPass,
      updatedAt: "2026-06-05T00:00:00.000Z",
    }) as const;
  await db.insert(assessmentResponses).values([
    attempt("a@example.com", [0, 2], true, 1, 1),
    attempt("b@example.com", [0, 1], true, 4, 3),
    attempt("c@example.com", [0, 1], true, 2, 2),
    attempt("d@example.com", [1, 1], false, 2, null),
    attempt("f@example.com", [1, 1], true, 9, 9),
    attempt("session:pending", [1, 1], true, 9, 9),
    {
      email: "a@example.com",
      assessmentId: reflection.id,
      answer: `  The ${MARKER} line\n\nsecond \t  line  `,
      attempts: 1,
      updatedAt: "2026-06-05T00:00:00.000Z",
    },
  ]);
  await db.insert(certificates).values({
    id: `cert-${crypto.randomUUID()}`,
    email: "a@example.com",
    courseId: course.id,
    name: "A",
    issuedAt: "2026-06-06T00:00:00.000Z",
  });
}
