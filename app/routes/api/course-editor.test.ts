import { env } from "cloudflare:test";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { adminCookie, adminRequest, ifMatchStored, storedVersion } from "../../../tests/support/admin";
import { type JsonBody, type RouteAction, buyerEmail, insertEnrollment, routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { contentVersion } from "~/server/core/cache.server";
import { getLesson, recordVisit, submitQuiz } from "~/server/learning/learning.server";
import { searchSite } from "~/server/content/search.server";
import * as courseList from "./content-collection";
import * as courseById from "./content-item";
import * as outlineRoute from "./course-outline";
import * as createPaymentIntent from "./create-payment-intent";

const course = {
  title: "Epictetus for Beginners",
  description: "The Enchiridion, one handbook chapter at a time.",
  imageUrl: "/images/courses/course-1.svg",
  imageAlt: "A marble bust",
  level: "Beginner",
  duration: 3,
  price: "19.99",
  status: "draft",
};

const quiz = {
  title: "Check your understanding",
  kind: "quiz",
  passMark: 50,
  questions: [
    {
      prompt: "What is up to us?",
      choices: [
        { text: "Our judgements", explanation: "Yes: opinion, impulse, desire." },
        { text: "Our reputation", explanation: "No: others decide it." },
      ],
      correctChoice: 0,
    },
  ],
};

const outline = {
  modules: [
    {
      title: "The dichotomy of control",
      lessons: [
        {
          title: "What is up to us",
          body: "Some things are **up to us**: zephyrine.",
          audioUrl: "/audio/lesson-1.ogg",
          audioTranscript: "Breathe, and read slowly.",
          duration: 12,
          freePreview: true,
          assessments: [quiz],
        },
        {
          title: "What is not",
          body: "Paid words: quixotical.",
          duration: 8,
          assessments: [{ title: "Write it down", kind: "reflection", prompt: "Name one thing outside your control." }],
        },
      ],
    },
  ],
} as const;

let cookie: string;
beforeEach(async () => {
  await seedTestDb();
  cookie = await adminCookie();
});

const call = (
  action: RouteAction,
  method: string,
  path: string,
  params: Record<string, string> = {},
  body?: unknown,
  headers?: Record<string, string>,
) => action(routeArgs(adminRequest(method, path, { body, cookie, headers }), params) as never);
const json = <T = JsonBody>(response: Response) => response.json() as Promise<T>;

async function createCourse(overrides: Record<string, unknown> = {}) {
  const response = await call(courseList.action, "POST", "/api/courses", {}, { ...course, ...overrides });
  expect(response.status).toBe(201);
  return json<{ id: number; price: number; status: string; updatedAt: string | null }>(response);
}

type Outline = { modules: { id: number; title: string; lessons: { id: number; title: string; assessments: { id: number }[] }[] }[] };

/** An outline save as the editor sends it: from the course's stored version (If-Match). */
async function saveOutline(id: number, body: unknown) {
  const path = `/api/courses/${id}/outline`;
  return call(outlineRoute.action, "PUT", path, { id: String(id) }, body, await ifMatchStored(path));
}

/** Saves the two-lesson `outline` to the course and gives back its stored module and lessons, with their ids. */
async function saveTwoLessonOutline(courseId: number) {
  const saved = await json<Outline>(await saveOutline(courseId, outline));
  const [savedModule] = saved.modules;
  const [first, second] = savedModule?.lessons ?? [];
  assert(savedModule && first && second, "the saved outline's module and its two lessons");
  return { savedModule, first, second };
}
const publicIds = async () => (await json<{ id: number }[]>(await courseList.loader(routeArgs("/api/courses")))).map((c) => c.id);

describe("courses through the content registry", () => {
  it("creates a course unpublished, with the price in cents, off the public list, search and checkout", async () => {
    const created = await createCourse();
    expect(created).toMatchObject({ title: course.title, price: 19.99, status: "draft", imageAlt: "A marble bust" });
    const row = await env.DB.prepare("SELECT price_cents, status FROM courses WHERE id = ?").bind(created.id).first();
    expect(row).toEqual({ price_cents: 1999, status: "draft" });
    expect(await publicIds()).not.toContain(created.id);
    expect((await courseById.loader(routeArgs(`/api/courses/${created.id}`, { id: String(created.id) }))).status).toBe(404);
    expect((await searchSite(testDb(), "Epictetus")).total).toBe(0);
    const checkout = await createPaymentIntent.action(
      routeArgs(adminRequest("POST", "/api/create-payment-intent", { body: { email: buyerEmail(), courseId: created.id, amount: 19.99 } })),
    );
    expect(checkout.status).toBe(404);
  });

  it("publishing it puts it on the list and in search at once (a new content version)", async () => {
    const created = await createCourse();
    const before = await contentVersion.read(() => testDb());
    const response = await call(
      courseById.action,
      "PUT",
      `/api/courses/${created.id}`,
      { id: String(created.id) },
      {
        ...course,
        price: 25,
        status: "published",
        // The version the edit was made from: the create's answer.
        version: created.updatedAt ?? "",
      },
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ price: 25, status: "published" });
    expect(await contentVersion.read(() => testDb())).not.toBe(before);
    expect(await publicIds()).toContain(created.id);
    expect((await searchSite(testDb(), "Epictetus")).groups.find((g) => g.type === "course")?.total).toBe(1);
  });

  it.each([
    [{ price: -1 }, /"price" cannot be negative/],
    [{ price: "12.345" }, /at most 2 decimals/],
    [{ price: 100_001 }, /"price" can be at most 10000/],
    [{ price: "free" }, /"price" must be an amount in dollars/],
    [{ price: undefined }, /"price" is required/],
    [{ level: "Expert" }, /"level" must be one of: Beginner, Intermediate, Advanced/],
    [{ duration: 0 }, /"duration"/],
    [{ imageUrl: "https://evil.example/x.png" }, /"imageUrl" must be a path on this site/],
    [{ title: " " }, /"title" is required/],
    [{ status: "yes" }, /"status" must be one of: draft, scheduled, published/],
  ])("refuses %o with a 400 naming the field", async (overrides, message) => {
    const response = await call(courseList.action, "POST", "/api/courses", {}, { ...course, ...overrides });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toMatch(message);
  });

  it("a course with enrolments cannot be deleted (409, it stays), one without can (204)", async () => {
    const sold = await createCourse({ status: "published" });
    await insertEnrollment(testDb(), { email: buyerEmail(), courseId: sold.id, status: "refunded" });
    const refused = await call(courseById.action, "DELETE", `/api/courses/${sold.id}`, { id: String(sold.id) });
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toMatch(/has enrolments, so it cannot be deleted\. Unpublish it instead/);
    expect(await env.DB.prepare("SELECT id FROM courses WHERE id = ?").bind(sold.id).first()).not.toBeNull();

    const unsold = await createCourse({ status: "published" });
    expect((await saveOutline(unsold.id, outline)).status).toBe(200);
    const deleted = await call(courseById.action, "DELETE", `/api/courses/${unsold.id}`, { id: String(unsold.id) });
    expect(deleted.status).toBe(204);
    expect(await publicIds()).not.toContain(unsold.id);
    expect((await searchSite(testDb(), "zephyrine")).total).toBe(0);
    const missing = await call(courseById.action, "DELETE", `/api/courses/${unsold.id}`, { id: String(unsold.id) });
    expect(missing.status).toBe(404);
  });
});

