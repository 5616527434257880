/**
 * A course's outline for the admin editor: its modules, lessons, assessments and quiz questions, read whole
 * (bodies, audio, correct choices), and saved whole in one atomic D1 batch.
 *
 * Saving keeps the ids of the rows the editor sent back with an id (so learners' progress and answers stay with
 * their lesson or assessment), inserts the rows without one, and deletes the course's stored rows left out.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { assessments, courseModules, courses, lessons, quizQuestions } from "../../../db/schema";
import { type CourseOutline, courseOutlineSchema } from "~/lib/admin-schemas";
import { markContentChanged } from "../core/cache.server";
import type { Database } from "../core/db.server";
import { sameVersion } from "../core/edit-version.server";
import { HttpError } from "../core/http.server";
import { reindexSearchEntry } from "../content/search.server";
import { ASSESSMENT_COLUMNS, courseModuleIds, inCourse, LESSON_COLUMNS, QUIZ_QUESTION_COLUMNS } from "./outline-reads.server";

/** The whole outline as the editor edits it (and as PUT /api/courses/{id}/outline takes it back). */
export async function getCourseOutlineForEditor(db: Database, courseId: number): Promise<CourseOutline> {
  const lessonIds = db.select({ id: lessons.id }).from(lessons).where(inCourse(db, courseId));
  const assessmentIds = db.select({ id: assessments.id }).from(assessments).where(inArray(assessments.lessonId, lessonIds));
  const [moduleRows, lessonRows, assessmentRows, questionRows] = await db.batch([
    db
      .select({
        id: courseModules.id,
        title: courseModules.title,
        description: courseModules.description,
        dripDate: courseModules.dripDate,
      })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.position)),
    db
      .select({ ...LESSON_COLUMNS, moduleId: lessons.moduleId })
      .from(lessons)
      .where(inCourse(db, courseId))
      .orderBy(asc(lessons.position)),
    db
      .select({ ...ASSESSMENT_COLUMNS, lessonId: assessments.lessonId })
      .from(assessments)
      .where(inArray(assessments.lessonId, lessonIds))
      .orderBy(asc(assessments.id)),
    db
      .select(QUIZ_QUESTION_COLUMNS)
      .from(quizQuestions)
      .where(inArray(quizQuestions.assessmentId, assessmentIds))
      .orderBy(asc(quizQuestions.position)),
  ]);
  return {
    modules: moduleRows.map((module) => ({
      ...module,
      lessons: lessonRows
        .filter((lesson) => lesson.moduleId === module.id)
        .map(({ moduleId: _moduleId, ...lesson }) => ({
          ...lesson,
          assessments: assessmentRows
            .filter((assessment) => assessment.lessonId === lesson.id)
            .map(({ lessonId: _lessonId, ...assessment }) => ({
              ...assessment,
              kind: assessment.kind as CourseOutline["modules"][number]["lessons"][number]["assessments"][number]["kind"],
              questions: questionRows
                .filter((question) => question.assessmentId === assessment.id)
                .map(({ assessmentId: _assessmentId, ...question }) => question),
            })),
        })),
    })),
  };
}

/** The 409 of an outline save made from a version of the course someone else has replaced since. */
export const STALE_OUTLINE_MESSAGE =
  "Someone else saved this course (its details or its outline) after you opened it, so your outline was not saved (it is still in the editor). Compare with the history, then reload and apply your changes again.";

/** What the guard statement's failure says (SQLite's own error for malformed JSON, which it raises on purpose). */
const STALE_MARKER = "stale outline save";

/** Refuses an id the course does not hold (a row of another course, or a made-up one), or one sent twice. */
function checkIds(kind: string, sent: (number | undefined)[], stored: Set<number>) {
  const seen = new Set<number>();
  for (const id of sent) {
    if (id === undefined) continue;
    if (!stored.has(id)) throw new HttpError(400, `The ${kind} with id ${id} is not part of this course.`, "modules");
    if (seen.has(id)) throw new HttpError(400, `The ${kind} with id ${id} appears twice in the outline.`, "modules");
    seen.add(id);
  }
}

