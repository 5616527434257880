/**
 * Work done in unproven sessions (docs/courses-and-learning.md, "Merging on proof"): a session the payment-success page
 * started keeps its progress and answers under `session:<id>`, never the address's. Nothing of it enters the address's
 * record unless the inbox's owner says so: in the same browser by opening an access link there (`proveInbox`), or on
 * any device by **Add it** on /learn, which lists the work of the address's unproven sessions (`unprovenWorkOf`); **Discard
 * it** deletes that work instead.
 *
 * One merge rule, written once in SQL and used by both paths and by the summary: the furthest state wins, so a merge can
 * be repeated or race a learner's own writes and never lose anything. Completed beats visited (the earliest completion is
 * kept), the latest visit is where the course resumes, a quiz keeps its best result (passed, then score), a written answer
 * its latest version; `attempts` is the larger count (a repeated merge does not add it twice).
 */
import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import {
  assessmentResponses,
  assessments,
  courseModules,
  courses,
  enrollments,
  learnerSessions,
  lessonProgress,
  lessons,
} from "../../../db/schema";
import type { Database } from "../core/db.server";
import { grantsAccess, normaliseEmail, PENDING_KEY_PREFIX } from "./learner.server";
import { answerAdvances, mergeStatements, progressAdvances } from "./progress-merge.server";

export { mergeStatements };

/** The pending key of a session row (`session:<id>`), as SQL. */
const pendingKeyOf = () => sql<string>`${PENDING_KEY_PREFIX} || ${learnerSessions.id}`;

/**
 * The live unproven sessions of `email` whose course the address owns (an enrolment that opens it): the sessions whose
 * work the inbox's owner is offered. `courseId` narrows them to one course.
 */
function unprovenSessionsOf(email: string, now: Date, courseId?: number) {
  return and(
    eq(learnerSessions.email, normaliseEmail(email)),
    isNotNull(learnerSessions.scopeCourseId),
    gt(learnerSessions.expiresAt, now.toISOString()),
    courseId === undefined ? undefined : eq(learnerSessions.scopeCourseId, courseId),
    sql`exists (select 1 from ${enrollments} where ${and(
      eq(enrollments.email, learnerSessions.email),
      eq(enrollments.courseId, learnerSessions.scopeCourseId),
      grantsAccess(),
    )})`,
  );
}

/**
 * The live unproven sessions of a course's learners (an address whose enrolment opens it), and the join of their pending
 * rows: for the learner insight, which counts their work in its totals under no address (course-insight.server.ts).
 */
export function unprovenSessionsOfCourse(courseId: number, now: Date) {
  return and(
    eq(learnerSessions.scopeCourseId, courseId),
    gt(learnerSessions.expiresAt, now.toISOString()),
    sql`exists (select 1 from ${enrollments} where ${and(
      eq(enrollments.email, learnerSessions.email),
      eq(enrollments.courseId, courseId),
      grantsAccess(),
    )})`,
  );
}
export const pendingRowOf = (column: typeof lessonProgress.email | typeof assessmentResponses.email) => eq(column, pendingKeyOf());

/** Their pending keys, as a subquery. */
const unprovenKeys = (db: Database, email: string, now: Date, courseId?: number) =>
  db
    .select({ key: pendingKeyOf() })
    .from(learnerSessions)
    .where(unprovenSessionsOf(email, now, courseId));

export type UnprovenWork = {
  courseId: number;
  courseTitle: string;
  lessonsCompleted: number;
  lessonsOpened: number;
  /** Written answers newer than the address's. */
  answers: number;
  /** Quiz results better than the address's (passed, or a higher score). */
  quizResults: number;
  /** When that work began (its session started) and its last moment (ISO). */
  from: string;
  to: string;
};

/**
 * What the address's unproven sessions did that its own record does not have yet, per course: lessons completed, lessons
 * opened (and not completed), written answers newer than the address's, quiz results better than them. Work the record
 * already has (added before, or done again since) is not offered. Two statements in one batch.
 */
