/**
 * Issue #24 item 1: whoever has not proved the inbox sees only what they themselves just did. A session started on
 * the payment-success page is unproven: it opens only the course just bought, keeps its progress and answers apart
 * from the address's, cannot see or issue certificates, and is merged into the address when an access link is
 * redeemed in the same browser.
 */
import { env } from "cloudflare:test";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { buyerEmail, insertEnrollment, routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { bindStripeEmulatorPerTest, payInBrowser } from "../../../tests/support/stripe";
import * as createPaymentIntent from "~/routes/api/create-payment-intent";
import * as coursePage from "~/routes/course";
import * as access from "~/routes/learn/access";
import * as complete from "~/routes/learn/complete";
import * as learnHome from "~/routes/learn/home";
import * as learnLayout from "~/routes/learn/layout";
import * as lessonRoute from "~/routes/learn/lesson";
import * as resume from "~/routes/learn/resume";
import * as signOut from "~/routes/learn/sign-out";
import * as paymentSuccessPage from "~/routes/payment-success";
import { LEARNER_COOKIE, getLearnerSession, issueAccessToken, pendingKey, startLearnerSession } from "./learner.server";

const stripe = bindStripeEmulatorPerTest();
beforeEach(async () => {
  await seedTestDb();
});

type Written = { assessmentId: number; lessonId: number };
/** Course 2's written assessments (exercise, reflection) and a lesson without a quiz. */
async function courseTwo() {
  const written = (
    await env.DB.prepare(
      `SELECT a.id AS assessmentId, a.lesson_id AS lessonId FROM assessments a JOIN lessons l ON l.id = a.lesson_id
       JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 2 AND a.kind != 'quiz' ORDER BY a.id`,
    ).all<Written>()
  ).results;
  const lessons = (
    await env.DB.prepare(
      `SELECT l.id FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 2
       AND NOT EXISTS (SELECT 1 FROM assessments a WHERE a.lesson_id = l.id AND a.kind = 'quiz') ORDER BY m.position, l.position`,
    ).all<{ id: number }>()
  ).results.map((row) => row.id);
  const [exercise, reflection] = written;
  assert(exercise && reflection, "course 2's two written assessments");
  return { written: [exercise, reflection] as const, lessons };
}

const cookieOf = (session: { token: string }) => `${LEARNER_COOKIE}=${session.token}`;
const request = (path: string, cookie: string, init: RequestInit = {}) =>
  new Request(`http://localhost${path}`, { ...init, headers: { ...init.headers, Cookie: cookie } });

/** A route's loader or action as React Router runs it under the learning layout (the session read from the cookie). */
async function asLearner(
  module: { loader?: (args: never) => unknown; action?: (args: never) => unknown },
  kind: "loader" | "action",
  req: Request,
  params: Record<string, string>,
) {
  const handler = module[kind];
  if (!handler) throw new Error(`no ${kind}`);
  const args = routeArgs(req, params);
  let result: unknown;
  const [sessionMiddleware] = learnLayout.middleware;
  assert(sessionMiddleware, "the learning layout's middleware");
  try {
    await sessionMiddleware(args, async () => {
      result = await handler(args);
      return new Response(null);
    });
  } catch (thrown) {
    return thrown;
  }
  return result;
}

const post = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
  body: new URLSearchParams(fields),
});

async function answersOf(key: string) {
  return (
    await env.DB.prepare("SELECT assessment_id AS assessmentId, answer FROM assessment_responses WHERE email = ? ORDER BY assessment_id")
      .bind(key)
      .all<{ assessmentId: number; answer: string }>()
  ).results;
}
const progressOf = async (key: string) =>
  (
    await env.DB.prepare("SELECT lesson_id FROM lesson_progress WHERE email = ? ORDER BY lesson_id").bind(key).all<{ lesson_id: number }>()
  ).results.map((row) => row.lesson_id);

/** The victim: owns courses 1 and 2, wrote an answer in course 2, finished course 2 and holds its certificate. */
async function victim() {
  const db = testDb();
  const email = buyerEmail();
  await insertEnrollment(db, { email, courseId: 1 });
  const order = await insertEnrollment(db, { email, courseId: 2 });
  const { written } = await courseTwo();
  await env.DB.prepare(
    "INSERT INTO assessment_responses (email, assessment_id, answer, attempts, updated_at) VALUES (?, ?, 'victim secret', 1, 'x')",
  )
    .bind(email, written[0].assessmentId)
    .run();
  await env.DB.prepare(
    `INSERT INTO lesson_progress (email, lesson_id, course_id, visited_at, completed_at)
     SELECT ?1, l.id, 2, 'x', 'x' FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 2`,
  )
    .bind(email)
    .run();
  await env.DB.prepare("INSERT INTO certificates (id, email, course_id, name) VALUES (?, ?, 2, 'Victim Name')")
    .bind(crypto.randomUUID().replaceAll("-", "").padEnd(43, "x"), email)
    .run();
  // Course 2's order, for sessions started as the payment-success page starts them (they hold one order's grants).
  return { email, written, scope: { scopeCourseId: 2, enrollmentId: order.id } };
}

