/**
 * Course reads (list, one course, its modules/lessons/assessments) and enrolment counts. The public reads see
 * published courses only; an unpublished course stays open to its learners (learning.server.ts reads it by id).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { assessments, courseModules, courses, enrollments, lessons } from "../../../db/schema";
import type { Database } from "../core/db.server";
import { grantsAccess } from "./learner.server";
import { isPublished as isPublishedRow } from "../content/published.server";
import { sharedRead } from "../content/shared-reads.server";

const courseColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  imageUrl: courses.imageUrl,
  level: courses.level,
  duration: courses.duration,
  priceCents: courses.priceCents,
  imageAlt: courses.imageAlt,
};

/** When a course's modules open (app/lib/drip.ts): the course list and the course page say so. */
const dripColumns = {
  dripMode: courses.dripMode,
  dripDays: courses.dripDays,
  // Written out: drizzle names a column of a one-table select without its table, which inside the subquery would be the module's.
  lastDripDate: sql<string | null>`(select max(m.drip_date) from course_modules m where m.course_id = "courses"."id")`,
};

const isPublished = isPublishedRow(courses);

type CourseRow = {
  id: number;
  title: string;
  description: string;
  imageUrl: string;
  imageAlt: string;
  level: string;
  duration: number;
  priceCents: number;
};

/** The API and pages speak dollars (a course's price is a number in US dollars); the database keeps cents. */
function toPublicCourse<Row extends CourseRow>({ priceCents, ...course }: Row) {
  return { ...course, price: priceCents / 100 };
}

export type PublicCourse = ReturnType<typeof toPublicCourse>;
export type CourseDetails = NonNullable<Awaited<ReturnType<typeof getCourseDetails>>>;

export function listCourses(db: Database) {
  return sharedRead(db, "courses", async () => {
    const rows = await db.select(courseColumns).from(courses).where(isPublished).orderBy(asc(courses.id));
    return rows.map(toPublicCourse);
  });
}

/** The course list's cards: the API's fields, and when each course's modules open (the API's list keeps its fields). */
export function listCourseCards(db: Database) {
  return sharedRead(db, "course-cards", async () => {
    const rows = await db
      .select({ ...courseColumns, ...dripColumns })
      .from(courses)
      .where(isPublished)
      .orderBy(asc(courses.id));
    return rows.map(toPublicCourse);
  });
}

/** A published course; `{ published: "any" }` also finds an unpublished one (a buyer's receipt page). */
export function getCourse(db: Database, id: number, { published }: { published?: "any" } = {}) {
  return sharedRead(db, `course:${id}:${published ?? "published"}`, async () => {
    const row = await db
      .select(courseColumns)
      .from(courses)
      .where(published === "any" ? eq(courses.id, id) : and(eq(courses.id, id), isPublished))
      .get();
    return row ? toPublicCourse(row) : undefined;
  });
}

/**
 * The price to charge, straight from the database (never from the browser); undefined for an unpublished course
 * (not on sale). Recording a payment passes `{ published: "any" }`: a course unpublished after the buyer paid is still theirs.
 */
export async function getCoursePriceCents(db: Database, id: number, { published }: { published?: "any" } = {}) {
  const row = await db
    .select({ priceCents: courses.priceCents })
    .from(courses)
    .where(published === "any" ? eq(courses.id, id) : and(eq(courses.id, id), isPublished))
    .get();
  return row?.priceCents;
}

/** A course with its modules, lessons and assessments, in one round trip (subqueries, not id lists). */
export function getCourseDetails(db: Database, id: number) {
  // Kept per content version: a new enrolment records a new one (its count is on the page).
  return sharedRead(db, `course-details:${id}`, () => readCourseDetails(db, id));
}

/** The same, whatever the course's status, read afresh: the admin's preview of a draft (app/routes/admin/preview.tsx). */
export function getCourseDetailsForPreview(db: Database, id: number) {
  return readCourseDetails(db, id, { anyStatus: true });
}

async function readCourseDetails(db: Database, id: number, { anyStatus = false } = {}) {
  const moduleIds = db.select({ id: courseModules.id }).from(courseModules).where(eq(courseModules.courseId, id));
  const lessonIds = db.select({ id: lessons.id }).from(lessons).where(inArray(lessons.moduleId, moduleIds));
  const [course, modules, enrolled, lessonRows, assessmentRows] = await db.batch([
    db
      .select({ ...courseColumns, ...dripColumns })
      .from(courses)
      .where(anyStatus ? eq(courses.id, id) : and(eq(courses.id, id), isPublished)),
    db.select().from(courseModules).where(eq(courseModules.courseId, id)).orderBy(asc(courseModules.position)),
    // Learners, not payments: one per address among the orders that open the course (paid, or refunded with access
    // kept); an order from before buyers gave an address counts on its own.
    db
      .select({
        n: sql<number>`count(distinct case when ${enrollments.email} = '' then 'order:' || ${enrollments.id} else ${enrollments.email} end)`,
      })
      .from(enrollments)
      .where(and(eq(enrollments.courseId, id), grantsAccess())),
    db
      .select({
        id: lessons.id,
        moduleId: lessons.moduleId,
        title: lessons.title,
        description: lessons.description,
        duration: lessons.duration,
        freePreview: lessons.freePreview,
        hasRecording: sql<boolean>`${lessons.audioUrl} <> ''`.mapWith(Boolean),
      })
      .from(lessons)
      .where(inArray(lessons.moduleId, moduleIds))
      .orderBy(asc(lessons.moduleId), asc(lessons.position)),
    db
      .select({ id: assessments.id, lessonId: assessments.lessonId, title: assessments.title, kind: assessments.kind })
      .from(assessments)
      .where(inArray(assessments.lessonId, lessonIds))
      .orderBy(asc(assessments.id)),
  ]);
  if (!course[0]) return undefined;

  return {
    ...toPublicCourse(course[0]),
    enrolledCount: enrolled[0]?.n ?? 0,
    modules: modules.map((module) => ({
      id: module.id,
      title: module.title,
      description: module.description,
      dripDate: module.dripDate,
      lessons: lessonRows
        .filter((lesson) => lesson.moduleId === module.id)
        .map((lesson) => ({
          id: lesson.id,
          title: lesson.title,
          description: lesson.description,
          duration: lesson.duration,
          freePreview: lesson.freePreview,
          hasRecording: lesson.hasRecording,
          assessments: assessmentRows.filter((a) => a.lessonId === lesson.id).map((a) => ({ id: a.id, title: a.title, kind: a.kind })),
        })),
    })),
  };
}
