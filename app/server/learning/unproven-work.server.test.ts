/**
 * Issue #37, §3.1: work done in an unproven session (the payment-success page's) reaches the address only when the inbox's
 * owner says so, and a merge keeps the furthest state of every row: completed beats visited, the best quiz result and the
 * latest answer win. Merges and the learners' own writes race here for real (Promise.all against local D1).
 */
import { env } from "cloudflare:test";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { buyerEmail, insertEnrollment, routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import * as access from "~/routes/learn/access";
import * as learnHome from "~/routes/learn/home";
import * as learnLayout from "~/routes/learn/layout";
import * as unprovenRoute from "~/routes/learn/unproven";
import { issueAccessToken, LEARNER_COOKIE, pendingKey, startLearnerSession } from "./learner.server";
import { markLessonComplete, recordVisit, saveWrittenAnswer, submitQuiz } from "./learning.server";
import { addUnprovenWork, discardUnprovenWork, unprovenWorkOf } from "./unproven-work.server";

beforeEach(async () => {
  await seedTestDb();
});

type Quiz = { assessmentId: number; lessonId: number; correct: number[] };
/** Course 2: its lessons in order, the lessons without a quiz, a written assessment, and a quiz with its key. */
async function courseTwo() {
  const lessons = (
    await env.DB.prepare(
      `SELECT l.id, EXISTS (SELECT 1 FROM assessments a WHERE a.lesson_id = l.id AND a.kind = 'quiz') AS quiz
       FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 2 ORDER BY m.position, l.position`,
    ).all<{ id: number; quiz: number }>()
  ).results;
  const written = await env.DB.prepare(
    `SELECT a.id AS assessmentId, a.lesson_id AS lessonId FROM assessments a JOIN lessons l ON l.id = a.lesson_id
     JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 2 AND a.kind != 'quiz' ORDER BY a.id LIMIT 1`,
  ).first<{ assessmentId: number; lessonId: number }>();
  const quizRow = await env.DB.prepare(
    `SELECT a.id AS assessmentId, a.lesson_id AS lessonId FROM assessments a JOIN lessons l ON l.id = a.lesson_id
     JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 2 AND a.kind = 'quiz' ORDER BY a.id LIMIT 1`,
  ).first<{ assessmentId: number; lessonId: number }>();
  assert(written && quizRow, "course 2 has a written assessment and a quiz");
  const correct = (
    await env.DB.prepare("SELECT correct_choice FROM quiz_questions WHERE assessment_id = ? ORDER BY position")
      .bind(quizRow.assessmentId)
      .all<{ correct_choice: number }>()
  ).results.map((row) => row.correct_choice);
  const quiz: Quiz = { ...quizRow, correct };
  return { lessons: lessons.map((l) => l.id), plain: lessons.filter((l) => !l.quiz).map((l) => l.id), written, quiz };
}

const progressOf = async (key: string) =>
  (
    await env.DB.prepare(
      "SELECT lesson_id AS lessonId, completed_at AS completedAt FROM lesson_progress WHERE email = ? ORDER BY lesson_id",
    )
      .bind(key)
      .all<{ lessonId: number; completedAt: string | null }>()
  ).results;
const completedOf = async (key: string) => (await progressOf(key)).filter((row) => row.completedAt !== null).map((row) => row.lessonId);
const answerOf = (key: string, assessmentId: number) =>
  env.DB.prepare(
    "SELECT answer, score, passed, attempts, updated_at AS updatedAt FROM assessment_responses WHERE email = ? AND assessment_id = ?",
  )
    .bind(key, assessmentId)
    .first<{ answer: string; score: number | null; passed: number; attempts: number; updatedAt: string }>();

/** Opens the access link in a browser holding `cookie` (or none), as the access route does. */
async function openAccessLink(email: string, cookie: string | null) {
  const token = await issueAccessToken(testDb(), { email, courseId: 2, ttlMinutes: 60 });
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  return (await access
    .loader(routeArgs(new Request(`http://localhost/learn/access/${token}`, { headers }), { token }) as never)
    .catch((thrown: unknown) => thrown)) as Response;
}

const t0 = new Date("2026-12-07T10:00:00Z");
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

/** Device A: the buyer, right after paying, in the unproven session; returns it. */
async function deviceA(email: string) {
  const db = testDb();
  const order = await insertEnrollment(db, { email, courseId: 2 });
  const session = await startLearnerSession(db, email, { scopeCourseId: 2, enrollmentId: order.id }, t0);
  assert(session, "an unproven session");
  return { session, key: pendingKey(session.id), cookie: `${LEARNER_COOKIE}=${session.token}` };
}

describe("the same-browser merge (an access link opened on the device that paid)", () => {
  it("keeps the furthest state: a completion beats the address's visit, a pass beats its failed attempt, the newer answer wins", async () => {
    const db = testDb();
    const email = buyerEmail();
    const { plain, written, quiz } = await courseTwo();
    const a = await deviceA(email);
    // Device A: every plain lesson completed, the quiz passed, an answer written (at minute 5).
    for (const lessonId of plain) await markLessonComplete(db, { email: a.key, courseId: 2, lessonId }, at(1));
    await submitQuiz(
      db,
      { email: a.key, courseId: 2, lessonId: quiz.lessonId, assessmentId: quiz.assessmentId, answers: quiz.correct },
      at(2),
    );
    await saveWrittenAnswer(
      db,
      { email: a.key, courseId: 2, lessonId: written.lessonId, assessmentId: written.assessmentId, answer: "from A" },
      at(5),
    );
    // Device B, proven, opened a lesson A completed (a visit only), failed the quiz once and wrote an older answer.
    const first = plain[0];
    assert(first !== undefined, "a lesson without a quiz");
    await recordVisit(db, { email, courseId: 2, lessonId: first }, at(3));
    const wrong = quiz.correct.map((choice) => (choice === 0 ? 1 : 0));
    await submitQuiz(db, { email, courseId: 2, lessonId: quiz.lessonId, assessmentId: quiz.assessmentId, answers: wrong }, at(3));
    await saveWrittenAnswer(
      db,
      { email, courseId: 2, lessonId: written.lessonId, assessmentId: written.assessmentId, answer: "from B" },
      at(4),
    );

    const response = await openAccessLink(email, a.cookie);
    expect(response.headers.get("Location")).toBe("/courses/2/learn");
    expect(await completedOf(email)).toEqual([...plain, quiz.lessonId].sort((x, y) => x - y));
    expect(await answerOf(email, quiz.assessmentId)).toMatchObject({ passed: 1, score: 100, attempts: 1 });
    expect(await answerOf(email, written.assessmentId)).toMatchObject({ answer: "from A" });
    // A newer answer of the address is not overwritten by an older pending one.
    const bEmail = buyerEmail();
    const b = await deviceA(bEmail);
    await saveWrittenAnswer(
      db,
      { email: b.key, courseId: 2, lessonId: written.lessonId, assessmentId: written.assessmentId, answer: "old" },
      at(1),
    );
    await saveWrittenAnswer(
      db,
      { email: bEmail, courseId: 2, lessonId: written.lessonId, assessmentId: written.assessmentId, answer: "new" },
      at(9),
    );
    await openAccessLink(bEmail, b.cookie);
    expect(await answerOf(bEmail, written.assessmentId)).toMatchObject({ answer: "new" });
  });
});

describe("work of unproven sessions elsewhere", () => {
  it("is offered to the proven inbox on another device, counted against the address's record, and added on request", async () => {
    const db = testDb();
    const email = buyerEmail();
    const { lessons, plain, written, quiz } = await courseTwo();
    const a = await deviceA(email);
    const [l1, l2, l3] = plain;
    assert(l1 && l2 && l3, "three plain lessons");
    for (const lessonId of [l1, l2, l3]) await markLessonComplete(db, { email: a.key, courseId: 2, lessonId }, at(1));
    await recordVisit(db, { email: a.key, courseId: 2, lessonId: quiz.lessonId }, at(2));
    await saveWrittenAnswer(
      db,
      { email: a.key, courseId: 2, lessonId: written.lessonId, assessmentId: written.assessmentId, answer: "mine" },
      at(3),
    );
    // Someone else's unproven session, and a session of a refunded purchase: never offered to this address.
    const other = await deviceA(buyerEmail());
    await markLessonComplete(db, { email: other.key, courseId: 2, lessonId: l1 }, at(1));

    // Device B: the e-mailed link, in a browser without the unproven session. It lands on /learn, where the work is offered.
    const response = await openAccessLink(email, null);
    expect(response.headers.get("Location")).toBe("/learn");
    expect(await completedOf(email)).toEqual([]);
    const offered = await unprovenWorkOf(db, email, at(10));
    expect(offered).toEqual([
      {
        courseId: 2,
        courseTitle: expect.any(String),
        lessonsCompleted: 3,
        lessonsOpened: 1,
        answers: 1,
        quizResults: 0,
        from: t0.toISOString(),
        to: at(3).toISOString(),
      },
    ]);

    await addUnprovenWork(db, email, 2, at(10));
    expect(await completedOf(email)).toEqual([l1, l2, l3].sort((x, y) => x - y));
    expect((await progressOf(email)).map((row) => row.lessonId)).toContain(quiz.lessonId);
    expect(await answerOf(email, written.assessmentId)).toMatchObject({ answer: "mine" });
    // Added work is no longer offered; device A still shows what it did; the other address's work stayed its own.
    expect(await unprovenWorkOf(db, email, at(10))).toEqual([]);
    expect(await completedOf(a.key)).toHaveLength(3);
    expect(await completedOf(other.key)).toEqual([l1]);
    // Device A goes on: only the new work is offered next.
    const l4 = plain[3] ?? lessons.find((id) => ![l1, l2, l3].includes(id));
    assert(l4 !== undefined, "a fourth lesson");
    await markLessonComplete(db, { email: a.key, courseId: 2, lessonId: l4 }, at(20));
    expect(await unprovenWorkOf(db, email, at(21))).toMatchObject([{ lessonsCompleted: 1, lessonsOpened: 0, answers: 0 }]);
  });

  it("is deleted by Discard, and a refunded course's session or an expired one is never offered", async () => {
    const db = testDb();
    const email = buyerEmail();
    const { plain, written } = await courseTwo();
    const a = await deviceA(email);
    await markLessonComplete(db, { email: a.key, courseId: 2, lessonId: plain[0]! }, at(1));
    await saveWrittenAnswer(
      db,
      { email: a.key, courseId: 2, lessonId: written.lessonId, assessmentId: written.assessmentId, answer: "x" },
      at(1),
    );
    expect(await unprovenWorkOf(db, email, at(2))).toHaveLength(1);
    // Past the session's 30 days it is not offered (and is deleted as sessions start).
    expect(await unprovenWorkOf(db, email, new Date("2027-02-01T00:00:00Z"))).toEqual([]);

    await discardUnprovenWork(db, email, 2, at(2));
    expect(await unprovenWorkOf(db, email, at(2))).toEqual([]);
    expect(await progressOf(a.key)).toEqual([]);
    expect(await answerOf(a.key, written.assessmentId)).toBeNull();
    expect(await progressOf(email)).toEqual([]);

    // A course refunded without access: its session's work is not the address's to add.
    const refunded = buyerEmail();
    const refundedOrder = await insertEnrollment(db, { email: refunded, courseId: 2, status: "refunded" });
    const session = (await startLearnerSession(db, refunded, { scopeCourseId: 2, enrollmentId: refundedOrder.id }, t0))!;
    await markLessonComplete(db, { email: pendingKey(session.id), courseId: 2, lessonId: plain[0]! }, at(1));
    expect(await unprovenWorkOf(db, refunded, at(2))).toEqual([]);
    await addUnprovenWork(db, refunded, 2, at(2));
    expect(await progressOf(refunded)).toEqual([]);
  });
});

/** A loader or action under the learning layout's middleware (the session read from the cookie), as React Router runs it. */
async function underLayout(run: (args: never) => unknown, req: Request) {
  const args = routeArgs(req);
  const [middleware] = learnLayout.middleware;
  assert(middleware, "the learning layout's middleware");
  let result: unknown;
  try {
    await middleware(args, async () => {
      result = await run(args as never);
      return new Response(null);
    });
  } catch (thrown) {
    return thrown;
  }
  return result;
}
const postForm = (cookie: string, fields: Record<string, string>) =>
  new Request("http://localhost/learn/unproven", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Cookie: cookie },
    body: new URLSearchParams(fields),
  });

