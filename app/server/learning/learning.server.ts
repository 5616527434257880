/**
 * The learning area's reads and writes: a course's outline with a learner's progress, a lesson with its
 * assessments, quizzes graded here on the server, written answers, completion and certificates.
 *
 * A quiz's correct choices and explanations stay on the server until the learner submits; after a
 * failed attempt only the explanation of each chosen answer is shown, after a pass the whole key.
 */
import { withImageWidths } from "../content/media.server";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
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
} from "../../../db/schema";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";
import { grantsAccess, type LearnerSession, sessionLearner, sessionOpensCourse, sessionOrders } from "./learner.server";
import { ANSWER_COLUMNS } from "./progress-merge.server";
import { parseMarkdown } from "../content/markdown.server";
import { sharedRead } from "../content/shared-reads.server";
import { characterCount, WRITTEN_ANSWER_MAX } from "~/lib/validation";
import { isWellFormedToken, newToken } from "../core/session-tokens.server";
import { ASSESSMENT_COLUMNS, inCourse, LESSON_COLUMNS, QUIZ_QUESTION_COLUMNS } from "./outline-reads.server";
import { lessonOpensAt } from "~/lib/drip";

/** Percent of lessons completed, rounded down so 100% means every lesson. */
export function progressPercent(completed: number, total: number) {
  return total === 0 ? 0 : Math.floor((completed * 100) / total);
}

/**
 * A course's row, modules and lessons (no bodies): the part of its outline every learner shares, kept in the isolate per
 * content version (shared-reads.server.ts; saving an outline records a new version).
 */
function sharedOutline(db: Database, courseId: number) {
  return sharedRead(db, `learning:outline:${courseId}`, async () => {
    const [courseRows, moduleRows, lessonRows] = await db.batch([
      db
        .select({
          id: courses.id,
          title: courses.title,
          imageUrl: courses.imageUrl,
          status: courses.status,
          dripMode: courses.dripMode,
          dripDays: courses.dripDays,
        })
        .from(courses)
        .where(eq(courses.id, courseId)),
      db
        .select({ id: courseModules.id, title: courseModules.title, dripDate: courseModules.dripDate })
        .from(courseModules)
        .where(eq(courseModules.courseId, courseId))
        .orderBy(asc(courseModules.position)),
      db
        .select({
          id: lessons.id,
          moduleId: lessons.moduleId,
          title: lessons.title,
          duration: lessons.duration,
          freePreview: lessons.freePreview,
        })
        .from(lessons)
        .where(inCourse(db, courseId))
        .orderBy(asc(lessons.position)),
    ]);
    return { course: courseRows[0] ?? null, moduleRows, lessonRows };
  });
}

/**
 * One learner's progress in a course, the last visited first. `email`: a learner key (an address, or an unproven
 * session's `session:<id>`), or a subquery giving one (`sessionLearner`).
 */
const progressQuery = (db: Database, courseId: number, email: string | SQL<string>) =>
  db
    .select({ lessonId: lessonProgress.lessonId, visitedAt: lessonProgress.visitedAt, completedAt: lessonProgress.completedAt })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.email, email), eq(lessonProgress.courseId, courseId)))
    .orderBy(desc(lessonProgress.visitedAt));

type ProgressRow = Awaited<ReturnType<typeof progressQuery>>[number];

/** A course's modules and lessons (no bodies) with one learner's progress (none for a visitor). */
export async function getCourseOutline(db: Database, courseId: number, email: string | null, drip?: DripBasis) {
  const [shared, progressRows] = await Promise.all([sharedOutline(db, courseId), email ? progressQuery(db, courseId, email) : []]);
  return outlineWithProgress(shared, progressRows, drip);
}

/** A learner's enrolment (the earliest that grants access: the drip counts from it) and the moment the outline is for. */
type DripBasis = { enrolledAt: string; now: Date };

