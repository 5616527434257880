/**
 * Drip release on the server (docs/courses-and-learning.md, "Drip release"; the moments themselves: app/lib/drip.ts):
 * the check that refuses a lesson's actions before it opens, and the daily cron's e-mail when modules open.
 *
 * The cron keeps `drip_notices` only as long as they matter (the window below and a day more), then deletes them.
 * The e-mail goes at most once a day to an address, whatever opened in how many courses: the cron claims the address's
 * day and its modules in one INSERT … WHERE NOT EXISTS (that day) … RETURNING, which of two concurrent runs only one
 * wins (D1 runs one statement at a time); the other inserts nothing and sends nothing.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { type SQL, and, asc, eq, inArray, lt, ne, notExists, sql } from "drizzle-orm";
import { courseModules, courses, dripNotices, enrollments, lessons } from "../../../db/schema";
import { type DripSettings, dripSummary, lessonOpensAt, moduleOpensAt, utcDay } from "~/lib/drip";
import { formatLongDate } from "~/lib/format";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";
import { logEvent, shortError } from "../core/log.server";
import { type MailProducerDeps, sendEmail } from "../mail/mail.server";
import { grantsAccess } from "./learner.server";

/** A module that opened longer ago than this is not announced (a missed run, or a course switched to drip later). */
export const DRIP_MAIL_WINDOW_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a lesson opens for the learner of `email` (an address), or null when it is open to them now (or they do not own
 * the course, or it has no such lesson: the callers refuse those otherwise). Read from D1 in one batch, never cached.
 * `orders`: the session's orders (`sessionOrders`), so that an unproven session's drip counts from its own order, never
 * from an earlier purchase of the address (which would tell the payer when the address bought the course).
 */
export async function lessonOpensAtFor(
  db: Database,
  input: { email: string; orders?: SQL; courseId: number; lessonId: number },
  now = new Date(),
) {
  const [enrolment, course, modules, lesson] = await db.batch([
    db
      .select({ enrolledAt: sql<string | null>`min(${enrollments.createdAt})` })
      .from(enrollments)
      .where(and(input.orders ?? eq(enrollments.email, input.email), eq(enrollments.courseId, input.courseId), grantsAccess())),
    db.select({ mode: courses.dripMode, days: courses.dripDays }).from(courses).where(eq(courses.id, input.courseId)),
    db
      .select({ id: courseModules.id, dripDate: courseModules.dripDate })
      .from(courseModules)
      .where(eq(courseModules.courseId, input.courseId))
      .orderBy(asc(courseModules.position)),
    db.select({ moduleId: lessons.moduleId, freePreview: lessons.freePreview }).from(lessons).where(eq(lessons.id, input.lessonId)),
  ]);
  const enrolledAt = enrolment[0]?.enrolledAt;
  const settings = course[0];
  const row = lesson[0];
  const index = modules.findIndex((module) => module.id === row?.moduleId);
  if (!enrolledAt || !settings || !row || index < 0) return null;
  return lessonOpensAt(settings, { index, dripDate: modules[index]?.dripDate ?? null }, row, enrolledAt, now);
}

/**
 * When a course's modules open for an enrolment made at `enrolledAt`, in words (`dripSummary`), or null when all open at
 * once: for the payment-success page, which counts from the order just paid whatever the address had before (the page
 * says the same for a first and a repeat purchase, ADR 0008).
 */
export async function courseDripSummary(db: Database, courseId: number, enrolledAt: string, now = new Date()) {
  const [course, modules] = await db.batch([
    db.select({ mode: courses.dripMode, days: courses.dripDays }).from(courses).where(eq(courses.id, courseId)),
    db
      .select({ dripDate: courseModules.dripDate })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.position)),
  ]);
  const settings = course[0];
  if (!settings || settings.mode === "all") return null;
  return dripSummary(
    settings,
    modules.map((m) => m.dripDate),
    { now, enrolledAt },
  );
}

/** The words of a refusal of a lesson not yet open. */
export const lessonLockedMessage = (opensAt: Date) => `This lesson opens on ${formatLongDate(opensAt)}. Until then it cannot be done.`;

/** Refuses (403) an action on a lesson not yet open to the learner: its content, completing it, answering its assessments. */
export async function assertLessonOpen(db: Database, input: { email: string; courseId: number; lessonId: number }, now = new Date()) {
  const opensAt = await lessonOpensAtFor(db, input, now);
  if (opensAt) throw new HttpError(403, lessonLockedMessage(opensAt));
}

type Opened = { courseId: number; moduleId: number };

/**
 * The daily cron's job: e-mails each learner the modules that opened for them in the last DRIP_MAIL_WINDOW_DAYS days
 * (after their enrolment, in courses whose drip e-mail is on) and that no earlier e-mail told of; at most one e-mail per
 * address per UTC day of `now`. `origin`: the site's, for the links.
 */
