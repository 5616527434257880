import { count, desc, eq, sql } from "drizzle-orm";
import { courses, enrollments } from "../../../../db/schema";
import { courseSpec } from "~/lib/content-types/course";
import { formatMoney } from "~/lib/format";
import { statusText } from "~/lib/publication";
import { getCourse, listCourses } from "../../learning/courses.server";
import { checkRevisionOutline, getCourseOutlineForEditor, saveCourseOutline } from "../../learning/course-outline.server";
import { defineContentType } from "./define.server";

/** The form speaks dollars, the table cents: whole cents, so 19.99 is 1999 and never 1998.9999. */
const toCents = <Input extends { price: number }>({ price, ...input }: Input) => ({ ...input, priceCents: Math.round(price * 100) });

export const courseServer = defineContentType({
  spec: courseSpec,
  table: courses,
  columns: {
    id: courses.id,
    title: courses.title,
    description: courses.description,
    imageUrl: courses.imageUrl,
    imageAlt: courses.imageAlt,
    level: courses.level,
    duration: courses.duration,
    price: sql<number>`${courses.priceCents} / 100.0`.as("price"),
    dripMode: courses.dripMode,
    dripDays: courses.dripDays,
    dripEmail: courses.dripEmail,
    status: courses.status,
    publishAt: courses.publishAt,
    createdAt: courses.createdAt,
    updatedAt: courses.updatedAt,
  },
  async listForAdmin(db) {
    const rows = await db
      .select({
        id: courses.id,
        title: courses.title,
        level: courses.level,
        priceCents: courses.priceCents,
        status: courses.status,
        publishAt: courses.publishAt,
        enrolled: count(enrollments.id),
      })
      .from(courses)
      .leftJoin(enrollments, eq(enrollments.courseId, courses.id))
      .groupBy(courses.id)
      .orderBy(desc(courses.id));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      details: [row.level, formatMoney(row.priceCents, "usd"), `${row.enrolled} ${row.enrolled === 1 ? "enrolment" : "enrolments"}`],
      status: { value: row.status, text: statusText(row.status, row.publishAt), at: row.publishAt },
    }));
  },
  listPublic: listCourses,
  getPublic: getCourse,
  toInsert: (input) => toCents(input),
  toUpdate: (input) => toCents(input),
  deleteRefusal: {
    // Orders point at the course (refunded ones too): deleting it would break the order history and learners' access.
    blockedBy: (id) => sql`EXISTS (SELECT 1 FROM ${enrollments} WHERE ${enrollments.courseId} = ${id})`,
    message: "This course has enrolments, so it cannot be deleted. Unpublish it instead: set its status to Draft and save.",
  },
  loadEditorData: getCourseOutlineForEditor,
  // A revision keeps the outline too, so restoring one brings back its modules, lessons and assessments.
  revisions: {
    read: getCourseOutlineForEditor,
    check: checkRevisionOutline,
    restore: async (db, id, outline) => {
      await saveCourseOutline(db, id, outline);
    },
  },
});