describe("PUT /api/courses/{id}/outline", () => {
  it("stores modules, lessons and a quiz that the learner's lesson page then shows and grades", async () => {
    const created = await createCourse({ status: "published" });
    const response = await saveOutline(created.id, outline);
    expect(response.status).toBe(200);
    const saved = await json<Outline>(response);
    const [first, second] = saved.modules[0]?.lessons ?? [];
    assert(first && second, "the saved outline's two lessons");
    expect(saved.modules[0]?.lessons.map((l) => l.title)).toEqual(["What is up to us", "What is not"]);

    const email = buyerEmail();
    await insertEnrollment(testDb(), { email, courseId: created.id });
    const lesson = await getLesson(testDb(), created.id, first.id, email);
    expect(lesson?.assessments[0]).toMatchObject({ kind: "quiz", passMark: 50, questions: [{ prompt: "What is up to us?" }] });
    expect(lesson).toMatchObject({
      audioUrl: "/audio/lesson-1.ogg",
      audioTranscript: "Breathe, and read slowly.",
      duration: 12,
      freePreview: true,
    });
    const [lessonQuiz] = first.assessments;
    assert(lessonQuiz, "the first lesson's quiz");
    const graded = await submitQuiz(testDb(), {
      email,
      courseId: created.id,
      lessonId: first.id,
      assessmentId: lessonQuiz.id,
      answers: [0],
    });
    expect(graded).toMatchObject({ passed: true });
    expect((await getLesson(testDb(), created.id, second.id, email))?.assessments[0]).toMatchObject({
      kind: "written",
      type: "reflection",
    });

    // Search holds the lesson titles and the free-preview body, not the paid one.
    expect((await searchSite(testDb(), "zephyrine")).total).toBe(1);
    expect((await searchSite(testDb(), "quixotical")).total).toBe(0);
  });

  it("reorders lessons and modules keeping every id, so a learner's progress stays with its lesson", async () => {
    const created = await createCourse({ status: "published" });
    const { savedModule, first, second } = await saveTwoLessonOutline(created.id);
    const email = buyerEmail();
    await recordVisit(testDb(), { email, courseId: created.id, lessonId: first.id });

    const reordered = {
      modules: [
        { title: "A new first module", lessons: [{ ...outline.modules[0].lessons[1], id: second.id, assessments: [] }] },
        {
          id: savedModule.id,
          title: "The dichotomy of control",
          lessons: [{ ...outline.modules[0].lessons[0], id: first.id, assessments: [] }],
        },
      ],
    };
    const response = await saveOutline(created.id, reordered);
    expect(response.status).toBe(200);
    const after = await json<Outline>(response);
    expect(after.modules.map((m) => m.title)).toEqual(["A new first module", "The dichotomy of control"]);
    expect(after.modules.map((m) => m.lessons.map((l) => l.id))).toEqual([[second.id], [first.id]]);
    expect(after.modules[1]?.id).toBe(savedModule.id);
    const visits = await env.DB.prepare("SELECT lesson_id FROM lesson_progress WHERE email = ?").bind(email).all();
    expect(visits.results).toEqual([{ lesson_id: first.id }]);
    // The quiz left out is deleted, with its questions.
    const left = await env.DB.prepare("SELECT count(*) AS n FROM assessments WHERE id = ?").bind(first.assessments[0]?.id).first();
    expect(left).toEqual({ n: 0 });
  });

  it("swapping two lessons in one module (the editor's Move down) stores the new order", async () => {
    const created = await createCourse({ status: "published" });
    const { savedModule, first, second } = await saveTwoLessonOutline(created.id);
    const swapped = {
      modules: [
        {
          id: savedModule.id,
          title: "The dichotomy of control",
          lessons: [
            { ...outline.modules[0].lessons[1], id: second.id },
            { ...outline.modules[0].lessons[0], id: first.id },
          ],
        },
      ],
    };
    const after = await json<Outline>(await saveOutline(created.id, swapped));
    expect(after.modules[0]?.lessons.map((l) => l.id)).toEqual([second.id, first.id]);
    const positions = await env.DB.prepare("SELECT id, position FROM lessons WHERE id IN (?, ?) ORDER BY position")
      .bind(first.id, second.id)
      .all();
    expect(positions.results).toEqual([
      { id: second.id, position: 1 },
      { id: first.id, position: 2 },
    ]);
  });

  it.each([
    [
      { modules: [{ title: "M", lessons: [{ title: "L", duration: 5, assessments: [{ ...quiz, questions: [] }] }] }] },
      /A quiz needs at least one question/,
    ],
    [
      {
        modules: [
          {
            title: "M",
            lessons: [{ title: "L", duration: 5, assessments: [{ ...quiz, questions: [{ ...quiz.questions[0], correctChoice: 2 }] }] }],
          },
        ],
      },
      /correct choice must be one of the question's choices/,
    ],
    [
      { modules: [{ title: "M", lessons: [{ title: "L", duration: 5, assessments: [{ title: "R", kind: "reflection" }] }] }] },
      /needs a prompt/,
    ],
    [{ modules: [{ title: "M", lessons: [{ title: "L", duration: 5, audioUrl: "javascript:alert(1)" }] }] }, /"audioUrl"/],
    [{ modules: [{ title: "", lessons: [] }] }, /"module title" is required/],
    [{ modules: "none" }, /"modules" must be a list/],
  ])("refuses a bad outline with a 400 (%#)", async (body, message) => {
    const created = await createCourse();
    const response = await saveOutline(created.id, body);
    expect(response.status).toBe(400);
    expect((await json(response)).message).toMatch(message);
  });

  it("refuses a lesson id of another course (400) and an unknown course (404), changing nothing", async () => {
    const created = await createCourse();
    const other = await env.DB.prepare("SELECT id FROM lessons LIMIT 1").first<{ id: number }>();
    const stolen = { modules: [{ title: "M", lessons: [{ id: other?.id, title: "Mine now", duration: 5 }] }] };
    const response = await saveOutline(created.id, stolen);
    expect(response.status).toBe(400);
    expect((await json(response)).message).toMatch(/is not part of this course/);
    expect(await env.DB.prepare("SELECT title FROM lessons WHERE id = ?").bind(other?.id).first()).not.toEqual({ title: "Mine now" });
    expect((await saveOutline(999_999, outline)).status).toBe(404);
  });

  it("takes a whole course past the usual 64 KiB JSON limit", async () => {
    const created = await createCourse();
    const long = "A sentence of a long lesson. ".repeat(3000);
    const body = { modules: [{ title: "M", lessons: [1, 2].map((n) => ({ title: `L${n}`, duration: 5, body: long })) }] };
    expect(JSON.stringify(body).length).toBeGreaterThan(64 * 1024);
    expect((await saveOutline(created.id, body)).status).toBe(200);
  });
});