/**
 * The outline with one learner's progress; with `drip`, each lesson still closed to them carries `opensAt` (ISO), else
 * null (app/lib/drip.ts). A visitor's outline has none: only the free preview opens to them anyway.
 */
function outlineWithProgress(shared: Awaited<ReturnType<typeof sharedOutline>>, progressRows: ProgressRow[], drip?: DripBasis) {
  const { course, moduleRows, lessonRows } = shared;
  if (!course) return null;
  const completed = new Set(progressRows.filter((row) => row.completedAt !== null).map((row) => row.lessonId));
  const settings = { mode: course.dripMode, days: course.dripDays };
  const modules = moduleRows.map(({ dripDate, ...module }, index) => ({
    ...module,
    lessons: lessonRows
      .filter((lesson) => lesson.moduleId === module.id)
      .map(({ moduleId: _, ...lesson }) => {
        const opensAt = drip ? lessonOpensAt(settings, { index, dripDate }, lesson, drip.enrolledAt, drip.now) : null;
        return { ...lesson, completed: completed.has(lesson.id), opensAt: opensAt?.toISOString() ?? null };
      }),
  }));
  const ordered = modules.flatMap((module) => module.lessons);
  const completedCount = ordered.filter((lesson) => lesson.completed).length;
  return {
    course,
    modules,
    lessonIds: ordered.map((lesson) => lesson.id),
    completedCount,
    totalLessons: ordered.length,
    percent: progressPercent(completedCount, ordered.length),
    /** Where "open the course" resumes: the lesson visited last (null before the first visit). */
    lastLessonId:
      progressRows.find((row) => ordered.some((lesson) => lesson.id === row.lessonId && lesson.opensAt === null))?.lessonId ?? null,
  };
}

export type CourseOutline = NonNullable<Awaited<ReturnType<typeof getCourseOutline>>>;

type Choice = { text: string; explanation: string };
type ResponseRow = {
  assessmentId: number;
  answer: string;
  quizAnswers: number[] | null;
  score: number | null;
  passed: boolean;
  attempts: number;
};

/**
 * One lesson of a course with its assessments and quiz questions (the key too: it never leaves the server) and its body
 * parsed: what every learner shares, kept in the isolate per content version. Null when the course has no such lesson.
 */
function sharedLesson(db: Database, courseId: number, lessonId: number) {
  return sharedRead(db, `learning:lesson:${courseId}:${lessonId}`, async () => {
    const [lessonRows, assessmentRows, questionRows] = await db.batch([
      db
        .select(LESSON_COLUMNS)
        .from(lessons)
        .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
        .where(and(eq(lessons.id, lessonId), eq(courseModules.courseId, courseId))),
      db.select(ASSESSMENT_COLUMNS).from(assessments).where(eq(assessments.lessonId, lessonId)).orderBy(asc(assessments.id)),
      db
        .select(QUIZ_QUESTION_COLUMNS)
        .from(quizQuestions)
        .innerJoin(assessments, eq(assessments.id, quizQuestions.assessmentId))
        .where(eq(assessments.lessonId, lessonId))
        .orderBy(asc(quizQuestions.position)),
    ]);
    const lesson = lessonRows[0];
    return lesson ? { lesson, blocks: await withImageWidths(db, parseMarkdown(lesson.body)), assessmentRows, questionRows } : null;
  });
}

/** One learner's answers to a lesson's assessments. */
const responsesQuery = (db: Database, lessonId: number, email: string | SQL<string>) =>
  db
    .select(ANSWER_COLUMNS)
    .from(assessmentResponses)
    .innerJoin(assessments, eq(assessments.id, assessmentResponses.assessmentId))
    .where(and(eq(assessmentResponses.email, email), eq(assessments.lessonId, lessonId)));

/** One lesson of a course, with its assessments as the browser may see them, and the learner's answers. */
export async function getLesson(db: Database, courseId: number, lessonId: number, email: string | null) {
  const [shared, responseRows] = await Promise.all([
    sharedLesson(db, courseId, lessonId),
    email ? responsesQuery(db, lessonId, email) : [],
  ]);
  return lessonWithAnswers(shared, responseRows);
}