export async function sendDripMail(db: Database, deps: MailProducerDeps, origin: string, now = new Date()) {
  // A notice matters only while its module could still be announced (the window) and for its day's claim: older ones go.
  await db.delete(dripNotices).where(lt(dripNotices.day, utcDay(new Date(now.getTime() - (DRIP_MAIL_WINDOW_DAYS + 1) * DAY_MS))));
  const dripping = db
    .select({ id: courses.id })
    .from(courses)
    .where(and(ne(courses.dripMode, "all"), eq(courses.dripEmail, true)));
  const [courseRows, moduleRows, lessonRows, enrolmentRows] = await db.batch([
    db
      .select({ id: courses.id, title: courses.title, mode: courses.dripMode, days: courses.dripDays })
      .from(courses)
      .where(inArray(courses.id, dripping)),
    db
      .select({ id: courseModules.id, courseId: courseModules.courseId, title: courseModules.title, dripDate: courseModules.dripDate })
      .from(courseModules)
      .where(inArray(courseModules.courseId, dripping))
      .orderBy(asc(courseModules.courseId), asc(courseModules.position)),
    db
      .select({ id: lessons.id, moduleId: lessons.moduleId })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(inArray(courseModules.courseId, dripping))
      .orderBy(asc(lessons.position)),
    db
      .select({ email: enrollments.email, courseId: enrollments.courseId, enrolledAt: sql<string>`min(${enrollments.createdAt})` })
      .from(enrollments)
      .where(and(inArray(enrollments.courseId, dripping), grantsAccess(), ne(enrollments.email, "")))
      .groupBy(enrollments.email, enrollments.courseId),
  ]);
  const firstLesson = new Map<number, number>();
  for (const lesson of lessonRows) if (!firstLesson.has(lesson.moduleId)) firstLesson.set(lesson.moduleId, lesson.id);
  const since = now.getTime() - DRIP_MAIL_WINDOW_DAYS * DAY_MS;
  const pending = new Map<string, Opened[]>();
  for (const enrolment of enrolmentRows) {
    const course = courseRows.find((row) => row.id === enrolment.courseId);
    if (!course) continue;
    const settings: DripSettings = { mode: course.mode, days: course.days };
    const enrolled = new Date(enrolment.enrolledAt).getTime();
    moduleRows
      .filter((module) => module.courseId === course.id)
      .forEach((module, index) => {
        const opensAt = moduleOpensAt(settings, { index, dripDate: module.dripDate }, enrolment.enrolledAt)?.getTime();
        // Opened after the enrolment (what was open on enrolling is no news), by now, lately, and with a lesson to open.
        if (opensAt === undefined || opensAt <= enrolled || opensAt > now.getTime() || opensAt <= since) return;
        if (!firstLesson.has(module.id)) return;
        pending.set(enrolment.email, [...(pending.get(enrolment.email) ?? []), { courseId: course.id, moduleId: module.id }]);
      });
  }
  if (pending.size === 0) return { learners: 0, emails: 0 };

  const day = utcDay(now);
  const learners = [...pending.entries()];
  const claimed: { email: string; modules: Opened[] }[] = [];
  // One statement per learner (its claim), 50 to a batch: a batch is one transaction, kept short.
  for (let start = 0; start < learners.length; start += 50) {
    const chunk = learners.slice(start, start + 50);
    const claims: BatchItem<"sqlite">[] = chunk.map(([email, opened]) =>
      db
        .insert(dripNotices)
        .select(
          db
            .select({
              email: sql<string>`${email}`.as("email"),
              moduleId: sql<number>`value`.as("module_id"),
              day: sql<string>`${day}`.as("day"),
            })
            .from(sql`json_each(${JSON.stringify(opened.map((o) => o.moduleId))})`)
            .where(
              notExists(
                db
                  .select({ one: sql`1` })
                  .from(dripNotices)
                  .where(and(eq(dripNotices.email, email), eq(dripNotices.day, day))),
              ),
            ),
        )
        .onConflictDoNothing()
        .returning({ moduleId: dripNotices.moduleId }),
    );
    const results = await db.batch(claims as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    chunk.forEach(([email, opened], i) => {
      const returned = results[i] as { moduleId: number }[];
      const ids = new Set(returned.map((row) => row.moduleId));
      const modules = opened.filter((o) => ids.has(o.moduleId));
      if (modules.length > 0) claimed.push({ email, modules });
    });
  }

  let emails = 0;
  for (const { email, modules } of claimed) {
    const byCourse = courseRows
      .filter((course) => modules.some((m) => m.courseId === course.id))
      .map((course) => ({
        title: course.title,
        modules: moduleRows
          .filter((module) => modules.some((m) => m.moduleId === module.id))
          .filter((module) => module.courseId === course.id)
          .map((module) => ({ title: module.title, url: `${origin}/courses/${course.id}/learn/${firstLesson.get(module.id)}` })),
      }));
    try {
      await sendEmail({ to: email, kind: "modules-opened", data: { courses: byCourse } }, deps);
      emails += 1;
    } catch (error) {
      // The day is claimed: this learner's e-mail is lost for today, the others still go.
      logEvent("error", "drip.mail_failed", { error: shortError(error) });
    }
  }
  return { learners: pending.size, emails };
}
