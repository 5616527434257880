/**
 * A learner's data in the learner's hands (issue #24): everything stored about an address, as a download (JSON, or a
 * printable HTML document), the learner's own deletions (a written answer, all of them, a course's progress), the
 * owner's erasure of a learner, and the accounting period after which the retention job takes the address off orders.
 *
 * Only a learner who proved the inbox (opened an e-mailed access link) may download or delete: a session started on
 * the payment-success page has not, and carries the one course it opens as its scope (`provenLearner`).
 */
import { and, asc, count, desc, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import {
  accessTokens,
  assessmentResponses,
  assessments,
  certificates,
  courseModules,
  courses,
  couponRedemptions,
  enrollments,
  gifts,
  learnerSessions,
  lessonProgress,
  lessons,
  mailLog,
  rateLimits,
  dripNotices,
} from "../../../db/schema";
import { formatLongDate, formatMoney, orderReference } from "~/lib/format";
import { erasureSubject, type LearnerErasure, ORDER_RETENTION_YEARS } from "~/lib/learner-data";
import { EMAIL_MAX, EMAIL_PATTERN } from "~/lib/validation";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";
import { learnerFrom } from "./learner-context.server";
import { type LearnerSession, normaliseEmail, orphanedPendingDataDeletes } from "./learner.server";
import { ANSWER_COLUMNS } from "./progress-merge.server";
import { renderLoggedMail } from "../mail/mail.server";

export { ORDER_RETENTION_YEARS };
export type { LearnerErasure };

/** The moment before which an order (or an e-mail) is older than the accounting period, at `now`. */
export function orderRetentionCutoff(now: Date): string {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - ORDER_RETENTION_YEARS);
  return cutoff.toISOString();
}

/**
 * The request's learner session, only when it proved the inbox: opened through an e-mailed access link. A session
 * started on the payment-success page is unproven: it carries the one course it opens (`scopeCourseId`, a number), and
 * may neither download nor delete the address's data.
 */
export async function provenLearner(context: Readonly<RouterContextProvider>): Promise<LearnerSession | null> {
  const session = await learnerFrom(context);
  if (!session) return null;
  return session.scopeCourseId === null ? session : null;
}

/** The download's format: `/learn/data/download?format=json` or `html`. */
export const learnerDataDownloadSchema = z.object({
  format: z.enum(["json", "html"], { error: 'The "format" must be json or html.' }),
});

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `The "${name}" must be a number.` })
    .int(`The "${name}" must be a whole number.`)
    .positive(`The "${name}" must be a positive number.`);

/** The learner's deletions at /learn/data; each must be confirmed (a ticked box, checked here on the server). */
export const learnerDataActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("delete-answer"),
      assessmentId: positiveId("assessmentId"),
      confirm: z.literal("yes", { error: "Tick the box to confirm deleting this answer." }),
    }),
    z.object({
      intent: z.literal("delete-answers"),
      confirm: z.literal("yes", { error: "Tick the box to confirm deleting all your written answers." }),
    }),
    z.object({
      intent: z.literal("delete-progress"),
      courseId: positiveId("courseId"),
      confirm: z.literal("yes", { error: "Tick the box to confirm deleting your progress in this course." }),
    }),
  ],
  { error: 'The "intent" must be delete-answer, delete-answers or delete-progress.' },
);

const learnerEmail = z
  .string({ error: "Enter the learner's e-mail address." })
  .trim()
  .min(1, "Enter the learner's e-mail address.")
  .max(EMAIL_MAX, "That e-mail address is too long.")
  .regex(EMAIL_PATTERN, "Enter a valid e-mail address.");

/** The owner's lookup of a learner to erase (`/admin/users/erase?email=`). */
export const learnerEraseLookupSchema = z.object({ email: learnerEmail.optional() });

/** The owner's erasure, posted to `/admin/users/erase/{subject}` from the confirmation box. */
export const learnerEraseSchema = z.object({
  intent: z.literal("erase-learner", { error: 'The "intent" must be erase-learner.' }),
  email: learnerEmail,
  confirm: z.literal("yes", { error: "Tick the box to confirm erasing this learner." }),
});

/** The object in the erasure's URL: the orders' references joined by "+", or "no-orders". */
export const erasureSubjectSchema = z
  .string({ error: "The erasure's address names no learner." })
  .regex(/^(no-orders|EL-\d{6,}(\+EL-\d{6,}){0,99})$/, "The erasure's address names no learner: look the address up again.");