function lessonWithAnswers(shared: Awaited<ReturnType<typeof sharedLesson>>, responseRows: ResponseRow[]) {
  if (!shared) return null;
  const { lesson, blocks, assessmentRows, questionRows } = shared;
  const responses = new Map(responseRows.map((row) => [row.assessmentId, row]));
  return {
    ...lesson,
    blocks,
    assessments: assessmentRows.map((assessment) => {
      const response = responses.get(assessment.id);
      if (assessment.kind !== "quiz") {
        return {
          kind: "written" as const,
          id: assessment.id,
          title: assessment.title,
          type: assessment.kind,
          prompt: assessment.prompt,
          answer: response?.answer ?? "",
        };
      }
      const questions = questionRows.filter((q) => q.assessmentId === assessment.id);
      return {
        kind: "quiz" as const,
        id: assessment.id,
        title: assessment.title,
        passMark: assessment.passMark,
        // Only the question and the choices' texts: the key and the explanations stay here.
        questions: questions.map((q) => ({ id: q.id, prompt: q.prompt, choices: (q.choices as Choice[]).map((c) => c.text) })),
        result: response?.quizAnswers ? quizResult(questions, response.quizAnswers, response.passed, assessment.passMark) : null,
      };
    }),
  };
}

/** Who reads a lesson: a learner whose session is known, one named by the cookie's session (checked in the page's own batch), or no one. */
export type LessonReader = { session: LearnerSession } | { sessionId: string } | null;

/**
 * A lesson page's data: the lesson and the course's outline (shared, kept per content version), and for a signed-in
 * learner, in one round trip, whether they own the course, their progress and answers, and the visit recorded as the
 * place to resume (only when they own it). A learner named by session is looked up inside those same statements
 * (`sessionLearner`: the address whose enrolment grants access, and the learner key whose progress and answers are
 * read and written), so the session costs no round trip of its own. Access is "the enrolment grants it AND (the session
 * is proven OR this is its course)". Null when the course has no such lesson.
 */
export async function getLessonPage(db: Database, input: { courseId: number; lessonId: number; reader: LessonReader }, now = new Date()) {
  const { courseId, lessonId } = input;
  const reader = input.reader && "session" in input.reader && !sessionOpensCourse(input.reader.session, courseId) ? null : input.reader;
  const [lesson, outline] = await Promise.all([sharedLesson(db, courseId, lessonId), sharedOutline(db, courseId)]);
  if (!lesson || !outline.course) return null;
  let hasAccess = false;
  let enrolledAt: string | null = null;
  let progressRows: ProgressRow[] = [];
  let responseRows: ResponseRow[] = [];
  if (reader) {
    // The orders whose grants the session holds: an unproven session's own order only (ADR 0008).
    const { key, orders } =
      "sessionId" in reader
        ? sessionLearner(reader.sessionId, courseId, now)
        : { key: reader.session.key, orders: sessionOrders(reader.session) };
    const owned = and(orders, eq(enrollments.courseId, courseId), grantsAccess());
    const [access, progress, responses] = await db.batch([
      // The earliest enrolment that opens the course (null: none): access, and the day the drip counts from.
      db
        .select({ enrolledAt: sql<string | null>`min(${enrollments.createdAt})` })
        .from(enrollments)
        .where(owned),
      progressQuery(db, courseId, key),
      responsesQuery(db, lessonId, key),
      // The visit, as the place to resume: written only when the enrolment is there to select.
      db
        .insert(lessonProgress)
        .select(
          db
            .select({
              email: sql<string>`${key}`.as("email"),
              lessonId: sql<number>`${lessonId}`.as("lesson_id"),
              courseId: sql<number>`${courseId}`.as("course_id"),
              visitedAt: sql<string>`${now.toISOString()}`.as("visited_at"),
              completedAt: sql<string | null>`null`.as("completed_at"),
            })
            .from(enrollments)
            .where(owned)
            .limit(1),
        )
        .onConflictDoUpdate({ target: [lessonProgress.email, lessonProgress.lessonId], set: { visitedAt: now.toISOString() } }),
    ]);
    enrolledAt = access[0]?.enrolledAt ?? null;
    hasAccess = enrolledAt !== null;
    // A learner who does not own the course sees the free preview as a visitor does.
    if (hasAccess) [progressRows, responseRows] = [progress, responses as ResponseRow[]];
  }
  const drip = enrolledAt === null ? undefined : { enrolledAt, now };
  const learnerOutline = outlineWithProgress(outline, progressRows, drip);
  // A lesson not yet open to this learner (drip release) is shown by its title and the day it opens, nothing more.
  const opensAt = learnerOutline?.modules.flatMap((m) => m.lessons).find((l) => l.id === lessonId)?.opensAt ?? null;
  return { hasAccess, opensAt, lesson: lessonWithAnswers(lesson, opensAt ? [] : responseRows), outline: learnerOutline };
}

