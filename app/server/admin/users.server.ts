/**
 * The admin's Users page: learners (one row per buyer address, with each course bought, its status and progress, and
 * the last visit) and a summary of the newsletter's subscribers by status. Visitors have no accounts: a learner is
 * an address that paid (app/server/learning/learner.server.ts).
 */
import { and, countDistinct, desc, eq, inArray, max, ne, sql, type SQL } from "drizzle-orm";
import { courses, enrollments, learnerSessions, lessonProgress, newsletterSubscribers } from "../../../db/schema";
import { LEARNERS_PER_PAGE, type LearnerFilters } from "~/lib/admin-schemas";
import { progressColumns } from "./orders.server";
import type { Database } from "../core/db.server";

export type LearnerCourse = {
  enrollmentId: number;
  courseId: number;
  course: string;
  /** "paid" or "refunded". */
  status: string;
  keepAccess: boolean;
  completedLessons: number;
  totalLessons: number;
};
export type Learner = {
  email: string;
  firstOrderAt: string;
  /** The latest of: a lesson opened, a learner session started (the purchase itself, or an access link). Null: never. */
  lastVisitAt: string | null;
  courses: LearnerCourse[];
};

/**
 * One page of learners, the newest buyer first, in one round trip: the matching total, the page's addresses with their
 * last visits, and every order of those addresses with its progress (the page's addresses are a subquery, so no
 * address is bound as a parameter).
 */
export async function listLearners(db: Database, filters: LearnerFilters = {}) {
  const page = filters.page ?? 1;
  const where: SQL[] = [ne(enrollments.email, "")];
  // instr, not LIKE: the text is matched literally (no wildcards to escape), and D1 refuses LIKE patterns over 50 bytes.
  if (filters.q) where.push(sql`instr(${enrollments.email}, ${filters.q.toLowerCase()}) > 0`);
  const matching = and(...where);
  // Qualified by hand: in a query over one table drizzle writes bare column names, and a bare "email" inside the
  // subquery would be the subquery's own.
  const buyer = sql`${enrollments}.${sql.identifier(enrollments.email.name)}`;
  const lastLesson = sql<
    string | null
  >`(select max(${lessonProgress.visitedAt}) from ${lessonProgress} where ${lessonProgress}.${sql.identifier(lessonProgress.email.name)} = ${buyer})`;
  const lastSession = sql<
    string | null
  >`(select max(${learnerSessions.createdAt}) from ${learnerSessions} where ${learnerSessions}.${sql.identifier(learnerSessions.email.name)} = ${buyer})`;
  const pageEmails = db
    .select({ email: enrollments.email })
    .from(enrollments)
    .where(matching)
    .groupBy(enrollments.email)
    .orderBy(desc(max(enrollments.createdAt)), enrollments.email)
    .limit(LEARNERS_PER_PAGE)
    .offset((page - 1) * LEARNERS_PER_PAGE);
  const [[total], rows, orders] = await db.batch([
    db
      .select({ n: countDistinct(enrollments.email) })
      .from(enrollments)
      .where(matching),
    // The same grouping as `pageEmails`, with the figures of each address.
    db
      .select({
        email: enrollments.email,
        firstOrderAt: sql<string>`min(${enrollments.createdAt})`,
        lastLesson,
        lastSession,
      })
      .from(enrollments)
      .where(matching)
      .groupBy(enrollments.email)
      .orderBy(desc(max(enrollments.createdAt)), enrollments.email)
      .limit(LEARNERS_PER_PAGE)
      .offset((page - 1) * LEARNERS_PER_PAGE),
    db
      .select({
        email: enrollments.email,
        enrollmentId: enrollments.id,
        courseId: enrollments.courseId,
        course: courses.title,
        status: enrollments.status,
        keepAccess: enrollments.keepAccess,
        ...progressColumns(),
      })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(inArray(enrollments.email, pageEmails))
      .orderBy(enrollments.createdAt, enrollments.id),
  ]);
  const learners: Learner[] = rows.map((row) => ({
    email: row.email,
    firstOrderAt: row.firstOrderAt,
    lastVisitAt: latest(row.lastLesson, row.lastSession),
    courses: orders.filter((order) => order.email === row.email).map(({ email: _email, ...order }) => order),
  }));
  const count = total?.n ?? 0;
  return { learners, total: count, page, pages: Math.max(1, Math.ceil(count / LEARNERS_PER_PAGE)) };
}

function latest(a: string | null, b: string | null) {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/** The newsletter's subscribers by status ("pending", "confirmed", "unsubscribed"), and the newest confirmation. */
export async function subscriberSummary(db: Database) {
  const [byStatus, [newest]] = await db.batch([
    db
      .select({ status: newsletterSubscribers.status, n: sql<number>`count(*)` })
      .from(newsletterSubscribers)
      .groupBy(newsletterSubscribers.status),
    db
      .select({ at: max(newsletterSubscribers.confirmedAt) })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, "confirmed")),
  ]);
  const countOf = (status: string) => byStatus.find((row) => row.status === status)?.n ?? 0;
  return {
    confirmed: countOf("confirmed"),
    pending: countOf("pending"),
    unsubscribed: countOf("unsubscribed"),
    lastConfirmedAt: newest?.at ?? null,
  };
}