export type LearnerDataExport = {
  exportedAt: string;
  email: string;
  orders: {
    reference: string;
    course: string;
    amount: string;
    amountCents: number;
    currency: string;
    status: string;
    orderedAt: string;
    refundedAt: string | null;
    name: string;
  }[];
  progress: { courseId: number; course: string; lesson: string; visitedAt: string; completedAt: string | null }[];
  quizAttempts: {
    courseId: number;
    course: string;
    lesson: string;
    assessment: string;
    score: number | null;
    passed: boolean;
    attempts: number;
    /** The attempt on which the quiz was first passed; null if not passed. */
    attemptsToPass: number | null;
    answers: number[] | null;
    updatedAt: string;
  }[];
  writtenAnswers: {
    assessmentId: number;
    course: string;
    lesson: string;
    assessment: string;
    kind: string;
    prompt: string;
    answer: string;
    attempts: number;
    updatedAt: string;
  }[];
  certificates: { course: string; name: string; issuedAt: string; path: string }[];
  emails: {
    kind: string;
    subject: string;
    status: string;
    createdAt: string;
    sentAt: string | null;
    /** The e-mail's text, rendered again from what it was written from (bodies are not stored); null if it cannot be. */
    text: string | null;
  }[];
  /** Drip release: the modules a "new module is open" e-mail told of, and the day it went (kept a few days). */
  moduleNotices: { course: string; module: string; day: string }[];
  sessions: { active: number; latestExpiry: string | null };
};

/** A written answer is any stored text (an exercise or reflection; also one kept on an assessment since made a quiz). */
const isWrittenAnswer = () => or(ne(assessments.kind, "quiz"), ne(assessmentResponses.answer, ""));

/**
 * A column under a name of its own: D1 collapses result columns of the same name ("title" of courses, lessons and
 * assessments) in the raw rows a batch reads, which would shift the values of the rest.
 */
const named = <T>(column: Parameters<typeof sql>[1], alias: string) => sql<T>`${column}`.as(alias);

/** Everything stored about `email`, read in one D1 batch. */
export async function exportLearnerData(db: Database, rawEmail: string, now = new Date()): Promise<LearnerDataExport> {
  const email = normaliseEmail(rawEmail);
  const [orders, progress, responses, certs, mails, sessions, notices] = await db.batch([
    ordersQuery(db, email),
    progressQuery(db, email),
    responsesQuery(db, email),
    certificatesQuery(db, email),
    emailsQuery(db, email),
    sessionsQuery(db, email, now),
    db
      .select({
        course: named<string>(courses.title, "course"),
        module: named<string>(courseModules.title, "module"),
        day: dripNotices.day,
      })
      .from(dripNotices)
      .innerJoin(courseModules, eq(courseModules.id, dripNotices.moduleId))
      .innerJoin(courses, eq(courses.id, courseModules.courseId))
      .where(eq(dripNotices.email, email))
      .orderBy(asc(dripNotices.day), asc(courseModules.id)),
  ]);
  return {
    exportedAt: now.toISOString(),
    email,
    orders: orders.map(({ id, amountCents, currency, ...order }) => ({
      reference: orderReference(id),
      ...order,
      amount: formatMoney(amountCents, currency),
      amountCents,
      currency,
    })),
    progress,
    quizAttempts: quizAttempts(responses),
    writtenAnswers: writtenAnswers(responses),
    certificates: certs.map(({ id, ...certificate }) => ({ ...certificate, path: `/certificates/${id}` })),
    emails: await Promise.all(
      mails.map(async ({ data, ...mail }) => ({ ...mail, text: (await renderLoggedMail(db, { kind: mail.kind, data }))?.text ?? null })),
    ),
    moduleNotices: notices,
    sessions: { active: sessions[0]?.active ?? 0, latestExpiry: sessions[0]?.latestExpiry ?? null },
  };
}

/** The learner's orders, oldest first, with their course. */
function ordersQuery(db: Database, email: string) {
  return db
    .select({
      id: enrollments.id,
      course: courses.title,
      amountCents: enrollments.amountCents,
      currency: enrollments.currency,
      status: enrollments.status,
      orderedAt: enrollments.createdAt,
      refundedAt: enrollments.refundedAt,
      name: enrollments.name,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.email, email))
    .orderBy(asc(enrollments.id));
}

