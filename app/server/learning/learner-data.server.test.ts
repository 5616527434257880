/**
 * A learner's data in the learner's hands (issue #24): the download (JSON and HTML), the learner's deletions at
 * /learn/data, the refusal of sessions that did not prove the inbox, and the owner's erasure of a learner.
 */
import { env } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { adminCookie, editorCookie } from "../../../tests/support/admin";
import { buyerEmail, insertEnrollment, routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { asRouted } from "../../../tests/support/routes";
import * as adminLayout from "~/routes/admin/layout";
import * as eraseRoute from "~/routes/admin/learner-erase";
import * as dataRoute from "~/routes/learn/data";
import * as downloadRoute from "~/routes/learn/data-download";
import { orderReference } from "~/lib/format";
import { knownLearner, learnerContext, learnerSessionMiddleware } from "./learner-context.server";
import type { LearnerDataExport } from "./learner-data.server";
import { LEARNER_COOKIE, pendingKey, startLearnerSession } from "./learner.server";
import { recordVisit, saveWrittenAnswer, submitQuiz } from "./learning.server";

/**
 * A learning route's loader or action with the learner its layout's middleware sets up from the request's cookie (the
 * middleware itself is run around a stand-in answer: it sets headers on Responses only, and these handlers also answer data).
 */
const asLearner =
  (handler: (args: never) => unknown) =>
  async (args: unknown): Promise<unknown> => {
    const { request } = args as { request: Request };
    const context = new RouterContextProvider();
    await learnerSessionMiddleware({ request, context }, async () => new Response(null));
    return handler({ ...(args as object), context } as never);
  };
const download = asLearner(downloadRoute.loader);
const dataPage = asLearner(dataRoute.loader);
const dataAction = asLearner(dataRoute.action);
const erasePage = asRouted(eraseRoute, "loader", [adminLayout]);
const eraseAction = asRouted(eraseRoute, "action", [adminLayout]);

type Written = { assessmentId: number; lessonId: number; courseId: number };

/** The seeded exercises and reflections of a course, and its first quiz with a failing and a passing answer. */
async function assessmentsOf(courseId: number) {
  const rows = (
    await env.DB.prepare(
      `SELECT a.id, a.kind, a.lesson_id FROM assessments a JOIN lessons l ON l.id = a.lesson_id
       JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = ? ORDER BY m.position, l.position, a.id`,
    )
      .bind(courseId)
      .all<{ id: number; kind: string; lesson_id: number }>()
  ).results;
  const written: Written[] = rows
    .filter((row) => row.kind !== "quiz")
    .map((row) => ({ assessmentId: row.id, lessonId: row.lesson_id, courseId }));
  const quiz = rows.find((row) => row.kind === "quiz");
  const [firstWritten, secondWritten, ...moreWritten] = written;
  if (!quiz || !firstWritten || !secondWritten) throw new Error(`course ${courseId} lacks a quiz or two written assessments`);
  const questions = (
    await env.DB.prepare("SELECT correct_choice FROM quiz_questions WHERE assessment_id = ? ORDER BY position")
      .bind(quiz.id)
      .all<{ correct_choice: number }>()
  ).results;
  return {
    written: [firstWritten, secondWritten, ...moreWritten] as const,
    quiz: { assessmentId: quiz.id, lessonId: quiz.lesson_id, courseId, answers: questions.map((q) => q.correct_choice) },
  };
}

/** A buyer of courses 1 and 2 with progress, a quiz attempt and written answers in both, a receipt in the mail log. */
async function learnerWithData(marker: string) {
  const db = await seedTestDb();
  const email = buyerEmail();
  const first = await insertEnrollment(db, { email, courseId: 1, name: "Ada Lovelace" });
  const second = await insertEnrollment(db, { email, courseId: 2, name: "Ada Lovelace" });
  const one = await assessmentsOf(1);
  const two = await assessmentsOf(2);
  for (const course of [one, two]) {
    await recordVisit(db, { email, courseId: course.quiz.courseId, lessonId: course.quiz.lessonId });
    await submitQuiz(db, { email, ...course.quiz });
  }
  await saveWrittenAnswer(db, { email, ...one.written[0], answer: `My reflection on ${marker}: <b>not markup</b>.` });
  await saveWrittenAnswer(db, { email, ...one.written[1], answer: "A second answer." });
  await saveWrittenAnswer(db, { email, ...two.written[0], answer: "An answer in the second course." });
  await env.DB.prepare(
    `INSERT INTO mail_log ("to", subject, kind, data, status, sent_at) VALUES (?, 'Your receipt', 'receipt', '{"courseTitle":"Stoa","amountCents":4900,"currency":"usd","paidAt":"2026-01-01T00:00:00.000Z","orderReference":"EL-000001","accessUrl":"https://x.org/learn/access/t","learnUrl":"https://x.org/learn","contactEmail":"hello@x.org"}', 'sent', '2026-01-01T00:00:00.000Z')`,
  )
    .bind(email)
    .run();
  await env.DB.prepare("INSERT INTO certificates (id, email, course_id, name) VALUES (?, ?, 1, 'Ada Lovelace')")
    .bind(`cert-${crypto.randomUUID()}`, email)
    .run();
  const session = await startLearnerSession(db, email);
  if (!session) throw new Error("Learner sign-in is off: LEARNER_SESSION_SECRET is missing from the test bindings");
  return { db, email, cookie: `${LEARNER_COOKIE}=${session.token}`, orders: [first.id, second.id] as const, one, two };
}

const learnerGet = (path: string, cookie: string) => routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }));
const learnerPost = (fields: Record<string, string>, cookie: string, origin = "http://localhost") =>
  routeArgs(
    new Request("http://localhost/learn/data", {
      method: "POST",
      headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
  );

/** What a loader or action returned or threw, as a status and body. */
async function outcome(run: () => Promise<unknown>): Promise<{ status: number; body: unknown; response?: Response }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const text = await value.clone().text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: value.status, body, response: value };
  }
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const { init, data } = value as unknown as { init: ResponseInit | null; data: unknown };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: value };
}