/**
 * Replaces a course's outline, in one batch: first every stored module and lesson is moved out of the way
 * (position = -id), then each module and lesson takes its new position, new rows find their parent by
 * (course, module position, lesson position), and last the rows left out are deleted.
 */
export async function saveCourseOutline(
  db: Database,
  courseId: number,
  outline: CourseOutline,
  /**
   * The statements that record the save's revision, from the outline stored before it, put first and last in the
   * save's batch (app/server/admin/content.server.ts); none for a restore, whose revision the fields' save records.
   */
  revision?: (stored: CourseOutline) => { before: BatchItem<"sqlite">[]; after: BatchItem<"sqlite">[] },
  /**
   * The course's version the outline was edited from (its updatedAt, "" never saved) and the one the save writes: the
   * save is refused with 409 when the course is no longer at it. None for a restore, which saves over what is current.
   */
  edited?: { version: string; updatedAt: string },
) {
  const stored = await getCourseOutlineForEditor(db, courseId);
  const course = await db.select({ id: courses.id, updatedAt: courses.updatedAt }).from(courses).where(eq(courses.id, courseId)).get();
  if (!course) throw new HttpError(404, "Course not found.");
  if (edited && (course.updatedAt ?? "") !== edited.version) throw new HttpError(409, STALE_OUTLINE_MESSAGE, "version");
  const rows = { stored: outlineRows(stored), sent: outlineRows(outline) };
  checkOutlineIds(rows);

  const recorded = revision?.(stored);
  const updatedAt = edited?.updatedAt ?? new Date().toISOString();
  const statements: BatchItem<"sqlite">[] = [
    ...(edited ? versionCheckStatements(db, courseId, edited.version, updatedAt) : []),
    ...(recorded?.before ?? []),
    ...outlineWriteStatements(db, courseId, outline),
    ...leftOutDeleteStatements(db, rows),
    ...(edited ? [] : [db.update(courses).set({ updatedAt }).where(eq(courses.id, courseId))]),
    ...(recorded?.after ?? []),
  ];
  await runOutlineBatch(db, courseId, statements, edited);
  await reindexSearchEntry(db, "course", courseId);
  await markContentChanged(db);
  return getCourseOutlineForEditor(db, courseId);
}

type OutlineModule = CourseOutline["modules"][number];
type OutlineLesson = OutlineModule["lessons"][number];
type OutlineAssessment = OutlineLesson["assessments"][number];

/** An outline's rows of each kind, flattened (every assessment's questions, a quiz's or not). */
function outlineRows(outline: CourseOutline) {
  const lessonRows = outline.modules.flatMap((module) => module.lessons);
  const assessmentRows = lessonRows.flatMap((lesson) => lesson.assessments);
  return {
    modules: outline.modules,
    lessons: lessonRows,
    assessments: assessmentRows,
    questions: assessmentRows.flatMap((assessment) => assessment.questions),
  };
}

type OutlineRows = { stored: ReturnType<typeof outlineRows>; sent: ReturnType<typeof outlineRows> };

/** Refuses a sent id the course does not hold, or one sent twice, of any kind (400 naming it). */
function checkOutlineIds({ stored, sent }: OutlineRows) {
  const idsOf = (rows: { id?: number }[]) => rows.map((row) => row.id);
  const storedIds = (rows: { id?: number }[]) => new Set(rows.map((row) => row.id as number));
  checkIds("module", idsOf(sent.modules), storedIds(stored.modules));
  checkIds("lesson", idsOf(sent.lessons), storedIds(stored.lessons));
  checkIds("assessment", idsOf(sent.assessments), storedIds(stored.assessments));
  checkIds("question", idsOf(sent.questions), storedIds(stored.questions));
}

/**
 * D1 has no interactive transactions, so the version check is the batch's first statement: a conditional UPDATE of
 * the course, then a statement that fails unless it changed the row (SQLite's changes()), which aborts the whole
 * batch. Of two saves from one version the first moves the version on and the second then writes nothing.
 */
