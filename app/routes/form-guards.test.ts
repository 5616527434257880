/**
 * Every page action that reads a form has the JSON API's body guards (formAction in app/server/core/form-action.server.ts,
 * through readFormBody): 415 for a body that is not a form, 413 past the size limit (declared, or
 * streamed without a length, and then without reading it all), 400 for a form that cannot be parsed.
 * Never a 500. The list of form actions is checked against the route modules' sources, so a new form
 * action is covered here or the first test fails.
 */
import { env } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { TEST_ORIGIN, adminCookie } from "../../tests/support/admin";
import { buyerEmail, insertEnrollment, provenSession, seedTestDb, settled, testDb } from "../../tests/support/db";
import { adminSessionContext } from "~/server/admin/guard.server";
import { getAdminSession } from "~/server/admin/auth.server";
import { MAX_FORM_BODY_BYTES } from "~/server/core/http.server";
import { knownLearner, learnerContext } from "~/server/learning/learner-context.server";

type Action = (args: never) => unknown;

/** Every route module's source, keyed by its path ("/app/routes/contact.tsx"). */
const SOURCES = import.meta.glob<string>(["/app/routes/**/*.{ts,tsx}", "!/app/routes/**/*.test.{ts,tsx}"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const MODULES = import.meta.glob<{ action?: Action }>(["/app/routes/**/*.{ts,tsx}", "!/app/routes/**/*.test.{ts,tsx}"]);

type Caller = { path: string; params: Record<string, string>; cookie?: string; context?: RouterContextProvider };

/** What each form action needs to get as far as reading its body: a session, a learner who owns (or finished) the course. */
const FORM_ACTIONS: Record<string, () => Promise<Caller>> = {
  "/app/routes/contact.tsx": async () => ({ path: "/contact", params: {} }),
  "/app/routes/login.tsx": async () => ({ path: "/login", params: {} }),
  "/app/routes/learn/home.tsx": async () => ({ path: "/learn", params: {} }),
  "/app/routes/learn/unproven.ts": async () => ({ path: "/learn/unproven", params: {} }),
  "/app/routes/learn/lesson.tsx": async () => ({
    path: "/courses/1/learn/1",
    params: { id: "1", lessonId: "1" },
    context: await learner(),
  }),
  "/app/routes/learn/complete.tsx": async () => ({
    path: "/courses/1/complete",
    params: { id: "1" },
    context: await learner({ finished: true }),
  }),
  "/app/routes/learn/data.tsx": async () => ({ path: "/learn/data", params: {}, context: await learner() }),
  "/app/routes/admin/learner-erase.tsx": async () => ({
    path: "/admin/users/erase/no-orders",
    params: { subject: "no-orders" },
    ...(await admin()),
  }),
  "/app/routes/admin/message.tsx": async () => ({ path: "/admin/messages/1", params: { id: "1" }, ...(await admin()) }),
  "/app/routes/admin/order.tsx": async () => ({ path: "/admin/orders/1", params: { id: "1" }, ...(await admin()) }),
  "/app/routes/admin/newsletter-new.tsx": async () => ({ path: "/admin/newsletter/new", params: {}, ...(await admin()) }),
  "/app/routes/admin/newsletter-issue.tsx": async () => ({ path: "/admin/newsletter/1", params: { id: "1" }, ...(await admin()) }),
  "/app/routes/admin/subscribers.tsx": async () => ({ path: "/admin/subscribers", params: {}, ...(await admin()) }),
  "/app/routes/admin/accounts.tsx": async () => ({ path: "/admin/accounts", params: {}, ...(await admin()) }),
  "/app/routes/admin/settings.tsx": async () => ({ path: "/admin/settings", params: {}, ...(await admin()) }),
  "/app/routes/admin/media.tsx": async () => ({ path: "/admin/media", params: {}, ...(await admin()) }),
  "/app/routes/admin/bundles.tsx": async () => ({ path: "/admin/bundles", params: {}, ...(await admin()) }),
  "/app/routes/admin/coupons.tsx": async () => ({ path: "/admin/coupons", params: {}, ...(await admin()) }),
  "/app/routes/admin/page-edit.tsx": async () => ({ path: "/admin/pages/home", params: { key: "home" }, ...(await admin()) }),
  "/app/routes/admin/content-history.tsx": async () => ({
    path: "/admin/articles/1/history/1",
    params: { id: "1", number: "1" },
    ...(await admin()),
  }),
  "/app/routes/admin-invite.tsx": async () => ({ path: "/admin/invite/x", params: { token: "x" } }),
  "/app/routes/gift-manage.tsx": async () => ({ path: "/gifts/x", params: { token: "x" } }),
  "/app/routes/repeat-refund.tsx": async () => ({ path: "/orders/refund/x", params: { token: "x" } }),
  "/app/routes/newsletter/subscribe.tsx": async () => ({ path: "/newsletter/subscribe", params: {} }),
  "/app/routes/newsletter/unsubscribe.tsx": async () => ({ path: "/newsletter/unsubscribe/x", params: { token: "x" } }),
  "/app/routes/newsletter/confirm.tsx": async () => ({ path: "/newsletter/confirm/x", params: { token: "x" } }),
};

/** An admin session, in the cookie and in the context (as the route guard sets it). */
async function admin() {
  const cookie = await adminCookie();
  const session = await getAdminSession(testDb(), new Request(TEST_ORIGIN, { headers: { Cookie: cookie } }));
  const context = new RouterContextProvider();
  context.set(adminSessionContext, session);
  return { cookie, context };
}

/** A learner session (as the learning layout's middleware sets it) for a buyer of course 1, optionally with every lesson done. */
async function learner({ finished = false } = {}) {
  const email = buyerEmail();
  await insertEnrollment(testDb(), { email, courseId: 1 });
  if (finished) {
    const now = new Date().toISOString();
    await env.DB.prepare(
      `INSERT INTO lesson_progress (email, course_id, lesson_id, visited_at, completed_at)
       SELECT ?1, 1, lessons.id, ?2, ?2 FROM lessons JOIN course_modules ON course_modules.id = lessons.module_id WHERE course_modules.course_id = 1`,
    )
      .bind(email, now)
      .run();
  }
  const context = new RouterContextProvider();
  context.set(learnerContext, knownLearner(provenSession(email, new Date(Date.now() + 3_600_000).toISOString())));
  return context;
}

/** A body of `size` bytes that counts how much of it was read. */
function countingStream(size: number, chunk = 16 * 1024) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= size) return controller.close();
      const length = Math.min(chunk, size - counter.pulled);
      counter.pulled += length;
      controller.enqueue(new Uint8Array(length).fill(0x61));
    },
  });
  return { stream, counter };
}