describe("the payment-success page", () => {
  it("starts an unproven session scoped to the course bought, even with someone else's address", async () => {
    const db = testDb();
    const email = buyerEmail();
    await insertEnrollment(db, { email, courseId: 1 });
    // The attacker buys course 2 with the victim's address.
    const created = await createPaymentIntent.action(
      routeArgs(
        new Request("http://localhost/api/create-payment-intent", {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": "192.0.2.77" },
          body: JSON.stringify({ email, courseId: 2, amount: 79 }),
        }),
      ),
    );
    expect(created.status).toBe(200);
    const { clientSecret, paymentIntentId } = (await created.json()) as { clientSecret: string; paymentIntentId: string };
    await payInBrowser(stripe.emulator, clientSecret, "4242424242424242");
    const query = new URLSearchParams({ payment_intent: paymentIntentId, payment_intent_client_secret: clientSecret });
    const page = (await paymentSuccessPage.loader(routeArgs(`/courses/payment-success?${query}`) as never)) as unknown as {
      data: { signedIn: boolean };
      init: ResponseInit;
    };
    expect(page.data.signedIn).toBe(true);
    const cookie = new Headers(page.init.headers).get("Set-Cookie")?.split(";")[0] ?? "";
    const session = await getLearnerSession(db, request("/learn", cookie));
    expect(session).toMatchObject({ email, scopeCourseId: 2 });
    expect(session?.key).toBe(pendingKey(session!.id));
  });

  it("looks the same for a second purchase of a course the address owns (honoured: ADR 0008) as for a first one", async () => {
    const db = testDb();
    const { email } = await victim(); // owns courses 1 and 2, with an answer and a certificate in course 2
    const buy = async (address: string) => {
      const created = await createPaymentIntent.action(
        routeArgs(
          new Request("http://localhost/api/create-payment-intent", {
            method: "POST",
            headers: { "Content-Type": "application/json", "CF-Connecting-IP": "192.0.2.78" },
            body: JSON.stringify({ email: address, courseId: 2, amount: 79 }),
          }),
        ),
      );
      expect(created.status).toBe(200);
      const { clientSecret, paymentIntentId } = (await created.json()) as { clientSecret: string; paymentIntentId: string };
      await payInBrowser(stripe.emulator, clientSecret, "4242424242424242");
      const query = new URLSearchParams({ payment_intent: paymentIntentId, payment_intent_client_secret: clientSecret });
      const page = (await paymentSuccessPage.loader(routeArgs(`/courses/payment-success?${query}`) as never)) as unknown as {
        data: Record<string, unknown>;
        init: ResponseInit;
      };
      const cookie = new Headers(page.init.headers).get("Set-Cookie")?.split(";")[0] ?? "";
      return { page: page.data, session: await getLearnerSession(db, request("/learn", cookie)) };
    };
    const repeat = await buy(email);
    const first = await buy(buyerEmail());
    // The same answer, field for field but the ids and the address, and the same kind of session.
    const shape = ({ enrollmentId: _id, email: _email, ...rest }: Record<string, unknown>) => rest;
    expect(shape(repeat.page)).toEqual(shape(first.page));
    expect(repeat.page.signedIn).toBe(true);
    expect(repeat.session).toMatchObject({ email, scopeCourseId: 2, enrollmentId: repeat.page.enrollmentId });
    expect(first.session).toMatchObject({ scopeCourseId: 2, enrollmentId: first.page.enrollmentId });
    // The repeat purchase is a paid order of its own, and its session sees nothing the address did before.
    const order = await env.DB.prepare("SELECT status, refund_reason FROM enrollments WHERE id = ?")
      .bind(repeat.page.enrollmentId)
      .first<{ status: string; refund_reason: string }>();
    expect(order).toEqual({ status: "paid", refund_reason: null });
    expect(await answersOf(repeat.session!.key)).toEqual([]);
  });
});