function versionCheckStatements(db: Database, courseId: number, version: string, updatedAt: string): BatchItem<"sqlite">[] {
  return [
    db
      .update(courses)
      .set({ updatedAt })
      .where(and(eq(courses.id, courseId), sameVersion(courses.updatedAt, version))),
    db.run(sql.raw(`SELECT json(CASE WHEN changes() = 1 THEN '1' ELSE '${STALE_MARKER}' END)`)),
  ];
}

/** A module of the course by its position, which the batch has given it (how a new module's lessons find it). */
const moduleAt = (courseId: number, position: number): SQL =>
  sql`(SELECT ${courseModules.id} FROM ${courseModules} WHERE ${courseModules.courseId} = ${courseId} AND ${courseModules.position} = ${position})`;

/** A lesson of the course by its module's position and its own (how a new lesson's assessments find it). */
const lessonAt = (courseId: number, modulePosition: number, position: number): SQL =>
  sql`(SELECT ${lessons.id} FROM ${lessons} WHERE ${lessons.moduleId} = ${moduleAt(courseId, modulePosition)} AND ${lessons.position} = ${position})`;

/** The stored modules and lessons moved out of the way (position = -id), then every sent row updated or inserted, in order. */
function outlineWriteStatements(db: Database, courseId: number, outline: CourseOutline): BatchItem<"sqlite">[] {
  const moduleIds = courseModuleIds(db, courseId);
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(courseModules)
      .set({ position: sql`-${courseModules.id}` })
      .where(eq(courseModules.courseId, courseId)),
    db
      .update(lessons)
      .set({ position: sql`-${lessons.id}` })
      .where(inArray(lessons.moduleId, moduleIds)),
  ];
  outline.modules.forEach((module, moduleIndex) => {
    statements.push(...moduleStatements(db, courseId, module, moduleIndex + 1));
  });
  return statements;
}

/** A module's row at its position, then each of its lessons' (a new module's lessons find it by its position). */
function moduleStatements(db: Database, courseId: number, module: OutlineModule, modulePosition: number): BatchItem<"sqlite">[] {
  const moduleValues = { title: module.title, description: module.description, position: modulePosition, dripDate: module.dripDate };
  const statements: BatchItem<"sqlite">[] = [
    module.id
      ? db.update(courseModules).set(moduleValues).where(eq(courseModules.id, module.id))
      : db.insert(courseModules).values({ ...moduleValues, courseId }),
  ];
  module.lessons.forEach((lesson, lessonIndex) => {
    const position = lessonIndex + 1;
    const lessonValues = {
      moduleId: module.id ?? moduleAt(courseId, modulePosition),
      position,
      title: lesson.title,
      description: lesson.description,
      body: lesson.body,
      audioUrl: lesson.audioUrl,
      audioTranscript: lesson.audioTranscript,
      duration: lesson.duration,
      freePreview: lesson.freePreview,
    };
    statements.push(
      lesson.id ? db.update(lessons).set(lessonValues).where(eq(lessons.id, lesson.id)) : db.insert(lessons).values(lessonValues),
    );
    const lessonId = lesson.id ?? lessonAt(courseId, modulePosition, position);
    for (const assessment of lesson.assessments) statements.push(...assessmentStatements(db, lessonId, assessment));
  });
  return statements;
}

/** An assessment's row, then a quiz's questions in order (another kind keeps none). */
function assessmentStatements(db: Database, lessonId: number | SQL, assessment: OutlineAssessment): BatchItem<"sqlite">[] {
  const assessmentValues = {
    title: assessment.title,
    kind: assessment.kind,
    prompt: assessment.prompt,
    passMark: assessment.passMark,
  };
  const statements: BatchItem<"sqlite">[] = [
    assessment.id
      ? db.update(assessments).set(assessmentValues).where(eq(assessments.id, assessment.id))
      : db.insert(assessments).values({ ...assessmentValues, lessonId }),
  ];
  // A new assessment is the newest of its lesson until the next one is inserted: its questions follow it at once.
  const assessmentId =
    assessment.id ?? sql`(SELECT max(${assessments.id}) FROM ${assessments} WHERE ${assessments.lessonId} = ${lessonId})`;
  const kept = assessment.kind === "quiz" ? assessment.questions : [];
  kept.forEach((question, questionIndex) => {
    const questionValues = {
      position: questionIndex + 1,
      prompt: question.prompt,
      choices: question.choices,
      correctChoice: question.correctChoice,
    };
    statements.push(
      question.id
        ? db.update(quizQuestions).set(questionValues).where(eq(quizQuestions.id, question.id))
        : db.insert(quizQuestions).values({ ...questionValues, assessmentId }),
    );
  });
  return statements;
}