/** Why a lesson's recording is not served: no such recording (404), or not this reader's to hear (403). */
export type RecordingRefusal = { status: 403 | 404; message: string };

/**
 * Where a lesson's recording is, if the reader may hear it: by the lesson page's own rule (getLessonPage), so a
 * recording opens exactly when its lesson does. The free preview of a published course is anyone's; any other lesson
 * needs an enrolment that grants access (paid, or refunded with access kept) read by a session that opens the course,
 * and a lesson a drip release has not opened yet is closed. Records no visit: the player asks many times per play.
 */
export async function lessonRecording(
  db: Database,
  input: { courseId: number; lessonId: number; reader: LessonReader },
  now = new Date(),
): Promise<{ audioUrl: string } | RecordingRefusal> {
  const { courseId, lessonId } = input;
  const reader = input.reader && "session" in input.reader && !sessionOpensCourse(input.reader.session, courseId) ? null : input.reader;
  const [lesson, outline] = await Promise.all([sharedLesson(db, courseId, lessonId), sharedOutline(db, courseId)]);
  const notFound: RecordingRefusal = { status: 404, message: "This lesson has no recording." };
  if (!lesson || !outline.course || lesson.lesson.audioUrl === "") return notFound;
  let enrolledAt: string | null = null;
  if (reader) {
    // The orders whose grants the session holds, as the lesson page reads them (ADR 0008).
    const orders = "sessionId" in reader ? sessionLearner(reader.sessionId, courseId, now).orders : sessionOrders(reader.session);
    const row = await db
      .select({ enrolledAt: sql<string | null>`min(${enrollments.createdAt})` })
      .from(enrollments)
      .where(and(orders, eq(enrollments.courseId, courseId), grantsAccess()))
      .get();
    enrolledAt = row?.enrolledAt ?? null;
  }
  if (enrolledAt === null) {
    if (outline.course.status !== "published") return notFound;
    return lesson.lesson.freePreview
      ? { audioUrl: lesson.lesson.audioUrl }
      : { status: 403, message: "This recording is for the course's learners. Enrol, or get your access link at /learn." };
  }
  const opensAt = outlineWithProgress(outline, [], { enrolledAt, now })
    ?.modules.flatMap((m) => m.lessons)
    .find((l) => l.id === lessonId)?.opensAt;
  if (opensAt) return { status: 403, message: "This lesson has not opened yet." };
  return { audioUrl: lesson.lesson.audioUrl };
}

/** The address the lesson page's player asks for a lesson's recording (the route checks who asks). */
export const lessonRecordingPath = (courseId: number, lessonId: number) => `/courses/${courseId}/learn/${lessonId}/recording`;

export type LessonView = NonNullable<Awaited<ReturnType<typeof getLesson>>>;
export type QuizResult = ReturnType<typeof quizResult>;