describe("an unproven session", () => {
  it("opens only its own course: /learn, resume, lessons and the course pages", async () => {
    const { email, scope } = await victim();
    const session = (await startLearnerSession(testDb(), email, scope))!;
    const cookie = cookieOf(session);

    const home = (await asLearner(learnHome, "loader", request("/learn", cookie), {})) as {
      learner: { proven: boolean };
      courses: { id: number; completedLessons: number }[];
    };
    expect(home.learner.proven).toBe(false);
    expect(home.courses.map((course) => [course.id, course.completedLessons])).toEqual([[2, 0]]);

    const otherLesson = (await asLearner(lessonRoute, "loader", request("/courses/1/learn/2", cookie), {
      id: "1",
      lessonId: "2",
    })) as Response;
    expect(otherLesson.headers.get("Location")).toBe("/courses/1?access=required");
    const otherResume = (await asLearner(resume, "loader", request("/courses/1/learn", cookie), { id: "1" })) as Response;
    expect(otherResume.headers.get("Location")).toBe("/courses/1?access=required");
    const otherAction = (await asLearner(lessonRoute, "action", request("/courses/1/learn/2", cookie, post({ intent: "complete" })), {
      id: "1",
      lessonId: "2",
    })) as { init: ResponseInit };
    expect(otherAction.init.status).toBe(403);

    const { lessons } = await courseTwo();
    const own = (await asLearner(lessonRoute, "loader", request(`/courses/2/learn/${lessons[1]}`, cookie), {
      id: "2",
      lessonId: String(lessons[1]),
    })) as { hasAccess: boolean; percent: number };
    expect(own).toMatchObject({ hasAccess: true, percent: 0 });

    // The course pages: its own course is owned; any other is not, whatever the address owns; both say what the link opens.
    const courseData = async (id: number) =>
      (await coursePage.loader(routeArgs(request(`/courses/${id}`, cookie), { id: String(id) }) as never)) as {
        owned: boolean;
        unprovenEmail: string | null;
      };
    expect(await courseData(2)).toMatchObject({ owned: true, unprovenEmail: email });
    expect(await courseData(1)).toMatchObject({ owned: false, unprovenEmail: email });
  });

  it("never reads or overwrites the address's older answers and progress", async () => {
    const { email, written, scope } = await victim();
    const session = (await startLearnerSession(testDb(), email, scope))!;
    const cookie = cookieOf(session);
    const target = written[0];
    const params = { id: "2", lessonId: String(target.lessonId) };
    const page = (await asLearner(lessonRoute, "loader", request(`/courses/2/learn/${target.lessonId}`, cookie), params)) as {
      lesson: { assessments: { id: number; answer?: string }[] };
    };
    expect(JSON.stringify(page)).not.toContain("victim secret");
    expect(page.lesson.assessments.find((a) => a.id === target.assessmentId)?.answer).toBe("");

    // Concurrent saves of the same answer: all land under the session's own key.
    await Promise.all(
      ["mine 1", "mine 2", "mine 3"].map((answer) =>
        asLearner(
          lessonRoute,
          "action",
          request(
            `/courses/2/learn/${target.lessonId}`,
            cookie,
            post({ intent: "answer", assessmentId: String(target.assessmentId), answer }),
          ),
          params,
        ),
      ),
    );
    expect(await answersOf(email)).toEqual([{ assessmentId: target.assessmentId, answer: "victim secret" }]);
    const pending = await answersOf(pendingKey(session.id));
    expect(pending).toHaveLength(1);
    expect(pending[0]?.answer).toMatch(/^mine [123]$/);
    // The visit was recorded under the session's key too, not as the address's place to resume.
    expect(await progressOf(pendingKey(session.id))).toEqual([target.lessonId]);
  });

  it("can neither see nor issue a certificate: the completion page offers the access link instead", async () => {
    const { email, scope } = await victim();
    const db = testDb();
    const session = (await startLearnerSession(db, email, scope))!;
    const cookie = cookieOf(session);
    // Even with every lesson of the course completed in this session.
    await env.DB.prepare(
      `INSERT INTO lesson_progress (email, lesson_id, course_id, visited_at, completed_at)
       SELECT ?1, l.id, 2, 'x', 'x' FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 2`,
    )
      .bind(pendingKey(session.id))
      .run();
    const page = (await asLearner(complete, "loader", request("/courses/2/complete", cookie), { id: "2" })) as Record<string, unknown>;
    expect(page).toMatchObject({ proven: false, email });
    expect(JSON.stringify(page)).not.toContain("Victim Name");
    expect(page).not.toHaveProperty("certificate");
    const issued = (await asLearner(complete, "action", request("/courses/2/complete", cookie, post({ name: "Attacker" })), {
      id: "2",
    })) as {
      init: ResponseInit;
    };
    expect(issued.init.status).toBe(403);
    const certificates = await env.DB.prepare("SELECT name FROM certificates WHERE email = ?").bind(email).all<{ name: string }>();
    expect(certificates.results).toEqual([{ name: "Victim Name" }]);
    // Another course's completion page is closed altogether.
    const other = (await asLearner(complete, "loader", request("/courses/1/complete", cookie), { id: "1" })) as Response;
    expect(other.headers.get("Location")).toBe("/courses/1?access=required");
  });
});