/** The lessons the learner opened and completed, by course, in the order they were opened. */
function progressQuery(db: Database, email: string) {
  return db
    .select({
      courseId: lessonProgress.courseId,
      course: named<string>(courses.title, "course_title"),
      lesson: named<string>(lessons.title, "lesson_title"),
      visitedAt: lessonProgress.visitedAt,
      completedAt: lessonProgress.completedAt,
    })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .innerJoin(courses, eq(courses.id, lessonProgress.courseId))
    .where(eq(lessonProgress.email, email))
    .orderBy(asc(lessonProgress.courseId), asc(lessonProgress.visitedAt));
}

/** The learner's answers to assessments (quiz attempts and written answers alike), in the order of the courses. */
function responsesQuery(db: Database, email: string) {
  return db
    .select({
      ...ANSWER_COLUMNS,
      courseId: named<number>(courses.id, "course_id"),
      course: named<string>(courses.title, "course_title"),
      lesson: named<string>(lessons.title, "lesson_title"),
      assessment: named<string>(assessments.title, "assessment_title"),
      kind: assessments.kind,
      prompt: assessments.prompt,
      updatedAt: assessmentResponses.updatedAt,
    })
    .from(assessmentResponses)
    .innerJoin(assessments, eq(assessments.id, assessmentResponses.assessmentId))
    .innerJoin(lessons, eq(lessons.id, assessments.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, courseModules.courseId))
    .where(eq(assessmentResponses.email, email))
    .orderBy(asc(courses.id), asc(courseModules.position), asc(lessons.position), asc(assessments.id));
}

/** The learner's certificates, oldest first. */
function certificatesQuery(db: Database, email: string) {
  return db
    .select({ id: certificates.id, course: courses.title, name: certificates.name, issuedAt: certificates.issuedAt })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.email, email))
    .orderBy(asc(certificates.issuedAt));
}

/** Every e-mail sent to the address, newest first, with what it was written from (rendered again for the export). */
function emailsQuery(db: Database, email: string) {
  return db
    .select({
      kind: mailLog.kind,
      subject: mailLog.subject,
      status: mailLog.status,
      createdAt: mailLog.createdAt,
      sentAt: mailLog.sentAt,
      data: mailLog.data,
    })
    .from(mailLog)
    .where(eq(mailLog.to, email))
    .orderBy(desc(mailLog.id));
}

/** How many sessions of the learner are still active, and when the last of them ends. */
function sessionsQuery(db: Database, email: string, now: Date) {
  return db
    .select({ active: count(), latestExpiry: sql<string | null>`max(${learnerSessions.expiresAt})` })
    .from(learnerSessions)
    .where(and(eq(learnerSessions.email, email), gt(learnerSessions.expiresAt, now.toISOString())));
}

type ResponseRow = Awaited<ReturnType<typeof responsesQuery>>[number];

/** The responses that hold quiz answers, as the export lists quiz attempts. */
function quizAttempts(responses: ResponseRow[]): LearnerDataExport["quizAttempts"] {
  return responses
    .filter((row) => row.quizAnswers !== null)
    .map(({ courseId, course, lesson, assessment, score, passed, attempts, attemptsToPass, quizAnswers, updatedAt }) => ({
      courseId,
      course,
      lesson,
      assessment,
      score,
      passed,
      attempts,
      attemptsToPass,
      answers: quizAnswers,
      updatedAt,
    }));
}

/** The responses that hold written text (see `isWrittenAnswer`), as the export lists written answers. */
function writtenAnswers(responses: ResponseRow[]): LearnerDataExport["writtenAnswers"] {
  return responses
    .filter((row) => row.kind !== "quiz" || row.answer !== "")
    .map(({ assessmentId, course, lesson, assessment, kind, prompt, answer, attempts, updatedAt }) => ({
      assessmentId,
      course,
      lesson,
      assessment,
      kind,
      prompt,
      answer,
      attempts,
      updatedAt,
    }));
}