describe("/learn and POST /learn/unproven", () => {
  it("/learn offers the work to a proven session only; Add needs one (403 for the unproven session), then /learn says so", async () => {
    const db = testDb();
    const email = buyerEmail();
    const { plain } = await courseTwo();
    const a = await deviceA(email);
    await markLessonComplete(db, { email: a.key, courseId: 2, lessonId: plain[0]! });
    const proven = (await startLearnerSession(db, email))!;
    const provenCookie = `${LEARNER_COOKIE}=${proven.token}`;
    const home = (cookie: string) =>
      underLayout(learnHome.loader as never, new Request("http://localhost/learn", { headers: { Cookie: cookie } })) as Promise<{
        unproven: { courseId: number; lessonsCompleted: number }[];
      }>;
    expect((await home(a.cookie)).unproven).toEqual([]);
    expect((await home(provenCookie)).unproven).toMatchObject([{ courseId: 2, lessonsCompleted: 1 }]);

    const refused = (await underLayout(unprovenRoute.action as never, postForm(a.cookie, { intent: "add", courseId: "2" }))) as {
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(403);
    const bad = (await underLayout(unprovenRoute.action as never, postForm(provenCookie, { intent: "keep", courseId: "2" }))) as {
      init: ResponseInit;
    };
    expect(bad.init.status).toBe(400);
    expect(await completedOf(email)).toEqual([]);

    const added = (await underLayout(unprovenRoute.action as never, postForm(provenCookie, { intent: "add", courseId: "2" }))) as Response;
    expect(added.headers.get("Location")).toBe("/learn?notice=unproven-added");
    expect(await completedOf(email)).toEqual([plain[0]]);
    expect((await home(provenCookie)).unproven).toEqual([]);
  });
});

describe("merges racing each other and the learners' own writes", () => {
  it("two Adds, the same-browser merge and the address's own completions and quiz at once lose nothing", async () => {
    const db = testDb();
    const email = buyerEmail();
    const { plain, written, quiz } = await courseTwo();
    const [l1, l2, l3] = plain;
    assert(l1 && l2 && l3, "three plain lessons");
    const a = await deviceA(email);
    // Device A: l1 completed, l2 visited, the quiz failed twice, an answer.
    await markLessonComplete(db, { email: a.key, courseId: 2, lessonId: l1 }, at(1));
    await recordVisit(db, { email: a.key, courseId: 2, lessonId: l2 }, at(1));
    const wrong = quiz.correct.map((choice) => (choice === 0 ? 1 : 0));
    for (const minute of [2, 3])
      await submitQuiz(
        db,
        { email: a.key, courseId: 2, lessonId: quiz.lessonId, assessmentId: quiz.assessmentId, answers: wrong },
        at(minute),
      );
    await saveWrittenAnswer(
      db,
      { email: a.key, courseId: 2, lessonId: written.lessonId, assessmentId: written.assessmentId, answer: "A" },
      at(4),
    );
    // Device B (proven) visited l1 only.
    await recordVisit(db, { email, courseId: 2, lessonId: l1 }, at(5));

    // All at once: two tabs press Add, device A opens the link (its own merge), and device B completes l2 and l3 and
    // passes the quiz.
    const quizArgs = { email, courseId: 2, lessonId: quiz.lessonId, assessmentId: quiz.assessmentId, answers: quiz.correct };
    const results = await Promise.allSettled([
      addUnprovenWork(db, email, 2, at(6)),
      addUnprovenWork(db, email, 2, at(6)),
      openAccessLink(email, a.cookie),
      markLessonComplete(db, { email, courseId: 2, lessonId: l2 }, at(6)),
      markLessonComplete(db, { email, courseId: 2, lessonId: l3 }, at(6)),
      submitQuiz(db, quizArgs, at(6)),
    ]);
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);

    const completed = await completedOf(email);
    for (const lessonId of [l1, l2, l3, quiz.lessonId]) expect(completed).toContain(lessonId);
    // The pass stands whichever came first; attempts are not added twice by the repeated merges (A's 2, B's 1: at most 3).
    const result = await answerOf(email, quiz.assessmentId);
    expect(result).toMatchObject({ passed: 1, score: 100 });
    expect(result?.attempts).toBeGreaterThanOrEqual(2);
    expect(result?.attempts).toBeLessThanOrEqual(3);
    expect(await answerOf(email, written.assessmentId)).toMatchObject({ answer: "A" });
    expect(await unprovenWorkOf(db, email, at(7))).toEqual([]);
  });
});