export async function unprovenWorkOf(db: Database, email: string, now = new Date()): Promise<UnprovenWork[]> {
  const address = normaliseEmail(email);
  const mine = alias(lessonProgress, "address_progress");
  const myAnswer = alias(assessmentResponses, "address_answer");
  const sessions = unprovenSessionsOf(address, now);
  const [progressRows, answerRows] = await db.batch([
    db
      .select({
        courseId: lessonProgress.courseId,
        completed: sql<number>`count(distinct case when ${lessonProgress.completedAt} is not null and ${mine.completedAt} is null then ${lessonProgress.lessonId} end)`,
        touched: sql<number>`count(distinct case when ${progressAdvances(lessonProgress, mine)} then ${lessonProgress.lessonId} end)`,
        from: sql<string>`min(case when ${progressAdvances(lessonProgress, mine)} then ${learnerSessions.createdAt} end)`,
        to: sql<string>`max(case when ${progressAdvances(lessonProgress, mine)} then max(${lessonProgress.visitedAt}, coalesce(${lessonProgress.completedAt}, '')) end)`,
      })
      .from(learnerSessions)
      .innerJoin(lessonProgress, and(eq(lessonProgress.email, pendingKeyOf()), eq(lessonProgress.courseId, learnerSessions.scopeCourseId)))
      .leftJoin(mine, and(eq(mine.email, address), eq(mine.lessonId, lessonProgress.lessonId)))
      .where(sessions)
      .groupBy(lessonProgress.courseId),
    db
      .select({
        courseId: courseModules.courseId,
        answers: sql<number>`count(distinct case when ${assessmentResponses.quizAnswers} is null and ${answerAdvances(assessmentResponses, myAnswer)} then ${assessmentResponses.assessmentId} end)`,
        quizResults: sql<number>`count(distinct case when ${assessmentResponses.quizAnswers} is not null and ${answerAdvances(assessmentResponses, myAnswer)} then ${assessmentResponses.assessmentId} end)`,
        from: sql<string>`min(case when ${answerAdvances(assessmentResponses, myAnswer)} then ${learnerSessions.createdAt} end)`,
        to: sql<string>`max(case when ${answerAdvances(assessmentResponses, myAnswer)} then ${assessmentResponses.updatedAt} end)`,
      })
      .from(learnerSessions)
      .innerJoin(assessmentResponses, eq(assessmentResponses.email, pendingKeyOf()))
      .innerJoin(assessments, eq(assessments.id, assessmentResponses.assessmentId))
      .innerJoin(lessons, eq(lessons.id, assessments.lessonId))
      .innerJoin(courseModules, and(eq(courseModules.id, lessons.moduleId), eq(courseModules.courseId, learnerSessions.scopeCourseId)))
      .leftJoin(myAnswer, and(eq(myAnswer.email, address), eq(myAnswer.assessmentId, assessmentResponses.assessmentId)))
      .where(sessions)
      .groupBy(courseModules.courseId),
  ]);
  const courseIds = [...new Set([...progressRows, ...answerRows].map((row) => row.courseId))];
  if (courseIds.length === 0) return [];
  const titles = await db.select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, courseIds));
  return courseIds
    .map((courseId) => {
      const progress = progressRows.find((row) => row.courseId === courseId);
      const answer = answerRows.find((row) => row.courseId === courseId);
      // ISO strings sort as the moments they are.
      const moments = [progress?.from, progress?.to, answer?.from, answer?.to]
        .filter((m): m is string => typeof m === "string" && m !== "")
        .sort();
      return {
        courseId,
        courseTitle: titles.find((row) => row.id === courseId)?.title ?? "",
        lessonsCompleted: progress?.completed ?? 0,
        lessonsOpened: (progress?.touched ?? 0) - (progress?.completed ?? 0),
        answers: answer?.answers ?? 0,
        quizResults: answer?.quizResults ?? 0,
        from: moments[0] ?? "",
        to: moments.at(-1) ?? "",
      };
    })
    .filter((work) => work.lessonsCompleted + work.lessonsOpened + work.answers + work.quizResults > 0)
    .sort((a, b) => a.courseId - b.courseId);
}

/**
 * **Add it**: the work of the address's unproven sessions of this course joins the address's record (the furthest state
 * of each row). The pending rows stay with their sessions, so the device that did the work still shows it; what is added
 * is no longer offered, since the address now has it. Repeating it, or racing another merge, changes nothing more.
 */
export async function addUnprovenWork(db: Database, email: string, courseId: number, now = new Date()) {
  const address = normaliseEmail(email);
  await db.batch(mergeStatements(db, sql`(${unprovenKeys(db, address, now, courseId)})`, address));
}

/**
 * **Discard it**: the work of the address's unproven sessions of this course is deleted; those sessions still open the
 * course they paid for (access follows money), from nothing.
 */
export async function discardUnprovenWork(db: Database, email: string, courseId: number, now = new Date()) {
  const keys = unprovenKeys(db, normaliseEmail(email), now, courseId);
  await db.batch([
    db.delete(lessonProgress).where(sql`${lessonProgress.email} in (${keys})`),
    db.delete(assessmentResponses).where(sql`${assessmentResponses.email} in (${keys})`),
  ]);
}

/** The form of /learn/unproven: add or discard one course's unproven work. */
export const unprovenWorkActionSchema = z.object({
  intent: z.enum(["add", "discard"], { error: "Choose whether to add that work or discard it." }),
  courseId: z.coerce.number({ error: "Which course?" }).int({ error: "Which course?" }).positive({ error: "Which course?" }),
});
