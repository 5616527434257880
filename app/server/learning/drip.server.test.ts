/**
 * Drip release: a lesson locked on day 0 and open on day 7, the daily e-mail (exactly one, at most one a
 * day per learner even across courses, none twice, switchable per course, raced), and the lock enforced by the server:
 * the lesson page's content, completing, quizzes and written answers.
 */
import { env } from "cloudflare:test";
import { assert, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../../workers/app";
import { buyerEmail, insertEnrollment, routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { mailRows } from "../../../tests/support/mail";
import * as learnLayout from "~/routes/learn/layout";
import * as lessonRoute from "~/routes/learn/lesson";
import * as resumeRoute from "~/routes/learn/resume";
import type { MailQueueBody } from "../mail/mail.server";
import { forgetSharedReads } from "../content/shared-reads.server";
import { lessonOpensAtFor, sendDripMail } from "./drip.server";
import { exportLearnerData } from "./learner-data.server";
import { cronRuns } from "../operator/operator.server";
import { RETENTION_CRON } from "../site/retention.server";
import { LEARNER_COOKIE, startLearnerSession } from "./learner.server";

const ORIGIN = "https://site.example";
const DAY0 = "2026-11-02T10:00:00.000Z";
/** The daily cron's time (03:17 UTC) on the day `n` days after DAY0's. */
const cronOn = (n: number) => new Date(Date.UTC(2026, 10, 2 + n, 3, 17));

function fakeQueue() {
  const sent: MailQueueBody[] = [];
  const send = async (body: MailQueueBody) => {
    sent.push(body);
  };
  return { sent, send } as unknown as Pick<Queue<MailQueueBody>, "send"> & { sent: MailQueueBody[] };
}

type Lesson = { id: number; moduleIndex: number; freePreview: number; quiz: number };
/** A course's lessons in order, with their module's place (0 = the first) and whether they have a quiz. */
async function lessonsOf(courseId: number) {
  const { results } = await env.DB.prepare(
    `SELECT l.id, l.free_preview AS freePreview,
       (SELECT count(*) FROM course_modules m2 WHERE m2.course_id = m.course_id AND m2.position < m.position) AS moduleIndex,
       EXISTS (SELECT 1 FROM assessments a WHERE a.lesson_id = l.id AND a.kind = 'quiz') AS quiz
     FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = ? ORDER BY m.position, l.position`,
  )
    .bind(courseId)
    .all<Lesson>();
  return results;
}

async function drip(courseId: number, settings: { mode: string; days?: number; email?: boolean }) {
  await env.DB.prepare("UPDATE courses SET drip_mode = ?, drip_days = ?, drip_email = ? WHERE id = ?")
    .bind(settings.mode, settings.days ?? 7, settings.email === false ? 0 : 1, courseId)
    .run();
  // The outline is kept per content version; these tests rewrite the row under the same version.
  forgetSharedReads();
}

async function enrolAt(email: string, courseId: number, at: string) {
  const row = await insertEnrollment(testDb(), { email, courseId });
  await env.DB.prepare("UPDATE enrollments SET created_at = ? WHERE id = ?").bind(at, row.id).run();
}

const dripMails = () =>
  mailRows<{ to: string; subject: string; text: string }>(
    `SELECT "to", subject, text FROM mail_log WHERE kind = 'modules-opened' ORDER BY id`,
  );

beforeEach(async () => {
  await seedTestDb();
});

describe("a lesson locked on day 0, open on day 7, and its e-mail", () => {
  it("is locked until 00:00 UTC of day 7, then open; the cron of day 7 sends exactly one e-mail, a second run none", async () => {
    const db = testDb();
    await drip(1, { mode: "modules", days: 7 });
    const email = buyerEmail();
    await enrolAt(email, 1, DAY0);
    const lesson = (await lessonsOf(1)).find((l) => l.moduleIndex === 1);
    assert(lesson, "course 1 has a second module with a lesson");
    const ids = { email, courseId: 1, lessonId: lesson.id };

    expect((await lessonOpensAtFor(db, ids, new Date(DAY0)))?.toISOString()).toBe("2026-11-09T00:00:00.000Z");
    expect(await lessonOpensAtFor(db, ids, cronOn(6))).not.toBeNull();
    expect(await lessonOpensAtFor(db, ids, cronOn(7))).toBeNull();

    const queue = fakeQueue();
    for (const n of [0, 1, 6]) expect(await sendDripMail(db, { db, queue }, ORIGIN, cronOn(n))).toEqual({ learners: 0, emails: 0 });
    expect(await dripMails()).toEqual([]);

    expect(await sendDripMail(db, { db, queue }, ORIGIN, cronOn(7))).toEqual({ learners: 1, emails: 1 });
    expect(await sendDripMail(db, { db, queue }, ORIGIN, new Date(cronOn(7).getTime() + 5 * 60_000))).toEqual({ learners: 1, emails: 0 });
    const mails = await dripMails();
    expect(mails).toHaveLength(1);
    expect(queue.sent).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toBe(email);
    expect(mail?.text).toContain(`${ORIGIN}/courses/1/learn/${lesson.id}`);
    // The next days tell nothing more (the module was told of), until the next module opens on day 14.
    expect((await sendDripMail(db, { db, queue }, ORIGIN, cronOn(8))).emails).toBe(0);
    expect((await sendDripMail(db, { db, queue }, ORIGIN, cronOn(14))).emails).toBe(1);
    expect(await dripMails()).toHaveLength(2);
    // Day 7's notice is gone by then (kept only while it matters); day 14's stays.
    expect((await env.DB.prepare("SELECT day FROM drip_notices WHERE email = ?").bind(email).all()).results).toEqual([
      { day: "2026-11-16" },
    ]);
    // And the learner's download lists it.
    const third = await env.DB.prepare("SELECT title FROM course_modules WHERE course_id = 1 ORDER BY position LIMIT 1 OFFSET 2").first<{
      title: string;
    }>();
    expect((await exportLearnerData(db, email, cronOn(14))).moduleNotices).toEqual([
      { course: "Foundations of Stoic Living", module: third?.title, day: "2026-11-16" },
    ]);
  });

  it("the Worker's daily scheduled handler runs it as of the scheduled time, and records the run", async () => {
    await drip(1, { mode: "modules", days: 7 });
    const email = buyerEmail();
    await enrolAt(email, 1, DAY0);
    vi.spyOn(console, "log").mockImplementation(() => {});
    const run = (at: Date) =>
      worker.scheduled({ cron: RETENTION_CRON, scheduledTime: at.getTime(), noRetry() {} } as ScheduledController, env as never);
    await run(cronOn(6));
    expect(await dripMails()).toEqual([]);
    await run(cronOn(7));
    await run(cronOn(7));
    expect((await dripMails()).map((mail) => mail.to)).toEqual([email]);
    expect((await cronRuns(testDb()))["drip-mail"]).toMatchObject({ at: cronOn(7).toISOString(), ok: true });
  });

  it("three runs at once on day 7 send one e-mail", async () => {
    const db = testDb();
    await drip(1, { mode: "modules", days: 7 });
    const email = buyerEmail();
    await enrolAt(email, 1, DAY0);
    const queue = fakeQueue();
    const runs = await Promise.all([1, 2, 3].map(() => sendDripMail(db, { db, queue }, ORIGIN, cronOn(7))));
    expect(runs.reduce((sum, run) => sum + run.emails, 0)).toBe(1);
    expect((await dripMails()).map((mail) => mail.to)).toEqual([email]);
  });

  it("one e-mail a day per learner though modules of two courses open; none for a course whose e-mail is off", async () => {
    const db = testDb();
    await drip(1, { mode: "modules", days: 7 });
    await drip(2, { mode: "modules", days: 7 });
    const both = buyerEmail();
    const onlyTwo = buyerEmail();
    await enrolAt(both, 1, DAY0);
    await enrolAt(both, 2, DAY0);
    await enrolAt(onlyTwo, 2, DAY0);
    const queue = fakeQueue();
    expect(await sendDripMail(db, { db, queue }, ORIGIN, cronOn(7))).toEqual({ learners: 2, emails: 2 });
    const mails = await dripMails();
    const mine = mails.filter((mail) => mail.to === both);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.subject).toBe("2 new modules are open");
    expect(mine[0]?.text).toContain(`${ORIGIN}/courses/1/learn/`);
    expect(mine[0]?.text).toContain(`${ORIGIN}/courses/2/learn/`);

    // Course 2's e-mail switched off: a learner of course 2 alone hears nothing on the next opening.
    await drip(2, { mode: "modules", days: 7, email: false });
    const later = buyerEmail();
    await enrolAt(later, 2, "2026-11-03T09:00:00.000Z");
    expect((await sendDripMail(db, { db, queue }, ORIGIN, cronOn(8))).emails).toBe(0);
    expect((await dripMails()).some((mail) => mail.to === later)).toBe(false);
  });

  it("what was open on enrolling is no news: a fixed date before the enrolment sends nothing, one after it sends one", async () => {
    const db = testDb();
    await drip(1, { mode: "dates" });
    const [first, second] = await env.DB.prepare("SELECT id FROM course_modules WHERE course_id = 1 ORDER BY position")
      .all<{ id: number }>()
      .then((r) => r.results);
    assert(first && second, "course 1 has two modules");
    await env.DB.prepare("UPDATE course_modules SET drip_date = '2026-11-01' WHERE id = ?").bind(first.id).run();
    await env.DB.prepare("UPDATE course_modules SET drip_date = '2026-11-05' WHERE id = ?").bind(second.id).run();
    const email = buyerEmail();
    await enrolAt(email, 1, DAY0);
    const queue = fakeQueue();
    expect((await sendDripMail(db, { db, queue }, ORIGIN, cronOn(0))).emails).toBe(0);
    expect((await sendDripMail(db, { db, queue }, ORIGIN, cronOn(3))).emails).toBe(1);
    expect((await dripMails())[0]?.subject).toMatch(/^A new module is open: /);
  });
});

// ---- the lock on the server: the lesson page and its actions, as React Router runs them ----------------------------

async function asLearner(kind: "loader" | "action" | "resume", req: Request, params: Record<string, string>) {
  const handlers = { loader: lessonRoute.loader, action: lessonRoute.action, resume: resumeRoute.loader };
  const handler = handlers[kind] as (args: never) => Promise<unknown>;
  const args = routeArgs(req, params);
  const [sessionMiddleware] = learnLayout.middleware;
  assert(sessionMiddleware, "the learning layout's middleware");
  let result: unknown;
  try {
    await sessionMiddleware(args, async () => {
      result = await handler(args as never);
      return new Response(null);
    });
  } catch (thrown) {
    return thrown;
  }
  return result;
}

type Answer = {
  data: { ok?: boolean; message?: string; opensAt?: string | null; lesson?: { blocks: unknown[]; assessments: unknown[] } };
  init: { status?: number } | null;
};

const post = (cookie: string, fields: Record<string, string>) =>
  new Request("http://localhost/courses/1/learn/0", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    body: new URLSearchParams(fields),
  });

