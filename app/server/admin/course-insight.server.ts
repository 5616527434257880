/**
 * Learner insight (docs/courses-and-learning.md, "Learner insight"): how a course's learners get on, from the rows the
 * learning pages already keep (lesson_progress, assessment_responses, certificates). Aggregates for the course page
 * (owner and editors), one learner's record for the order page and the progress CSV (owner only).
 *
 * A written answer's text is never selected here: the queries ask SQLite for its length in words, so no figure, page or
 * export built from this module can carry it (a test searches every admin page and export for a marker word).
 */
import { and, asc, eq, inArray, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import {
  assessmentResponses,
  assessments,
  certificates,
  courseModules,
  courses,
  enrollments,
  learnerSessions,
  lessonProgress,
  lessons,
  quizQuestions,
} from "../../../db/schema";
import type { Database } from "~/server/core/db.server";
import { grantsAccess } from "~/server/learning/learner.server";
import { pendingRowOf, unprovenSessionsOfCourse } from "~/server/learning/unproven-work.server";
import { toCsv } from "../core/csv.server";

const DAY_MS = 86_400_000;

/**
 * Words in a written answer, counted by SQLite: line breaks and tabs become spaces, and runs of spaces are halved 13
 * times (enough for the 5,000 characters an answer may have), so the spaces left are the gaps between words. Only this
 * number leaves D1.
 */
const answerWords = (() => {
  let squeezed = sql`trim(replace(replace(replace(${assessmentResponses.answer}, char(13), ' '), char(10), ' '), char(9), ' '))`;
  for (let i = 0; i < 13; i++) squeezed = sql`replace(${squeezed}, '  ', ' ')`;
  return sql<number>`(select case when length(s) = 0 then 0 else length(s) - length(replace(s, ' ', '')) + 1 end from (select ${squeezed} as s))`;
})();

/** A share in whole percent, rounded; 0 of nothing is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part * 100) / whole);
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The addresses whose enrolment opens the course: the learners. */
function learnerEmails(db: Database, courseId: number) {
  return db
    .selectDistinct({ email: enrollments.email })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), ne(enrollments.email, ""), grantsAccess()));
}

/** The learners with their first enrolment's date. */
function learnersQuery(db: Database, courseId: number) {
  return db
    .select({ email: enrollments.email, enrolledAt: sql<string>`min(${enrollments.createdAt})`.as("enrolled_at") })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), ne(enrollments.email, ""), grantsAccess()))
    .groupBy(enrollments.email);
}

/** The course's lessons in the learner's order. */
function lessonsQuery(db: Database, courseId: number) {
  return db
    .select({ id: lessons.id, title: lessons.title })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.position), asc(lessons.position), asc(lessons.id));
}

/** The course's assessments in order, with their lesson. */
function assessmentsQuery(db: Database, courseId: number) {
  return db
    .select({
      id: assessments.id,
      lessonId: assessments.lessonId,
      title: assessments.title,
      kind: assessments.kind,
      passMark: assessments.passMark,
    })
    .from(assessments)
    .innerJoin(lessons, eq(lessons.id, assessments.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.position), asc(lessons.position), asc(assessments.id));
}

/** The course's responses, written answers as a word count only. Rows of unproven sessions (`session:…`) are not learners. */
function responsesQuery(db: Database, courseId: number, which: SQL | undefined) {
  return db
    .select({
      email: assessmentResponses.email,
      assessmentId: assessmentResponses.assessmentId,
      quizAnswers: assessmentResponses.quizAnswers,
      score: assessmentResponses.score,
      passed: assessmentResponses.passed,
      attempts: assessmentResponses.attempts,
      attemptsToPass: assessmentResponses.attemptsToPass,
      words: answerWords.as("words"),
    })
    .from(assessmentResponses)
    .innerJoin(assessments, eq(assessments.id, assessmentResponses.assessmentId))
    .innerJoin(lessons, eq(lessons.id, assessments.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(and(eq(courseModules.courseId, courseId), which));
}

function progressQuery(db: Database, courseId: number, email?: string) {
  return db
    .select({
      email: lessonProgress.email,
      lessonId: lessonProgress.lessonId,
      visitedAt: lessonProgress.visitedAt,
      completedAt: lessonProgress.completedAt,
    })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.courseId, courseId), email === undefined ? undefined : eq(lessonProgress.email, email)));
}

type Progress = { email: string; lessonId: number; visitedAt: string; completedAt: string | null };