/** The download's file name, e.g. "examined-life-data-2026-11-24.json". */
export function exportFileName(data: LearnerDataExport, extension: "json" | "html") {
  return `examined-life-data-${data.exportedAt.slice(0, 10)}.${extension}`;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

const dateTime = (iso: string | null) => (iso ? `${formatLongDate(iso)}, ${iso.slice(11, 16)} UTC` : "—");

function table(caption: string, headings: string[], rows: string[][], empty: string) {
  if (rows.length === 0) return `<p>${escapeHtml(empty)}</p>`;
  const head = headings.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join("");
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join("")}</tr>`).join("\n");
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/**
 * The same data as a readable document: one page, headings and captioned tables, every value escaped, no script and
 * nothing loaded from anywhere (it is read offline, from the downloads folder), print-friendly.
 */
export function learnerDataHtml(data: LearnerDataExport, siteName: string): string {
  const title = `Your data at ${siteName}`;
  const sections = [
    `<h2 id="orders">Orders</h2>`,
    table(
      "Your orders (kept for the accounts)",
      ["Reference", "Course", "Amount", "Date", "Status", "Refunded", "Name"],
      data.orders.map((o) => [o.reference, o.course, o.amount, dateTime(o.orderedAt), o.status, dateTime(o.refundedAt), o.name || "—"]),
      "No orders.",
    ),
    `<h2 id="progress">Progress</h2>`,
    table(
      "Lessons you opened",
      ["Course", "Lesson", "Last visited", "Completed"],
      data.progress.map((p) => [p.course, p.lesson, dateTime(p.visitedAt), dateTime(p.completedAt)]),
      "No progress stored.",
    ),
    `<h2 id="quizzes">Quiz attempts</h2>`,
    table(
      "Your latest attempt at each quiz",
      ["Course", "Lesson", "Quiz", "Score", "Passed", "Attempts", "Passed on attempt", "Your choices", "Date"],
      data.quizAttempts.map((q) => [
        q.course,
        q.lesson,
        q.assessment,
        q.score === null ? "—" : `${q.score}%`,
        q.passed ? "yes" : "no",
        String(q.attempts),
        q.attemptsToPass === null ? "—" : String(q.attemptsToPass),
        q.answers ? q.answers.map((choice, i) => `Q${i + 1}: ${choice + 1}`).join(", ") : "—",
        dateTime(q.updatedAt),
      ]),
      "No quiz attempts stored.",
    ),
    `<h2 id="answers">Written answers</h2>`,
    data.writtenAnswers.length === 0
      ? "<p>No written answers stored.</p>"
      : data.writtenAnswers
          .map(
            (a) =>
              `<section class="answer"><h3>${escapeHtml(a.assessment)}</h3><p class="meta">${escapeHtml(a.course)} · ${escapeHtml(a.lesson)} · ${escapeHtml(a.kind)} · saved ${escapeHtml(dateTime(a.updatedAt))}</p>` +
              (a.prompt ? `<p class="prompt">${escapeHtml(a.prompt)}</p>` : "") +
              `<pre>${escapeHtml(a.answer)}</pre></section>`,
          )
          .join("\n"),
    `<h2 id="certificates">Certificates</h2>`,
    table(
      "Certificates issued to you",
      ["Course", "Name", "Issued", "Link"],
      data.certificates.map((c) => [c.course, c.name, dateTime(c.issuedAt), c.path]),
      "No certificates.",
    ),
    `<h2 id="emails">E-mails we sent you</h2>`,
    data.emails.length === 0
      ? "<p>No e-mails stored.</p>"
      : data.emails
          .map(
            (m) =>
              `<section class="mail"><h3>${escapeHtml(m.subject)}</h3><p class="meta">${escapeHtml(m.kind)} · ${escapeHtml(m.status)} · written ${escapeHtml(dateTime(m.createdAt))}${m.sentAt ? ` · sent ${escapeHtml(dateTime(m.sentAt))}` : ""}</p>${m.text === null ? "" : `<pre>${escapeHtml(m.text)}</pre>`}</section>`,
          )
          .join("\n"),
    `<h2 id="module-notices">Modules we told you had opened</h2>`,
    table(
      "Modules named in the e-mails saying a new module is open (kept a few days)",
      ["Course", "Module", "Day"],
      data.moduleNotices.map((n) => [n.course, n.module, n.day]),
      "None.",
    ),
    `<h2 id="sessions">Signed-in devices</h2>`,
    `<p>${data.sessions.active === 0 ? "No device is signed in." : `${data.sessions.active} signed-in ${data.sessions.active === 1 ? "device" : "devices"}; the last one stays signed in until ${escapeHtml(dateTime(data.sessions.latestExpiry))}.`}</p>`,
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>
body { font: 16px/1.5 Georgia, "Times New Roman", serif; color: #1a1a1a; background: #fff; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
h1, h2, h3 { line-height: 1.2; } h2 { margin-top: 2.5rem; border-bottom: 1px solid #888; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; font-size: 0.9rem; }
caption { text-align: left; font-weight: bold; padding: 0.25rem 0; }
th, td { border: 1px solid #888; padding: 0.35rem 0.5rem; text-align: left; vertical-align: top; }
pre { white-space: pre-wrap; word-wrap: break-word; font: inherit; background: #f4f4f4; padding: 0.75rem; border-left: 3px solid #555; }
.meta { color: #444; font-size: 0.9rem; } .prompt { font-style: italic; }
@media print { body { margin: 0; max-width: none; } section, tr { break-inside: avoid; } pre { background: none; } }
</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<p>Everything stored about <strong>${escapeHtml(data.email)}</strong>, as of ${escapeHtml(dateTime(data.exportedAt))}.</p>
<nav aria-label="Sections"><ul>
<li><a href="#orders">Orders</a></li><li><a href="#progress">Progress</a></li><li><a href="#quizzes">Quiz attempts</a></li>
<li><a href="#answers">Written answers</a></li><li><a href="#certificates">Certificates</a></li><li><a href="#emails">E-mails</a></li>
<li><a href="#module-notices">Modules opened</a></li><li><a href="#sessions">Signed-in devices</a></li>
</ul></nav>
</header>
<main>
${sections.join("\n")}
</main>
</body>
</html>
`;
}