const OVERSIZE = 20 * 1024 * 1024;
const FORM = "application/x-www-form-urlencoded";

/** The bad requests, each with the status it must get. */
const BAD_BODIES: { name: string; status: number; headers: Record<string, string>; body: () => BodyInit | null; streamed?: boolean }[] = [
  { name: "text/plain", status: 415, headers: { "Content-Type": "text/plain" }, body: () => "intent=handled" },
  { name: "JSON", status: 415, headers: { "Content-Type": "application/json" }, body: () => JSON.stringify({ intent: "handled" }) },
  { name: "no content type", status: 415, headers: {}, body: () => null },
  { name: "a form type only in a parameter", status: 415, headers: { "Content-Type": `text/plain; x=${FORM}` }, body: () => "a=b" },
  {
    name: "a declared length over the limit",
    status: 413,
    headers: { "Content-Type": FORM, "Content-Length": String(OVERSIZE) },
    body: () => "a=b",
  },
  { name: "a 20 MB form streamed without a length", status: 413, headers: { "Content-Type": FORM }, body: () => null, streamed: true },
  { name: "multipart without a boundary", status: 400, headers: { "Content-Type": "multipart/form-data" }, body: () => "--x\r\n\r\n" },
  {
    name: "multipart with a broken part",
    status: 400,
    headers: { "Content-Type": "multipart/form-data; boundary=XYZ" },
    body: () => "--XYZ\r\nContent-Disposition: form-data\r\n\r\nno name and no end",
  },
];

beforeEach(async () => {
  await seedTestDb();
  await env.DB.prepare(
    "INSERT INTO contact_messages (id, name, email, subject, message) VALUES (1, 'Ada', 'ada@example.com', 'general', 'Hello')",
  ).run();
});

/** The status of whatever the action returned or threw (a Response, or React Router's `data()`). */
async function statusOf(run: () => unknown) {
  const result = await settled(run);
  if (result instanceof Response) return result.status;
  if (result && typeof result === "object" && "init" in result && "data" in result)
    return (result as { init: ResponseInit | null }).init?.status ?? 200;
  if (result instanceof Error) return 500;
  return 200;
}

describe("the list of form actions", () => {
  it("names every route module whose action reads a form: through formAction, never by itself", async () => {
    const reading = Object.entries(SOURCES)
      .filter(([, source]) => /\bformAction\(/.test(source))
      .map(([file]) => file);
    expect(reading.sort()).toEqual(Object.keys(FORM_ACTIONS).sort());
    for (const [file, source] of Object.entries(SOURCES)) {
      expect(source, `${file} reads request.formData() itself`).not.toMatch(/\.formData\(/);
      expect(source, `${file} reads the form itself, not through formAction`).not.toMatch(/\breadFormBody\(/);
    }
    for (const file of Object.keys(FORM_ACTIONS)) expect((await MODULES[file]?.())?.action, file).toBeDefined();
  });

  it("every page's action (a route module with a component) is written with formAction, which answers the guard's refusals", async () => {
    for (const [file, source] of Object.entries(SOURCES)) {
      if (!file.endsWith(".tsx") || !(await MODULES[file]?.())?.action) continue;
      expect(source, `${file}: write its action with formAction`).toMatch(/\bformAction\(/);
      expect(source, `${file} catches HttpError by hand`).not.toMatch(/instanceof HttpError/);
    }
  });
});

describe.each(Object.keys(FORM_ACTIONS))("the form action of %s", (file) => {
  it.each(BAD_BODIES)("answers $status to $name, never a 500", async ({ status, headers, body, streamed }) => {
    const [load, call] = [MODULES[file], FORM_ACTIONS[file]];
    assert(load && call, `the module and the caller of ${file}`);
    const action = (await load()).action!;
    const caller = await call();
    const counting = streamed ? countingStream(OVERSIZE) : undefined;
    const request = new Request(`${TEST_ORIGIN}${caller.path}`, {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, "CF-Connecting-IP": "203.0.113.7", ...(caller.cookie ? { Cookie: caller.cookie } : {}), ...headers },
      body: counting?.stream ?? body(),
    });
    const args = {
      request,
      params: caller.params,
      context: caller.context ?? new RouterContextProvider(),
      unstable_pattern: "",
      url: new URL(request.url),
    };
    expect(await statusOf(() => action(args as never))).toBe(status);
    // The oversize body is refused after the limit (and at most one more chunk), not after reading 20 MB.
    if (counting) expect(counting.counter.pulled).toBeLessThanOrEqual(MAX_FORM_BODY_BYTES + 2 * 16 * 1024);
  });
});