describe("proving the inbox", () => {
  it("merges the unproven session's progress and answers into the address (the newer answer wins), and replaces the session", async () => {
    const { email, written, scope } = await victim();
    const db = testDb();
    const { lessons } = await courseTwo();
    // The address had no progress on the first lesson yet (removed), and its answer to the first assessment.
    await env.DB.prepare("DELETE FROM lesson_progress WHERE email = ? AND lesson_id = ?").bind(email, lessons[0]).run();
    const session = (await startLearnerSession(db, email, scope))!;
    const key = pendingKey(session.id);
    for (const [i, target] of written.slice(0, 2).entries()) {
      await env.DB.prepare("INSERT INTO assessment_responses (email, assessment_id, answer, attempts, updated_at) VALUES (?, ?, ?, 1, 'y')")
        .bind(key, target.assessmentId, `pending ${i}`)
        .run();
    }
    await env.DB.prepare("INSERT INTO lesson_progress (email, lesson_id, course_id, visited_at, completed_at) VALUES (?, ?, 2, 'y', 'y')")
      .bind(key, lessons[0])
      .run();

    const token = await issueAccessToken(db, { email, courseId: 2, ttlMinutes: 60 });
    const response = (await access
      .loader(routeArgs(request(`/learn/access/${token}`, cookieOf(session)), { token }) as never)
      .catch((thrown: unknown) => thrown)) as Response;
    expect(response.headers.get("Location")).toBe("/courses/2/learn");

    // The pending answers are newer ('y') than the address's ('x'): the latest answer wins (the full rules:
    // unproven-work.server.test.ts).
    expect(await answersOf(email)).toEqual([
      { assessmentId: written[0].assessmentId, answer: "pending 0" },
      { assessmentId: written[1].assessmentId, answer: "pending 1" },
    ]);
    expect(await progressOf(email)).toContain(lessons[0]);
    expect(await answersOf(key)).toEqual([]);
    expect(await progressOf(key)).toEqual([]);
    // The unproven session is gone; the new cookie's session is proven and reads the address.
    expect(await getLearnerSession(db, request("/learn", cookieOf(session)))).toBeNull();
    const proven = await getLearnerSession(db, request("/learn", response.headers.get("Set-Cookie")?.split(";")[0] ?? ""));
    expect(proven).toMatchObject({ email, scopeCourseId: null, key: email });
  });
});

describe("pending data", () => {
  it("goes with its session: on sign-out, and when the session expires", async () => {
    const { email, written, scope } = await victim();
    const db = testDb();
    const pendingAnswer = (key: string) =>
      env.DB.prepare("INSERT INTO assessment_responses (email, assessment_id, answer, attempts, updated_at) VALUES (?, ?, 'p', 1, 'y')")
        .bind(key, written[1].assessmentId)
        .run();

    const signedOut = (await startLearnerSession(db, email, scope))!;
    await pendingAnswer(pendingKey(signedOut.id));
    await signOut.action(routeArgs(request("/learn/sign-out", cookieOf(signedOut), post({}))) as never);
    expect(await answersOf(pendingKey(signedOut.id))).toEqual([]);

    const start = new Date("2026-01-01T00:00:00Z");
    const expiring = (await startLearnerSession(db, email, scope, start))!;
    await pendingAnswer(pendingKey(expiring.id));
    const live = (await startLearnerSession(db, email, scope))!;
    await pendingAnswer(pendingKey(live.id));
    // Expired sessions (and their pending rows) are deleted as a new session starts.
    await startLearnerSession(db, buyerEmail());
    expect(await answersOf(pendingKey(expiring.id))).toEqual([]);
    expect(await answersOf(pendingKey(live.id))).toHaveLength(1);
    // The address's own answers are untouched.
    expect(await answersOf(email)).toEqual([{ assessmentId: written[0].assessmentId, answer: "victim secret" }]);
  });
});