/** Each learner's lessons done in the course (lessons still in it), last visit and completion date (when all are done). */
function perLearner(lessonIds: readonly number[], progress: readonly Progress[]) {
  const inCourse = new Set(lessonIds);
  const byEmail = new Map<string, { done: Set<number>; visited: Set<number>; lastVisit: string; lastCompletion: string }>();
  for (const row of progress) {
    if (!inCourse.has(row.lessonId)) continue;
    const entry = byEmail.get(row.email) ?? { done: new Set(), visited: new Set(), lastVisit: "", lastCompletion: "" };
    entry.visited.add(row.lessonId);
    if (row.visitedAt > entry.lastVisit) entry.lastVisit = row.visitedAt;
    if (row.completedAt) {
      entry.done.add(row.lessonId);
      if (row.completedAt > entry.lastCompletion) entry.lastCompletion = row.completedAt;
    }
    byEmail.set(row.email, entry);
  }
  return new Map(
    [...byEmail].map(([email, e]) => [
      email,
      {
        done: e.done,
        visited: e.visited,
        lastVisit: e.lastVisit || null,
        completedAt: lessonIds.length > 0 && e.done.size === lessonIds.length ? e.lastCompletion : null,
      },
    ]),
  );
}

/** One quiz's figures: pass rate, mean attempts to pass, and each question's choices as shares of the latest attempts. */
function quizFigures(
  quiz: { id: number; title: string; passMark: number },
  questions: readonly { assessmentId: number; prompt: string; choices: { text: string }[]; correctChoice: number }[],
  responses: readonly { assessmentId: number; quizAnswers: number[] | null; passed: boolean; attemptsToPass: number | null }[],
) {
  const attempts = responses.filter((r) => r.assessmentId === quiz.id && r.quizAnswers !== null);
  const passed = attempts.filter((r) => r.passed);
  const toPass = passed.map((r) => r.attemptsToPass).filter((n): n is number => n !== null);
  return {
    id: quiz.id,
    title: quiz.title,
    passMark: quiz.passMark,
    learners: attempts.length,
    passed: passed.length,
    passRate: percentOf(passed.length, attempts.length),
    averageAttemptsToPass: toPass.length === 0 ? null : Math.round((toPass.reduce((a, b) => a + b, 0) / toPass.length) * 10) / 10,
    questions: questions
      .filter((q) => q.assessmentId === quiz.id)
      .map((q, i) => {
        const counts = q.choices.map(() => 0);
        for (const r of attempts) {
          const choice = r.quizAnswers?.[i];
          // An attempt stored before the questions changed may name a choice that is gone: it counts for none.
          if (choice !== undefined && choice >= 0 && choice < counts.length) counts[choice] = (counts[choice] ?? 0) + 1;
        }
        const answered = counts.reduce((a, b) => a + b, 0);
        const correct = counts[q.correctChoice] ?? 0;
        return {
          prompt: q.prompt,
          answered,
          correctShare: percentOf(correct, answered),
          // "Most people get it wrong": fewer than half of the answers are the correct choice.
          flagged: answered > 0 && correct * 2 < answered,
          choices: q.choices.map((choice, c) => ({
            text: choice.text,
            correct: c === q.correctChoice,
            count: counts[c] ?? 0,
            share: percentOf(counts[c] ?? 0, answered),
          })),
        };
      }),
  };
}

/**
 * A course's learner insight, or null for no such course: enrolments, active learners, completion, the median days to
 * complete, the drop-off per lesson, and each quiz's figures. Learners are the addresses whose enrolment opens the
 * course; their progress in lessons no longer in the course is left out.
 */