const count = async (sql: string, ...values: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...values)
      .first<{ n: number }>()
  )?.n ?? 0;

/** Every table of the database (search index and its shadow tables, mail log, revisions, audit log included) holding `text`. */
async function tablesHolding(text: string) {
  const tables = (
    await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
    ).all<{ name: string }>()
  ).results.map((row) => row.name);
  const holding: string[] = [];
  for (const table of tables) {
    const columns = (await env.DB.prepare("SELECT name FROM pragma_table_info(?)").bind(table).all<{ name: string }>()).results;
    if (columns.length === 0) continue;
    const where = columns.map((column) => `instr(CAST("${column.name}" AS TEXT), ?1) > 0`).join(" OR ");
    if ((await count(`SELECT count(*) AS n FROM "${table}" WHERE ${where}`, text)) > 0) holding.push(table);
  }
  return { tables, holding };
}

describe("the download", () => {
  it("holds everything stored about the address, with a reflection's marker word, as a JSON attachment never cached", async () => {
    const marker = `marker${crypto.randomUUID().slice(0, 8)}`;
    const { email, cookie, orders } = await learnerWithData(marker);
    const other = buyerEmail();
    await insertEnrollment(testDb(), { email: other, courseId: 1 });

    const { status, body, response } = await outcome(() => download(learnerGet("/learn/data/download?format=json", cookie)));
    expect(status).toBe(200);
    expect(response?.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response?.headers.get("Content-Disposition")).toMatch(/^attachment; filename="examined-life-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response?.headers.get("Cache-Control")).toBe("private, no-store");
    const exported = body as LearnerDataExport;
    expect(exported.email).toBe(email);
    expect(exported.orders.map((order) => order.reference)).toEqual(orders.map(orderReference));
    expect(exported.orders[0]).toMatchObject({
      amount: "$49.00",
      amountCents: 4900,
      currency: "usd",
      status: "paid",
      name: "Ada Lovelace",
    });
    expect(exported.orders[0]?.course).toBeTruthy();
    expect(exported.progress.length).toBeGreaterThanOrEqual(2);
    expect(exported.quizAttempts).toHaveLength(2);
    expect(exported.quizAttempts[0]).toMatchObject({ passed: true, score: 100, attempts: 1 });
    expect(exported.writtenAnswers).toHaveLength(3);
    const reflection = exported.writtenAnswers.find((answer) => answer.answer.includes(marker));
    expect(reflection).toMatchObject({ answer: `My reflection on ${marker}: <b>not markup</b>.` });
    expect(reflection?.assessment && reflection.lesson && reflection.course).toBeTruthy();
    expect(exported.certificates).toHaveLength(1);
    expect(exported.certificates[0]?.path).toMatch(/^\/certificates\/cert-/);
    expect(exported.emails).toEqual([
      expect.objectContaining({
        kind: "receipt",
        subject: "Your receipt",
        status: "sent",
        // Rendered again from what it was written from: the mail log keeps no body.
        text: expect.stringContaining("EL-000001"),
      }),
    ]);
    expect(exported.sessions.active).toBe(1);
    // Nothing of another buyer.
    expect(JSON.stringify(exported)).not.toContain(other);
  });

  it("as a readable HTML document: the same data, every value escaped, no script", async () => {
    const marker = `marker${crypto.randomUUID().slice(0, 8)}`;
    const { cookie } = await learnerWithData(marker);
    const { status, body, response } = await outcome(() => download(learnerGet("/learn/data/download?format=html", cookie)));
    expect(status).toBe(200);
    expect(response?.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response?.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+\.html"$/);
    const html = body as string;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain(`My reflection on ${marker}: &lt;b&gt;not markup&lt;/b&gt;.`);
    expect(html).not.toContain("<b>not markup</b>");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("<caption>Your orders (kept for the accounts)</caption>");
    expect(html).toContain("@media print");
  });

  it("refuses a bad format with 400 { message }, and sends a learner without a session to the page that explains", async () => {
    const { cookie } = await learnerWithData("x");
    const bad = await outcome(() => download(learnerGet("/learn/data/download?format=pdf", cookie)));
    expect(bad).toMatchObject({ status: 400, body: { message: 'The "format" must be json or html.' } });
    const none = await outcome(() => download(learnerGet("/learn/data/download?format=json", "")));
    expect(none.status).toBe(302);
    expect(none.response?.headers.get("Location")).toBe("/learn/data");
  });
});

describe("only a learner who proved the inbox", () => {
  /** A session started on the payment-success page: it carries the one course it opens (the learner-session change). */
  function unprovenContext(email: string) {
    const context = new RouterContextProvider();
    context.set(
      learnerContext,
      knownLearner({
        id: "unproven",
        email,
        expiresAt: "2999-01-01T00:00:00.000Z",
        scopeCourseId: 1,
        enrollmentId: null,
        key: pendingKey("unproven"),
      }),
    );
    return context;
  }
  const withContext = (args: unknown, context: RouterContextProvider) => ({ ...(args as object), context }) as never;

  it("an unproven session may neither download nor delete; the page says the e-mailed link is needed", async () => {
    const marker = `marker${crypto.randomUUID().slice(0, 8)}`;
    const { email } = await learnerWithData(marker);
    const context = unprovenContext(email);

    const fetched = await outcome(() => downloadRoute.loader(withContext(routeArgs("/learn/data/download?format=json"), context)));
    expect(fetched.status).toBe(302);
    const page = await outcome(() => dataRoute.loader(withContext(routeArgs("/learn/data"), context)));
    expect(page.body).toEqual({ proven: false, signedIn: true });
    const deleting = await outcome(() =>
      dataRoute.action(withContext(learnerPost({ intent: "delete-answers", confirm: "yes" }, ""), context)),
    );
    expect(deleting).toMatchObject({ status: 403, body: { ok: false, message: expect.stringContaining("access link") } });
    expect(await count("SELECT count(*) AS n FROM assessment_responses WHERE email = ? AND answer LIKE ?", email, `%${marker}%`)).toBe(1);
  });

  it("without a session the page says so too", async () => {
    await seedTestDb();
    expect((await outcome(() => dataPage(learnerGet("/learn/data", "")))).body).toEqual({ proven: false, signedIn: false });
  });
});

describe("deleting answers and progress", () => {
  it("'delete all answers' leaves the reflection's marker word nowhere in D1, and keeps quiz attempts and progress", async () => {
    const marker = `marker${crypto.randomUUID().slice(0, 8)}`;
    const { email, cookie } = await learnerWithData(marker);
    const before = await tablesHolding(marker);
    // The scan reads every table, the ones the issue names among them, and does see the marker where it is.
    expect(before.tables).toEqual(
      expect.arrayContaining(["mail_log", "content_revisions", "audit_log", "search_index", "assessment_responses"]),
    );
    expect(before.holding).toEqual(["assessment_responses"]);

    // Without the ticked box nothing goes.
    const unconfirmed = await outcome(() => dataAction(learnerPost({ intent: "delete-answers" }, cookie)));
    expect(unconfirmed).toMatchObject({ status: 400, body: { message: "Tick the box to confirm deleting all your written answers." } });
    expect((await tablesHolding(marker)).holding).toEqual(["assessment_responses"]);

    const done = await outcome(() => dataAction(learnerPost({ intent: "delete-answers", confirm: "yes" }, cookie)));
    expect(done.status).toBe(302);
    expect(done.response?.headers.get("Location")).toBe("/learn/data?done=answers");
    expect((await tablesHolding(marker)).holding).toEqual([]);
    expect(await count("SELECT count(*) AS n FROM assessment_responses WHERE email = ? AND answer <> ''", email)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM assessment_responses WHERE email = ? AND quiz_answers IS NOT NULL", email)).toBe(2);
    expect(await count("SELECT count(*) AS n FROM lesson_progress WHERE email = ?", email)).toBeGreaterThanOrEqual(2);
  });

  it("deletes one answer only; two deletions of it at once: one deletes, the other is a 404", async () => {
    const { email, cookie, one } = await learnerWithData("x");
    const fields = { intent: "delete-answer", assessmentId: String(one.written[0].assessmentId), confirm: "yes" };
    const [a, b] = await Promise.all([
      outcome(() => dataAction(learnerPost(fields, cookie))),
      outcome(() => dataAction(learnerPost(fields, cookie))),
    ]);
    expect([a.status, b.status].sort()).toEqual([302, 404]);
    expect([a, b].find((each) => each.status === 404)?.body).toMatchObject({
      ok: false,
      message: expect.stringContaining("no such answer"),
    });
    expect(
      await count("SELECT count(*) AS n FROM assessment_responses WHERE email = ? AND assessment_id = ?", email, fields.assessmentId),
    ).toBe(0);
    expect(await count("SELECT count(*) AS n FROM assessment_responses WHERE email = ? AND answer <> ''", email)).toBe(2);
    // A quiz is not a written answer: "delete this answer" does not take an attempt.
    const quiz = await outcome(() =>
      dataAction(learnerPost({ intent: "delete-answer", assessmentId: String(one.quiz.assessmentId), confirm: "yes" }, cookie)),
    );
    expect(quiz.status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM assessment_responses WHERE email = ? AND quiz_answers IS NOT NULL", email)).toBe(2);
  });

  it("deletes the progress and quiz attempts of one course; its written answers, the other course and other learners stay", async () => {
    const { email, cookie } = await learnerWithData("x");
    const neighbour = await learnerWithData("y");
    const done = await outcome(() => dataAction(learnerPost({ intent: "delete-progress", courseId: "1", confirm: "yes" }, cookie)));
    expect(done.status).toBe(302);
    expect(await count("SELECT count(*) AS n FROM lesson_progress WHERE email = ? AND course_id = 1", email)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM lesson_progress WHERE email = ? AND course_id = 2", email)).toBeGreaterThan(0);
    expect(await count("SELECT count(*) AS n FROM assessment_responses WHERE email = ? AND quiz_answers IS NOT NULL", email)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM assessment_responses WHERE email = ? AND answer <> ''", email)).toBe(3);
    expect(await count("SELECT count(*) AS n FROM lesson_progress WHERE email = ? AND course_id = 1", neighbour.email)).toBeGreaterThan(0);
  });

  it("refuses cross-site posts (403), bad fields (400) and posts that are not forms (415), deleting nothing", async () => {
    const { email, cookie } = await learnerWithData("x");
    const cases: [Record<string, string>, string, number, string][] = [
      [{ intent: "delete-answers", confirm: "yes" }, "https://evil.example", 403, "Cross-site requests are not allowed."],
      [
        { intent: "delete-everything", confirm: "yes" },
        "http://localhost",
        400,
        'The "intent" must be delete-answer, delete-answers or delete-progress.',
      ],
      [{ intent: "delete-answer", assessmentId: "abc", confirm: "yes" }, "http://localhost", 400, 'The "assessmentId" must be a number.'],
      [{ intent: "delete-progress", courseId: "-1", confirm: "yes" }, "http://localhost", 400, 'The "courseId" must be a positive number.'],
    ];
    for (const [fields, origin, status, message] of cases) {
      expect(await outcome(() => dataAction(learnerPost(fields, cookie, origin)))).toMatchObject({ status, body: { message } });
    }
    const json = await outcome(() =>
      dataAction(
        routeArgs(
          new Request("http://localhost/learn/data", {
            method: "POST",
            headers: { Cookie: cookie, "Content-Type": "application/json" },
            body: "{}",
          }),
        ),
      ),
    );
    expect(json.status).toBe(415);
    expect(await count("SELECT count(*) AS n FROM assessment_responses WHERE email = ?", email)).toBe(5);
  });

  it("the page lists the written answers and the progress per course, and asks to confirm what a link chose", async () => {
    const marker = `marker${crypto.randomUUID().slice(0, 8)}`;
    const { cookie, one } = await learnerWithData(marker);
    const page = (await outcome(() => dataPage(learnerGet(`/learn/data?delete=answer-${one.written[0].assessmentId}`, cookie))))
      .body as Extract<Awaited<ReturnType<typeof dataRoute.loader>>, { proven: true }>;
    expect(page.proven).toBe(true);
    expect(page.answers.map((answer) => answer.answer)).toContain(`My reflection on ${marker}: <b>not markup</b>.`);
    expect(page.progressByCourse.map((course) => course.courseId).sort()).toEqual([1, 2]);
    expect(page.counts).toMatchObject({ orders: 2, quizAttempts: 2, writtenAnswers: 3, certificates: 1, emails: 1, sessions: 1 });
    expect(page.pending).toEqual({ kind: "answer", id: one.written[0].assessmentId });
  });
});

describe("the owner's erasure of a learner", () => {
  const adminPost = (path: string, fields: Record<string, string>, cookie: string, origin = "http://localhost") =>
    routeArgs(
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      }),
      { subject: path.split("/")[4] },
    );

  it("shows what goes, then removes progress, answers, certificates, sessions, links, e-mails and the address on orders, audited", async () => {
    const marker = `marker${crypto.randomUUID().slice(0, 8)}`;
    const { email, orders } = await learnerWithData(marker);
    const neighbour = await learnerWithData("y");
    await env.DB.prepare("INSERT INTO access_tokens (id, email, expires_at) VALUES (?, ?, '2999-01-01T00:00:00.000Z')")
      .bind(`token-${crypto.randomUUID()}`, email)
      .run();
    // A drip e-mail's record of the modules it told of (app/server/learning/drip.server.ts) goes too.
    await env.DB.prepare("INSERT INTO drip_notices (email, module_id, day) VALUES (?, (SELECT min(id) FROM course_modules), '2026-11-09')")
      .bind(email)
      .run();
    const owner = await adminCookie();

    const preview = await outcome(() =>
      erasePage(learnerGet(`/admin/users/erase?email=${encodeURIComponent(email.toUpperCase())}`, owner)),
    );
    const subject = orders.map(orderReference).join("+");
    // What the preview counts, and then what the erasure removed.
    const learnerRecords = {
      email,
      orders: orders.map(orderReference),
      progress: 2,
      answers: 5,
      certificates: 1,
      sessions: 1,
      accessLinks: 1,
      mails: 1,
    };
    expect(preview.body).toMatchObject({
      preview: learnerRecords,
    });

    const path = `/admin/users/erase/${subject}`;
    const unconfirmed = await outcome(() => eraseAction(adminPost(path, { intent: "erase-learner", email }, owner)));
    expect(unconfirmed).toMatchObject({ status: 400, body: { message: "Tick the box to confirm erasing this learner." } });

    const done = await outcome(() => eraseAction(adminPost(path, { intent: "erase-learner", email, confirm: "yes" }, owner)));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      ok: true,
      erased: learnerRecords,
    });
    expect((done.body as { message: string }).message).toContain(
      `Erased ${email}: 2 lesson progress records, 5 quiz attempts and written answers, 1 certificate, 1 learner session, 1 access link, 1 e-mail in the mail log`,
    );
    // Nothing of the address or the marker is left; the orders are, without address and name.
    const { holding } = await tablesHolding(email);
    expect(holding).toEqual([]);
    expect((await tablesHolding(marker)).holding).toEqual([]);
    const kept = (
      await env.DB.prepare(`SELECT id, email, name, amount_cents FROM enrollments WHERE id IN (${orders.join(",")}) ORDER BY id`).all()
    ).results;
    expect(kept).toEqual(orders.map((id) => ({ id, email: "", name: "", amount_cents: 4900 })));
    // The audit log names what was erased by the orders it keeps, not by the address.
    const audit = await env.DB.prepare("SELECT actor, action, target FROM audit_log ORDER BY id DESC LIMIT 1").first();
    expect(audit).toEqual({ actor: "editor", action: "erase-learner", target: path });
    // The other learner keeps everything.
    expect(await count("SELECT count(*) AS n FROM assessment_responses WHERE email = ?", neighbour.email)).toBe(5);
    expect(await count("SELECT count(*) AS n FROM enrollments WHERE email = ?", neighbour.email)).toBe(2);
  });

  it("refuses an editor (403), a cross-site post (403), no session (401), a stale page (409) and a bad subject (400), erasing nothing", async () => {
    const { email, orders } = await learnerWithData("x");
    const owner = await adminCookie();
    const editor = await editorCookie();
    const path = `/admin/users/erase/${orders.map(orderReference).join("+")}`;
    const fields = { intent: "erase-learner", email, confirm: "yes" };

    const asEditor = await outcome(() => eraseAction(adminPost(path, fields, editor)));
    expect(asEditor).toMatchObject({ status: 403, body: { message: "Your account cannot use this part of the admin." } });
    expect((await outcome(() => erasePage(learnerGet(`/admin/users/erase?email=${email}`, editor)))).status).toBe(403);
    expect((await outcome(() => eraseAction(adminPost(path, fields, owner, "https://evil.example")))).status).toBe(403);
    expect((await outcome(() => eraseAction(adminPost(path, fields, "")))).status).toBe(401);
    const stale = await outcome(() => eraseAction(adminPost(`/admin/users/erase/${orderReference(orders[0])}`, fields, owner)));
    expect(stale).toMatchObject({ status: 409, body: { message: expect.stringContaining("Look the address up again") } });
    const bad = await outcome(() => eraseAction(adminPost("/admin/users/erase/everyone", fields, owner)));
    expect(bad.status).toBe(400);
    const badEmail = await outcome(() => erasePage(learnerGet("/admin/users/erase?email=not-an-address", owner)));
    expect(badEmail).toMatchObject({ status: 400, body: { error: "Enter a valid e-mail address." } });

    expect(await count("SELECT count(*) AS n FROM enrollments WHERE email = ?", email)).toBe(2);
    expect(await count("SELECT count(*) AS n FROM assessment_responses WHERE email = ?", email)).toBe(5);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'erase-learner'")).toBe(0);
  });

  it("two erasures at once: both answer without a 500 and the learner is erased once", async () => {
    const { email, orders } = await learnerWithData("x");
    const owner = await adminCookie();
    const path = `/admin/users/erase/${orders.map(orderReference).join("+")}`;
    const fields = { intent: "erase-learner", email, confirm: "yes" };
    const results = await Promise.all([0, 1].map(() => outcome(() => eraseAction(adminPost(path, fields, owner)))));
    // The first erases; the second finds the orders without the address (409) or erases nothing more.
    expect(results.every((result) => result.status === 200 || result.status === 409)).toBe(true);
    expect(results.some((result) => result.status === 200)).toBe(true);
    expect(await count("SELECT count(*) AS n FROM enrollments WHERE email = ?", email)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM enrollments WHERE id IN (?, ?)", ...orders)).toBe(2);
  });
});