type GradedQuestion = { id: number; choices: unknown; correctChoice: number };

/**
 * What the learner sees after an attempt: per question, whether the chosen answer was right and why.
 * The correct choice is revealed only once the quiz is passed, so a retry is still a test.
 */
function quizResult(questions: GradedQuestion[], answers: number[], passed: boolean, passMark: number) {
  const correctCount = questions.filter((q, i) => answers[i] === q.correctChoice).length;
  return {
    score: progressPercent(correctCount, questions.length),
    correctCount,
    total: questions.length,
    passMark,
    passed,
    questions: questions.map((q, i) => {
      const choices = q.choices as Choice[];
      const chosen = answers[i];
      return {
        id: q.id,
        chosen,
        correct: chosen === q.correctChoice,
        explanation: chosen === undefined ? "" : (choices[chosen]?.explanation ?? ""),
        correctChoice: passed ? q.correctChoice : null,
        correctExplanation: passed ? (choices[q.correctChoice]?.explanation ?? "") : null,
      };
    }),
  };
}

/** The lesson's assessment, checked to belong to that lesson of that course. */
async function assessmentInLesson(db: Database, ids: { courseId: number; lessonId: number; assessmentId: number }) {
  const row = await db
    .select({ id: assessments.id, kind: assessments.kind, passMark: assessments.passMark })
    .from(assessments)
    .innerJoin(lessons, eq(lessons.id, assessments.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(and(eq(assessments.id, ids.assessmentId), eq(lessons.id, ids.lessonId), eq(courseModules.courseId, ids.courseId)))
    .get();
  if (!row) throw new HttpError(404, "There is no such assessment in this lesson.");
  return row;
}

/** Opening a lesson records it as the place to resume. */
export async function recordVisit(db: Database, input: { email: string; courseId: number; lessonId: number }, now = new Date()) {
  await db
    .insert(lessonProgress)
    .values({ ...input, visitedAt: now.toISOString() })
    .onConflictDoUpdate({ target: [lessonProgress.email, lessonProgress.lessonId], set: { visitedAt: now.toISOString() } });
}

/** Grades a quiz attempt on the server and keeps it; passing completes the lesson when its quizzes are all passed. */
export async function submitQuiz(
  db: Database,
  input: { email: string; courseId: number; lessonId: number; assessmentId: number; answers: number[] },
  now = new Date(),
) {
  const assessment = await assessmentInLesson(db, input);
  if (assessment.kind !== "quiz") throw new HttpError(400, "This assessment is not a quiz.");
  const questions = await db
    .select({ id: quizQuestions.id, choices: quizQuestions.choices, correctChoice: quizQuestions.correctChoice })
    .from(quizQuestions)
    .where(eq(quizQuestions.assessmentId, assessment.id))
    .orderBy(asc(quizQuestions.position));
  if (input.answers.length !== questions.length) throw new HttpError(400, "Please answer every question.");
  questions.forEach((question, i) => {
    const answer = input.answers[i];
    if (answer === undefined || !Number.isInteger(answer) || answer < 0 || answer >= (question.choices as Choice[]).length) {
      throw new HttpError(400, `Question ${i + 1} has no such answer.`);
    }
  });
  const correctCount = questions.filter((q, i) => input.answers[i] === q.correctChoice).length;
  const score = progressPercent(correctCount, questions.length);
  const passed = score >= assessment.passMark;
  const nowIso = now.toISOString();
  await db
    .insert(assessmentResponses)
    .values({
      email: input.email,
      assessmentId: assessment.id,
      quizAnswers: input.answers,
      score,
      passed,
      attempts: 1,
      attemptsToPass: passed ? 1 : null,
      updatedAt: nowIso,
    })
    .onConflictDoUpdate({
      target: [assessmentResponses.email, assessmentResponses.assessmentId],
      set: {
        quizAnswers: input.answers,
        score,
        // A pass is kept: a later, worse attempt does not take the completion back.
        passed: sql`${assessmentResponses.passed} OR ${passed ? 1 : 0}`,
        attempts: sql`${assessmentResponses.attempts} + 1`,
        // The first pass is recorded once (the learner insight's "attempts to pass"); later attempts leave it.
        attemptsToPass: passed
          ? sql`coalesce(${assessmentResponses.attemptsToPass}, ${assessmentResponses.attempts} + 1)`
          : sql`${assessmentResponses.attemptsToPass}`,
        updatedAt: nowIso,
      },
    });
  if (passed && (await unpassedQuizCount(db, input.email, input.lessonId)) === 0) {
    await setCompleted(db, input, nowIso);
  }
  return quizResult(questions, input.answers, passed, assessment.passMark);
}

/** Saves an exercise or reflection answer verbatim (it is shown back as text, never as markup). */
export async function saveWrittenAnswer(
  db: Database,
  input: { email: string; courseId: number; lessonId: number; assessmentId: number; answer: string },
  now = new Date(),
) {
  const assessment = await assessmentInLesson(db, input);
  if (assessment.kind === "quiz") throw new HttpError(400, "A quiz is answered by choosing, not in writing.");
  if (input.answer.trim() === "") throw new HttpError(400, "Write your answer before saving it.");
  if (characterCount(input.answer) > WRITTEN_ANSWER_MAX) {
    throw new HttpError(400, `Your answer can be at most ${WRITTEN_ANSWER_MAX.toLocaleString("en-US")} characters.`);
  }
  const nowIso = now.toISOString();
  await db
    .insert(assessmentResponses)
    .values({ email: input.email, assessmentId: assessment.id, answer: input.answer, attempts: 1, updatedAt: nowIso })
    .onConflictDoUpdate({
      target: [assessmentResponses.email, assessmentResponses.assessmentId],
      set: { answer: input.answer, attempts: sql`${assessmentResponses.attempts} + 1`, updatedAt: nowIso },
    });
}

async function unpassedQuizCount(db: Database, email: string, lessonId: number) {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(assessments)
    .leftJoin(assessmentResponses, and(eq(assessmentResponses.assessmentId, assessments.id), eq(assessmentResponses.email, email)))
    .where(and(eq(assessments.lessonId, lessonId), eq(assessments.kind, "quiz"), sql`coalesce(${assessmentResponses.passed}, 0) = 0`))
    .get();
  return row?.n ?? 0;
}

async function setCompleted(db: Database, input: { email: string; courseId: number; lessonId: number }, nowIso: string) {
  await db
    .insert(lessonProgress)
    .values({ email: input.email, courseId: input.courseId, lessonId: input.lessonId, visitedAt: nowIso, completedAt: nowIso })
    .onConflictDoUpdate({
      target: [lessonProgress.email, lessonProgress.lessonId],
      set: { completedAt: sql`coalesce(${lessonProgress.completedAt}, ${nowIso})` },
    });
}

/** "Mark complete". A lesson with a quiz completes when its quiz is passed, not by this button. */
export async function markLessonComplete(db: Database, input: { email: string; courseId: number; lessonId: number }, now = new Date()) {
  const lesson = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(and(eq(lessons.id, input.lessonId), eq(courseModules.courseId, input.courseId)))
    .get();
  if (!lesson) throw new HttpError(404, "There is no such lesson in this course.");
  if ((await unpassedQuizCount(db, input.email, input.lessonId)) > 0) {
    throw new HttpError(400, "Pass this lesson's quiz to complete it.");
  }
  await setCompleted(db, input, now.toISOString());
}

/**
 * The learner's courses with their progress, for /learn: every course the address owns for a proven session, only its
 * own course for an unproven one, with the progress kept under the session's learner key.
 */
export async function listLearnerCourses(db: Database, learner: Pick<LearnerSession, "email" | "key" | "scopeCourseId" | "enrollmentId">) {
  const owned = await db
    .selectDistinct({ id: courses.id, title: courses.title, imageUrl: courses.imageUrl, level: courses.level })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(
      and(
        sessionOrders(learner),
        grantsAccess(),
        learner.scopeCourseId === null ? undefined : eq(enrollments.courseId, learner.scopeCourseId),
      ),
    )
    .orderBy(asc(courses.id));
  if (owned.length === 0) return [];
  const ids = owned.map((course) => course.id);
  const [totals, done] = await db.batch([
    db
      .select({ courseId: courseModules.courseId, n: sql<number>`count(*)` })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(inArray(courseModules.courseId, ids))
      .groupBy(courseModules.courseId),
    db
      .select({ courseId: lessonProgress.courseId, n: sql<number>`count(${lessonProgress.completedAt})` })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.email, learner.key), inArray(lessonProgress.courseId, ids)))
      .groupBy(lessonProgress.courseId),
  ]);
  return owned.map((course) => {
    const total = totals.find((row) => row.courseId === course.id)?.n ?? 0;
    const completed = done.find((row) => row.courseId === course.id)?.n ?? 0;
    return { ...course, totalLessons: total, completedLessons: completed, percent: progressPercent(completed, total) };
  });
}

