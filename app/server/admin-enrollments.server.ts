/** The admin's view of who bought what: enrolments with the buyer, the payment and the learner's progress. */
import { desc, eq, sql } from "drizzle-orm";
import { courseModules, courses, enrollments, lessonProgress, lessons } from "../../db/schema";
import type { Database } from "./db.server";
import { accessLinkEmail } from "./emails.server";
import { HttpError } from "./http.server";
import { RECEIPT_LINK_TTL_MINUTES, accessUrl, issueAccessToken } from "./learner.server";
import { sendEmail } from "./mail.server";
import { getSiteSettings } from "./site.server";

/** Newest first, each with the share of the course's lessons its buyer has completed (one query). */
export async function listEnrollments(db: Database) {
  const totalLessons = db
    .select({ n: sql<number>`count(*)` })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(courseModules.courseId, enrollments.courseId));
  const completedLessons = db
    .select({ n: sql<number>`count(${lessonProgress.completedAt})` })
    .from(lessonProgress)
    .where(sql`${lessonProgress.email} = ${enrollments.email} AND ${lessonProgress.courseId} = ${enrollments.courseId}`);
  return db
    .select({
      id: enrollments.id,
      email: enrollments.email,
      name: enrollments.name,
      courseId: enrollments.courseId,
      course: courses.title,
      amountCents: enrollments.amountCents,
      currency: enrollments.currency,
      status: enrollments.status,
      createdAt: enrollments.createdAt,
      totalLessons: sql<number>`(${totalLessons})`,
      completedLessons: sql<number>`(${completedLessons})`,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
    .limit(500);
}

/** "Resend access link": a fresh single-use link (valid as long as a receipt's) to the enrolment's buyer. */
export async function resendAccessLink(db: Database, enrollmentId: number, origin: string) {
  const row = await db
    .select({ email: enrollments.email, status: enrollments.status, courseId: enrollments.courseId, course: courses.title })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, enrollmentId))
    .get();
  if (!row) throw new HttpError(404, "Enrolment not found.");
  if (!row.email) throw new HttpError(400, "This enrolment has no email address (it was made before buyers were asked for one).");
  if (row.status !== "paid") throw new HttpError(400, "This enrolment was refunded, so a link would open nothing.");
  const token = await issueAccessToken(db, { email: row.email, courseId: row.courseId, ttlMinutes: RECEIPT_LINK_TTL_MINUTES });
  const message = accessLinkEmail({
    siteName: getSiteSettings().name,
    accessUrl: accessUrl(origin, token),
    courses: [row.course],
    expiresInMinutes: RECEIPT_LINK_TTL_MINUTES,
  });
  await sendEmail({ to: row.email, kind: "access-link", ...message });
  return { email: row.email };
}