export async function courseInsight(db: Database, courseId: number, now = new Date()) {
  const unproven = unprovenSessionsOfCourse(courseId, now);
  const [course, learnerRows, lessonRows, assessmentRows, questionRows, progressRows, responseRows, unprovenProgress, unprovenResponses] =
    await db.batch([
      db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, courseId)),
      learnersQuery(db, courseId),
      lessonsQuery(db, courseId),
      assessmentsQuery(db, courseId),
      db
        .select({
          assessmentId: quizQuestions.assessmentId,
          prompt: quizQuestions.prompt,
          choices: quizQuestions.choices,
          correctChoice: quizQuestions.correctChoice,
        })
        .from(quizQuestions)
        .innerJoin(assessments, eq(assessments.id, quizQuestions.assessmentId))
        .innerJoin(lessons, eq(lessons.id, assessments.lessonId))
        .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
        .where(eq(courseModules.courseId, courseId))
        .orderBy(asc(quizQuestions.assessmentId), asc(quizQuestions.position)),
      db
        .select({
          email: lessonProgress.email,
          lessonId: lessonProgress.lessonId,
          visitedAt: lessonProgress.visitedAt,
          completedAt: lessonProgress.completedAt,
        })
        .from(lessonProgress)
        .where(and(eq(lessonProgress.courseId, courseId), inArray(lessonProgress.email, learnerEmails(db, courseId)))),
      responsesQuery(
        db,
        courseId,
        and(isNotNull(assessmentResponses.quizAnswers), inArray(assessmentResponses.email, learnerEmails(db, courseId))),
      ),
      // The work of learners' unproven sessions (not yet added to their record): counted in these totals, under no address,
      // with the learner's own rows, so nobody is counted twice. Nothing of it reaches the per-learner record or the CSV.
      db
        .select({
          email: learnerSessions.email,
          lessonId: lessonProgress.lessonId,
          visitedAt: lessonProgress.visitedAt,
          completedAt: lessonProgress.completedAt,
        })
        .from(learnerSessions)
        .innerJoin(lessonProgress, and(pendingRowOf(lessonProgress.email), eq(lessonProgress.courseId, courseId)))
        .where(unproven),
      db
        .select({
          email: learnerSessions.email,
          assessmentId: assessmentResponses.assessmentId,
          quizAnswers: assessmentResponses.quizAnswers,
          passed: assessmentResponses.passed,
          score: assessmentResponses.score,
          attemptsToPass: assessmentResponses.attemptsToPass,
        })
        .from(learnerSessions)
        .innerJoin(assessmentResponses, and(pendingRowOf(assessmentResponses.email), isNotNull(assessmentResponses.quizAnswers)))
        .where(unproven),
    ]);
  if (!course[0]) return null;
  const lessonIds = lessonRows.map((l) => l.id);
  const records = perLearner(lessonIds, [...progressRows, ...unprovenProgress]);
  const enrolledAt = new Map(learnerRows.map((l) => [l.email, l.enrolledAt]));
  const activeSince = (days: number) => {
    const since = new Date(now.getTime() - days * DAY_MS).toISOString();
    return [...records.values()].filter((r) => r.lastVisit !== null && r.lastVisit >= since).length;
  };
  const completers = [...records].filter(([, r]) => r.completedAt !== null);
  const daysToComplete = completers.flatMap(([email, r]) => {
    const start = enrolledAt.get(email);
    return start && r.completedAt ? [Math.max(0, (Date.parse(r.completedAt) - Date.parse(start)) / DAY_MS)] : [];
  });
  const total = learnerRows.length;
  const medianDays = median(daysToComplete);
  return {
    course: course[0],
    enrolments: total,
    active7: activeSince(7),
    active30: activeSince(30),
    completed: completers.length,
    completionRate: percentOf(completers.length, total),
    medianDaysToComplete: medianDays === null ? null : Math.round(medianDays * 10) / 10,
    // Where learners stop: how many opened and completed each lesson, and how many of those who have not finished the
    // course got no further than it (the last lesson, in order, they opened).
    lessons: lessonRows.map((lesson, index) => {
      const reached = [...records.values()].filter((r) => r.visited.has(lesson.id)).length;
      const completed = [...records.values()].filter((r) => r.done.has(lesson.id)).length;
      const stoppedHere = [...records.values()].filter(
        (r) => r.completedAt === null && r.visited.has(lesson.id) && !lessonIds.slice(index + 1).some((id) => r.visited.has(id)),
      ).length;
      return { id: lesson.id, title: lesson.title, reached, completed, completedShare: percentOf(completed, total), stoppedHere };
    }),
    quizzes: assessmentRows
      .filter((a) => a.kind === "quiz")
      .map((quiz) =>
        quizFigures(quiz, questionRows as Parameters<typeof quizFigures>[1], bestResults([...responseRows, ...unprovenResponses])),
      ),
  };
}

type QuizRow = {
  email: string;
  assessmentId: number;
  quizAnswers: number[] | null;
  passed: boolean;
  score: number | null;
  attemptsToPass: number | null;
};

/**
 * One result per learner and quiz, the best (passed, then score: the merge's rule, unproven-work.server.ts), when a
 * learner's own row and their unproven sessions' rows are counted together.
 */