describe("the lock is the server's", () => {
  it("a locked lesson's page is a 403 with its date and none of its content; completing, quizzes and answers are refused 403", async () => {
    const db = testDb();
    await drip(1, { mode: "modules", days: 7 });
    const email = buyerEmail();
    await insertEnrollment(db, { email, courseId: 1 });
    const session = await startLearnerSession(db, email);
    assert(session, "a session");
    const cookie = `${LEARNER_COOKIE}=${session.token}`;
    const lessons = await lessonsOf(1);
    const locked = lessons.find((l) => l.moduleIndex === 1 && !l.freePreview);
    const lockedQuiz = lessons.find((l) => l.moduleIndex >= 1 && l.quiz);
    const open = lessons.find((l) => l.moduleIndex === 0 && !l.freePreview);
    assert(locked && lockedQuiz && open, "course 1 has an open lesson, a locked one and a locked quiz");
    const written = await env.DB.prepare("SELECT id FROM assessments WHERE lesson_id = ? AND kind != 'quiz'")
      .bind(locked.id)
      .first<{ id: number }>();
    assert(written, "the locked lesson has a written assessment");

    const page = (id: number) =>
      asLearner("loader", new Request(`http://localhost/courses/1/learn/${id}`, { headers: { Cookie: cookie } }), {
        id: "1",
        lessonId: String(id),
      }) as Promise<Answer>;
    const lockedPage = await page(locked.id);
    expect(lockedPage.init?.status).toBe(403);
    expect(lockedPage.data.opensAt).toMatch(/T00:00:00\.000Z$/);
    expect(lockedPage.data.lesson?.blocks).toEqual([]);
    expect(lockedPage.data.lesson?.assessments).toEqual([]);
    // The locked lesson, the last visited, is not where the course resumes: the first lesson is.
    const resumed = (await asLearner("resume", new Request("http://localhost/courses/1/learn", { headers: { Cookie: cookie } }), {
      id: "1",
    })) as Response;
    expect(resumed.headers.get("Location")).toBe(`/courses/1/learn/${lessons[0]?.id}`);
    // An open lesson is the loader's plain answer (200), with its content.
    const openPage = (await page(open.id)) as unknown as { opensAt: string | null; lesson: { blocks: unknown[] } };
    expect(openPage.opensAt).toBeNull();
    expect(openPage.lesson.blocks.length).toBeGreaterThan(0);

    const act = (id: number, fields: Record<string, string>) =>
      asLearner("action", post(cookie, fields), { id: "1", lessonId: String(id) }) as Promise<Answer>;
    const complete = await act(locked.id, { intent: "complete" });
    expect(complete.init?.status).toBe(403);
    expect(complete.data.message).toMatch(/^This lesson opens on \w+ \d+, \d{4}\./);
    const quiz = await env.DB.prepare("SELECT id FROM assessments WHERE lesson_id = ? AND kind = 'quiz'")
      .bind(lockedQuiz.id)
      .first<{ id: number }>();
    // One answer of several: an open lesson's quiz would say 400 "answer every question"; the lock answers first.
    const graded = await act(lockedQuiz.id, { intent: "quiz", assessmentId: String(quiz?.id), "answers.0": "0" });
    expect(graded.init?.status).toBe(403);
    const saved = await act(locked.id, { intent: "answer", assessmentId: String(written.id), answer: "Written too early" });
    expect(saved.init?.status).toBe(403);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM lesson_progress WHERE completed_at IS NOT NULL").first("n")).toBe(0);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM assessment_responses").first("n")).toBe(0);

    // The same lesson, the course back to all at once: open, and completing it works (so the refusals above are the lock's).
    await drip(1, { mode: "all" });
    expect(await page(locked.id)).toMatchObject({ opensAt: null });
    // A success is the action's plain answer (no status of its own).
    if (!locked.quiz) expect(await act(locked.id, { intent: "complete" })).toMatchObject({ ok: true });
  });

  it("the free preview is never locked, even on fixed dates in the future", async () => {
    const db = testDb();
    await drip(1, { mode: "dates" });
    await env.DB.prepare("UPDATE course_modules SET drip_date = '2099-01-01' WHERE course_id = 1").run();
    forgetSharedReads();
    const email = buyerEmail();
    await insertEnrollment(db, { email, courseId: 1 });
    const lessons = await lessonsOf(1);
    const preview = lessons.find((l) => l.freePreview);
    const other = lessons.find((l) => !l.freePreview);
    assert(preview && other, "course 1 has a free preview and another lesson");
    expect(await lessonOpensAtFor(db, { email, courseId: 1, lessonId: preview.id })).toBeNull();
    expect((await lessonOpensAtFor(db, { email, courseId: 1, lessonId: other.id }))?.toISOString()).toBe("2099-01-01T00:00:00.000Z");
  });
});