describe("the outline's version (two admins on one course)", () => {
  const path = (id: number) => `/api/courses/${id}/outline`;
  const put = (id: number, body: unknown, headers?: Record<string, string>) =>
    call(outlineRoute.action, "PUT", path(id), { id: String(id) }, body, headers);
  const lessonTitles = async (id: number) =>
    (
      await env.DB.prepare(
        "SELECT group_concat(l.title, '|') AS titles FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = ? ORDER BY l.id",
      )
        .bind(id)
        .first<{ titles: string | null }>()
    )?.titles;
  const revisions = async (id: number) =>
    (
      await env.DB.prepare("SELECT count(*) AS n FROM content_revisions WHERE content_type = 'course' AND content_id = ?")
        .bind(id)
        .first<{ n: number }>()
    )?.n;

  it("a save without a version (no body field, no If-Match) is 428 and changes nothing", async () => {
    const created = await createCourse();
    const before = [await lessonTitles(created.id), await storedVersion(path(created.id)), await revisions(created.id)];
    const answer = await put(created.id, outline);
    expect(answer.status).toBe(428);
    expect((await json<{ message: string }>(answer)).message).toMatch(/If-Match/);
    expect([await lessonTitles(created.id), await storedVersion(path(created.id)), await revisions(created.id)]).toEqual(before);
  });

  it("a save answers with the course's new version (body and ETag), which the course form and the next outline save use", async () => {
    const created = await createCourse();
    const first = await put(created.id, { ...outline, version: created.updatedAt ?? "" });
    expect(first.status).toBe(200);
    const { version } = await json<{ version: string }>(first);
    expect(version).toBe(await storedVersion(path(created.id)));
    expect(first.headers.get("ETag")).toBe(`"${version}"`);
    // The old version is stale now, for the outline and for the course's own fields alike.
    expect((await put(created.id, outline, { "If-Match": `"${created.updatedAt ?? ""}"` })).status).toBe(409);
    const fields = await call(courseById.action, "PUT", `/api/courses/${created.id}`, { id: String(created.id) }, { ...course, version });
    expect(fields.status).toBe(200);
    const { updatedAt } = await json<{ updatedAt: string }>(fields);
    expect((await put(created.id, outline, { "If-Match": updatedAt })).status).toBe(200);
  });

  it("a stale save is 409 with a message, and changes nothing", async () => {
    const created = await createCourse();
    const stale = created.updatedAt ?? "";
    expect((await saveOutline(created.id, outline)).status).toBe(200);
    const before = [await lessonTitles(created.id), await storedVersion(path(created.id)), await revisions(created.id)];
    const changed = { modules: [{ title: "Another", lessons: [{ title: "Overwritten?", duration: 5, assessments: [] }] }] };
    const answer = await put(created.id, { ...changed, version: stale });
    expect(answer.status).toBe(409);
    expect(await json(answer)).toEqual({ message: expect.stringMatching(/^Someone else saved this course/), field: "version" });
    expect([await lessonTitles(created.id), await storedVersion(path(created.id)), await revisions(created.id)]).toEqual(before);
  });

  it("of two saves from the same version, sent at once, exactly one wins; the other is 409 and wrote nothing", async () => {
    const created = await createCourse();
    const version = created.updatedAt ?? "";
    const mine = { modules: [{ title: "Mine", lessons: [{ title: "My lesson", duration: 5, assessments: [] }] }] } as const;
    const theirs = { modules: [{ title: "Theirs", lessons: [{ title: "Their lesson", duration: 5, assessments: [] }] }] } as const;
    const answers = await Promise.all([put(created.id, { ...mine, version }), put(created.id, theirs, { "If-Match": `"${version}"` })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? mine : theirs;
    expect(await lessonTitles(created.id)).toBe(winner.modules[0].lessons[0].title);
  });

  it("the guard inside the batch refuses a save that passed the early check (someone saved in between)", async () => {
    const created = await createCourse();
    const version = created.updatedAt ?? "";
    // Many saves from one version at once: some pass the early read before any batch runs; the batch decides.
    const bodies = Array.from({ length: 6 }, (_, i) => ({
      modules: [{ title: `M${i}`, lessons: [{ title: `Lesson ${i}`, duration: 5, assessments: [] }] }],
      version,
    }));
    const answers = await Promise.all(bodies.map((body) => put(created.id, body)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    const winner = bodies[statuses.indexOf(200)];
    expect(await lessonTitles(created.id)).toBe(winner?.modules[0]?.lessons[0]?.title);
  });
});