/**
 * The stored rows the outline left out, deleted last, once every kept row has its new parent (a cascade would take a
 * moved lesson with its old module). A question is kept only in a quiz. Ids in chunks: a query binds at most 100
 * parameters on D1.
 */
function leftOutDeleteStatements(db: Database, { stored, sent }: OutlineRows): BatchItem<"sqlite">[] {
  const keptQuestionIds = sent.assessments.flatMap((a) => (a.kind === "quiz" ? a.questions : [])).flatMap((q) => (q.id ? [q.id] : []));
  const removeUnsent = <T extends { id?: number }>(storedRows: T[], sentRows: T[]) => {
    const kept = new Set(sentRows.flatMap((row) => (row.id ? [row.id] : [])));
    return storedRows.flatMap((row) => (row.id && !kept.has(row.id) ? [row.id] : []));
  };
  const goneQuestions = stored.questions.flatMap((q) => (q.id && !keptQuestionIds.includes(q.id) ? [q.id] : []));
  const statements: BatchItem<"sqlite">[] = [];
  for (const [table, ids] of [
    [quizQuestions, goneQuestions],
    [assessments, removeUnsent(stored.assessments, sent.assessments)],
    [lessons, removeUnsent(stored.lessons, sent.lessons)],
    [courseModules, removeUnsent(stored.modules, sent.modules)],
  ] as const) {
    for (let start = 0; start < ids.length; start += 90)
      statements.push(db.delete(table).where(inArray(table.id, ids.slice(start, start + 90))));
  }
  return statements;
}

/** Runs the save's batch; when the version check aborts it (someone saved the course between the check and the batch), 409. */
async function runOutlineBatch(db: Database, courseId: number, statements: BatchItem<"sqlite">[], edited: { version: string } | undefined) {
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    // The guard failed: someone saved the course between the check above and this batch, which changed nothing.
    if (edited) {
      const now = await db.select({ updatedAt: courses.updatedAt }).from(courses).where(eq(courses.id, courseId)).get();
      if (!now) throw new HttpError(404, "Course not found.");
      if ((now.updatedAt ?? "") !== edited.version) throw new HttpError(409, STALE_OUTLINE_MESSAGE, "version");
    }
    throw error;
  }
}

/** A revision's outline, checked as the editor's save would be; rows deleted since keep their content and are added anew. */
export async function checkRevisionOutline(db: Database, courseId: number, extra: unknown): Promise<CourseOutline> {
  const parsed = courseOutlineSchema.safeParse(extra);
  if (!parsed.success) throw new HttpError(400, "This revision's outline does not pass today's checks, so it cannot be restored.");
  const stored = await getCourseOutlineForEditor(db, courseId);
  // An id the course no longer holds (its row was deleted since): the row comes back as a new one.
  const keep = <T extends { id?: number }>(row: T, kindIds: Set<number>): T =>
    row.id && kindIds.has(row.id) ? row : { ...row, id: undefined };
  const idsOf = (rows: { id?: number }[]) => new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
  const storedLessons = stored.modules.flatMap((module) => module.lessons);
  const storedAssessments = storedLessons.flatMap((lesson) => lesson.assessments);
  const moduleIds = idsOf(stored.modules);
  const lessonIds = idsOf(storedLessons);
  const assessmentIds = idsOf(storedAssessments);
  const questionIds = idsOf(storedAssessments.flatMap((assessment) => assessment.questions));
  return {
    modules: parsed.data.modules.map((module) => ({
      ...keep(module, moduleIds),
      lessons: module.lessons.map((lesson) => ({
        ...keep(lesson, lessonIds),
        assessments: lesson.assessments.map((assessment) => ({
          ...keep(assessment, assessmentIds),
          questions: assessment.questions.map((question) => keep(question, questionIds)),
        })),
      })),
    })),
  };
}