function bestResults<Row extends QuizRow>(rows: readonly Row[]): Row[] {
  const best = new Map<string, Row>();
  for (const row of rows) {
    const key = `${row.assessmentId} ${row.email}`;
    const kept = best.get(key);
    const better =
      !kept || Number(row.passed) > Number(kept.passed) || (row.passed === kept.passed && (row.score ?? 0) > (kept.score ?? 0));
    if (better) best.set(key, row);
  }
  return [...best.values()];
}

export type CourseInsight = NonNullable<Awaited<ReturnType<typeof courseInsight>>>;

/**
 * One learner's record in a course, for the order page: each lesson's last visit and completion, each quiz's score and
 * attempts, each written answer as "written, N words" (never its text), and the last visit.
 */
export async function learnerInsight(db: Database, email: string, courseId: number) {
  if (!email) return null;
  const [lessonRows, assessmentRows, progressRows, responseRows] = await db.batch([
    lessonsQuery(db, courseId),
    assessmentsQuery(db, courseId),
    progressQuery(db, courseId, email),
    responsesQuery(db, courseId, eq(assessmentResponses.email, email)),
  ]);
  const progress = new Map(progressRows.map((p) => [p.lessonId, p]));
  const responses = new Map(responseRows.map((r) => [r.assessmentId, r]));
  return {
    lastVisit: progressRows.reduce<string | null>((last, p) => (last === null || p.visitedAt > last ? p.visitedAt : last), null),
    lessons: lessonRows.map((lesson) => ({
      id: lesson.id,
      title: lesson.title,
      visitedAt: progress.get(lesson.id)?.visitedAt ?? null,
      completedAt: progress.get(lesson.id)?.completedAt ?? null,
      assessments: assessmentRows
        .filter((a) => a.lessonId === lesson.id)
        .map((a) => {
          const r = responses.get(a.id);
          return a.kind === "quiz"
            ? {
                kind: "quiz" as const,
                title: a.title,
                score: r?.quizAnswers ? r.score : null,
                passed: r?.passed ?? false,
                attempts: r?.quizAnswers ? r.attempts : 0,
                attemptsToPass: r?.attemptsToPass ?? null,
              }
            : { kind: "written" as const, title: a.title, words: r ? Number(r.words) : null };
        }),
    })),
  };
}

export type LearnerInsight = NonNullable<Awaited<ReturnType<typeof learnerInsight>>>;

/**
 * The progress CSV of a course (owner only): per learner, the address, progress in percent, lessons done, quizzes passed,
 * completion date and certificate date. Null for no such course.
 */
export async function courseProgressCsv(db: Database, courseId: number): Promise<string | null> {
  const [course, learnerRows, lessonRows, assessmentRows, progressRows, passedRows, certificateRows] = await db.batch([
    db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)),
    learnersQuery(db, courseId).orderBy(sql`enrolled_at`, asc(enrollments.email)),
    lessonsQuery(db, courseId),
    assessmentsQuery(db, courseId),
    db
      .select({
        email: lessonProgress.email,
        lessonId: lessonProgress.lessonId,
        visitedAt: lessonProgress.visitedAt,
        completedAt: lessonProgress.completedAt,
      })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.courseId, courseId), inArray(lessonProgress.email, learnerEmails(db, courseId)))),
    db
      .select({ email: assessmentResponses.email, assessmentId: assessmentResponses.assessmentId })
      .from(assessmentResponses)
      .where(and(eq(assessmentResponses.passed, true), inArray(assessmentResponses.email, learnerEmails(db, courseId)))),
    db.select({ email: certificates.email, issuedAt: certificates.issuedAt }).from(certificates).where(eq(certificates.courseId, courseId)),
  ]);
  if (!course[0]) return null;
  const lessonIds = lessonRows.map((l) => l.id);
  const quizIds = new Set(assessmentRows.filter((a) => a.kind === "quiz").map((a) => a.id));
  const records = perLearner(lessonIds, progressRows);
  const certificateOf = new Map(certificateRows.map((c) => [c.email, c.issuedAt]));
  const rows = learnerRows.map(({ email }) => {
    const record = records.get(email);
    const done = record?.done.size ?? 0;
    const passed = passedRows.filter((p) => p.email === email && quizIds.has(p.assessmentId)).length;
    return [
      email,
      percentOf(done, lessonIds.length),
      `${done} of ${lessonIds.length}`,
      `${passed} of ${quizIds.size}`,
      record?.completedAt?.slice(0, 10) ?? "",
      certificateOf.get(email)?.slice(0, 10) ?? "",
    ];
  });
  return toCsv([["email", "progress_percent", "lessons_done", "quizzes_passed", "completed_on", "certificate_issued_on"], ...rows]);
}