/** The name a certificate is made out to by default: the one given at enrolment. */
export async function enrolmentName(db: Database, email: string, courseId: number) {
  const row = await db
    .select({ name: enrollments.name })
    .from(enrollments)
    .where(and(eq(enrollments.email, email), eq(enrollments.courseId, courseId), grantsAccess()))
    .orderBy(desc(enrollments.id))
    .get();
  return row?.name ?? "";
}

export async function findCertificate(db: Database, email: string, courseId: number) {
  return (
    (await db
      .select({ id: certificates.id, name: certificates.name, issuedAt: certificates.issuedAt })
      .from(certificates)
      .where(and(eq(certificates.email, email), eq(certificates.courseId, courseId)))
      .get()) ?? null
  );
}

/** Issues the course's certificate once every lesson is complete; a second call returns the first one. */
export async function issueCertificate(db: Database, input: { email: string; courseId: number; name: string }) {
  const outline = await getCourseOutline(db, input.courseId, input.email);
  if (!outline || outline.totalLessons === 0 || outline.completedCount < outline.totalLessons) {
    throw new HttpError(400, "Complete every lesson to receive the certificate.");
  }
  await db
    .insert(certificates)
    .values({ id: newToken(), email: input.email, courseId: input.courseId, name: input.name })
    .onConflictDoNothing({ target: [certificates.email, certificates.courseId] });
  const certificate = await findCertificate(db, input.email, input.courseId);
  if (!certificate) throw new Error(`The certificate of ${input.email} for course ${input.courseId} is missing right after it was stored`);
  return certificate;
}

/**
 * A certificate by its unguessable id: anyone holding the link can check it. `closed` is true when the course was
 * refunded with its access removed (a refunded order of the holder, and none that still opens the course): the
 * certificate no longer stands, and its page answers 410 (app/routes/certificate.tsx). A refund that keeps access keeps it.
 */
export async function getCertificate(db: Database, id: string) {
  if (!isWellFormedToken(id)) return null;
  const holderOrders = and(eq(enrollments.email, certificates.email), eq(enrollments.courseId, certificates.courseId));
  return (
    (await db
      .select({
        id: certificates.id,
        name: certificates.name,
        issuedAt: certificates.issuedAt,
        courseId: courses.id,
        courseTitle: courses.title,
        courseHours: courses.duration,
        closed: sql<boolean>`(not exists (select 1 from ${enrollments} where ${and(holderOrders, grantsAccess())})
          and exists (select 1 from ${enrollments} where ${and(holderOrders, eq(enrollments.status, "refunded"))}))`.mapWith(Boolean),
      })
      .from(certificates)
      .innerJoin(courses, eq(courses.id, certificates.courseId))
      .where(eq(certificates.id, id))
      .get()) ?? null
  );
}
