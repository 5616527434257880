/**
 * The merge rule of unproven work (./unproven-work.server.ts, docs/courses-and-learning.md "Merging on proof"): the
 * furthest state wins. Apart from unproven-work.server.ts so that learner.server.ts (proving the inbox) can use it
 * without the two importing each other.
 */
import { sql, type SQL } from "drizzle-orm";
import { assessmentResponses, lessonProgress } from "../../../db/schema";
import type { Database } from "../core/db.server";

/** What a learner's answer to an assessment holds, as every read and copy of it (a merge's too) selects it. */
export const ANSWER_COLUMNS = {
  assessmentId: assessmentResponses.assessmentId,
  answer: assessmentResponses.answer,
  quizAnswers: assessmentResponses.quizAnswers,
  score: assessmentResponses.score,
  passed: assessmentResponses.passed,
  attempts: assessmentResponses.attempts,
  attemptsToPass: assessmentResponses.attemptsToPass,
};

/**
 * Whether a pending row (`pending`) would move the address's row (`address`) further: the one rule the merge's upserts
 * (`excluded` against the row) and the summary (a pending row against the address's) share.
 */
export const progressAdvances = (pending: { completedAt: unknown }, address: { completedAt: unknown; lessonId: unknown }) =>
  sql`(${address.lessonId} is null or (${pending.completedAt} is not null and ${address.completedAt} is null))`;

type AnswerSide = { quizAnswers: unknown; passed: unknown; score: unknown; updatedAt: unknown };
export const answerAdvances = (pending: AnswerSide, address: AnswerSide & { assessmentId: unknown }) =>
  sql`(${address.assessmentId} is null or case when ${pending.quizAnswers} is null
    then ${pending.updatedAt} > ${address.updatedAt}
    else ${address.quizAnswers} is null or ${pending.passed} > ${address.passed}
      or (${pending.passed} = ${address.passed} and coalesce(${pending.score}, 0) > coalesce(${address.score}, 0)) end)`;

/** The new row of an upsert, as SQL sees it. */
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * The statements that copy the pending rows under the keys `from` (a parenthesised list or subquery) selects to the address `to`, keeping the furthest state
 * of each lesson and assessment (see the top of this file). For a `db.batch` of the caller's.
 */
export function mergeStatements(db: Database, from: SQL, to: string) {
  const addressAnswer = {
    assessmentId: assessmentResponses.assessmentId,
    quizAnswers: assessmentResponses.quizAnswers,
    passed: assessmentResponses.passed,
    score: assessmentResponses.score,
    updatedAt: assessmentResponses.updatedAt,
  };
  return [
    db
      .insert(lessonProgress)
      .select(
        db
          .select({
            email: sql<string>`${to}`.as("email"),
            lessonId: lessonProgress.lessonId,
            courseId: lessonProgress.courseId,
            visitedAt: lessonProgress.visitedAt,
            completedAt: lessonProgress.completedAt,
          })
          .from(lessonProgress)
          .where(sql`${lessonProgress.email} in ${from}`),
      )
      // Progress needs no condition: the furthest of both rows is computed column by column.
      .onConflictDoUpdate({
        target: [lessonProgress.email, lessonProgress.lessonId],
        set: {
          visitedAt: sql`max(${lessonProgress.visitedAt}, ${excluded("visited_at")})`,
          // SQLite's min() of a null is null: the earliest completion of the two, or whichever there is.
          completedAt: sql`coalesce(min(${lessonProgress.completedAt}, ${excluded("completed_at")}), ${lessonProgress.completedAt}, ${excluded("completed_at")})`,
        },
      }),
    db
      .insert(assessmentResponses)
      .select(
        db
          .select({ email: sql<string>`${to}`.as("email"), ...ANSWER_COLUMNS, updatedAt: assessmentResponses.updatedAt })
          .from(assessmentResponses)
          .where(sql`${assessmentResponses.email} in ${from}`),
      )
      .onConflictDoUpdate({
        target: [assessmentResponses.email, assessmentResponses.assessmentId],
        set: {
          answer: excluded("answer"),
          quizAnswers: excluded("quiz_answers"),
          score: excluded("score"),
          passed: excluded("passed"),
          attemptsToPass: excluded("attempts_to_pass"),
          updatedAt: excluded("updated_at"),
          attempts: sql`max(${assessmentResponses.attempts}, ${excluded("attempts")})`,
        },
        // The address's row changes only when the pending one is further; otherwise it is left as it is.
        setWhere: answerAdvances(
          {
            quizAnswers: excluded("quiz_answers"),
            passed: excluded("passed"),
            score: excluded("score"),
            updatedAt: excluded("updated_at"),
          },
          addressAnswer,
        ),
      }),
  ] as const;
}