/** Rows a D1 statement changed. */
const changed = (result: unknown) => (result as { meta?: { changes?: number } }).meta?.changes ?? 0;

/** Deletes one of the learner's written answers (DELETE: the row is gone). 404 when there is none. */
export async function deleteWrittenAnswer(db: Database, rawEmail: string, assessmentId: number): Promise<number> {
  const email = normaliseEmail(rawEmail);
  const written = db
    .select({ id: assessmentResponses.assessmentId })
    .from(assessmentResponses)
    .innerJoin(assessments, eq(assessments.id, assessmentResponses.assessmentId))
    .where(and(eq(assessmentResponses.email, email), eq(assessmentResponses.assessmentId, assessmentId), isWrittenAnswer()));
  const result = await db
    .delete(assessmentResponses)
    .where(and(eq(assessmentResponses.email, email), inArray(assessmentResponses.assessmentId, written)));
  const n = changed(result);
  if (n === 0) throw new HttpError(404, "There is no such answer to delete: it may have been deleted already.");
  return n;
}

/** Deletes every written answer of the learner, in one statement; returns how many went (0 is not an error). */
export async function deleteAllWrittenAnswers(db: Database, rawEmail: string): Promise<number> {
  const email = normaliseEmail(rawEmail);
  const written = db
    .select({ id: assessmentResponses.assessmentId })
    .from(assessmentResponses)
    .innerJoin(assessments, eq(assessments.id, assessmentResponses.assessmentId))
    .where(and(eq(assessmentResponses.email, email), isWrittenAnswer()));
  return changed(
    await db
      .delete(assessmentResponses)
      .where(and(eq(assessmentResponses.email, email), inArray(assessmentResponses.assessmentId, written))),
  );
}

/**
 * Deletes the learner's progress in one course: the lessons visited and completed, and the quiz attempts, in one
 * batch. Written answers and the certificate stay (they are deleted separately, or by the owner's erasure).
 */
export async function deleteCourseProgress(
  db: Database,
  rawEmail: string,
  courseId: number,
): Promise<{ lessons: number; quizAttempts: number }> {
  const email = normaliseEmail(rawEmail);
  const quizzesOfCourse = db
    .select({ id: assessments.id })
    .from(assessments)
    .innerJoin(lessons, eq(lessons.id, assessments.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(and(eq(courseModules.courseId, courseId), eq(assessments.kind, "quiz")));
  const [progress, quizzes] = await db.batch([
    db.delete(lessonProgress).where(and(eq(lessonProgress.email, email), eq(lessonProgress.courseId, courseId))),
    // A quiz attempt holds no text; a row that does (an answer kept on an assessment since made a quiz) is a written answer.
    db
      .delete(assessmentResponses)
      .where(
        and(
          eq(assessmentResponses.email, email),
          eq(assessmentResponses.answer, ""),
          inArray(assessmentResponses.assessmentId, quizzesOfCourse),
        ),
      ),
  ]);
  return { lessons: changed(progress), quizAttempts: changed(quizzes) };
}

/** What erasing `email` would remove, for the confirmation page (counts per kind, the orders by reference). */
export async function learnerErasurePreview(db: Database, rawEmail: string): Promise<LearnerErasure> {
  const email = normaliseEmail(rawEmail);
  const n = (rows: { n: number }[]) => rows[0]?.n ?? 0;
  const [orders, progress, answers, certs, sessions, links, mails, limits] = await db.batch([
    db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.email, email)).orderBy(asc(enrollments.id)),
    db.select({ n: count() }).from(lessonProgress).where(eq(lessonProgress.email, email)),
    db.select({ n: count() }).from(assessmentResponses).where(eq(assessmentResponses.email, email)),
    db.select({ n: count() }).from(certificates).where(eq(certificates.email, email)),
    db.select({ n: count() }).from(learnerSessions).where(eq(learnerSessions.email, email)),
    db.select({ n: count() }).from(accessTokens).where(eq(accessTokens.email, email)),
    db.select({ n: count() }).from(mailLog).where(eq(mailLog.to, email)),
    db.select({ n: count() }).from(rateLimits).where(eq(rateLimits.client, email)),
  ]);
  return {
    email,
    orders: orders.map((row) => orderReference(row.id)),
    progress: n(progress),
    answers: n(answers),
    certificates: n(certs),
    sessions: n(sessions),
    accessLinks: n(links),
    mails: n(mails),
    rateLimits: n(limits),
  };
}

/**
 * The owner's erasure of a learner, on request: in one db.batch, the progress, quiz attempts and written answers,
 * certificates, sessions (signed out everywhere), access links, every e-mail to the address in the mail log (a copy
 * still queued is then never sent) and the rate-limit counters kept for the address; the orders are kept for the
 * accounts, with the address and name blanked. `subject` is what the confirmation page showed (`erasureSubject`): if
 * the address's orders changed since, 409 and nothing is deleted. The newsletter subscription is separate data
 * (its own "Delete on request").
 */
export async function eraseLearner(db: Database, rawEmail: string, subject: string): Promise<LearnerErasure> {
  const email = normaliseEmail(rawEmail);
  if (email === "") throw new HttpError(400, "Enter the learner's e-mail address.");
  const current = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(eq(enrollments.email, email))
    .orderBy(asc(enrollments.id));
  const currentSubject = erasureSubject(current.map((row) => orderReference(row.id)));
  if (currentSubject !== subject) {
    throw new HttpError(409, `The orders of ${email} are not ${subject} any more (now: ${currentSubject}). Look the address up again.`);
  }
  const [orders, progress, answers, certs, sessions, links, mails, limits] = await db.batch([
    db.update(enrollments).set({ email: "", name: "" }).where(eq(enrollments.email, email)).returning({ id: enrollments.id }),
    db.delete(lessonProgress).where(eq(lessonProgress.email, email)),
    db.delete(assessmentResponses).where(eq(assessmentResponses.email, email)),
    db.delete(certificates).where(eq(certificates.email, email)),
    db.delete(learnerSessions).where(eq(learnerSessions.email, email)),
    db.delete(accessTokens).where(eq(accessTokens.email, email)),
    db.delete(mailLog).where(eq(mailLog.to, email)),
    db.delete(rateLimits).where(eq(rateLimits.client, email)),
    // Coupon uses are counts for the owner's limits: kept, without the address (so its per-address limit is forgotten too).
    db.update(couponRedemptions).set({ email: "" }).where(eq(couponRedemptions.email, email)),
    // Which opened modules the drip e-mails told of (app/server/learning/drip.server.ts).
    db.delete(dripNotices).where(eq(dripNotices.email, email)),
    // Gifts: received (the order was blanked above), with the buyer's message to them; or given, without the address.
    db.update(gifts).set({ recipientEmail: "", recipientName: "", message: "" }).where(eq(gifts.recipientEmail, email)),
    db.update(gifts).set({ buyerEmail: "" }).where(eq(gifts.buyerEmail, email)),
    // What the address's unproven sessions (just deleted) did on their own keys goes with them.
    ...orphanedPendingDataDeletes(db),
  ]);
  return {
    email,
    orders: orders.map((row) => orderReference(row.id)).sort(),
    progress: changed(progress),
    answers: changed(answers),
    certificates: changed(certs),
    sessions: changed(sessions),
    accessLinks: changed(links),
    mails: changed(mails),
    rateLimits: changed(limits),
  };
}
