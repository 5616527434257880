import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie, adminRequest } from "../../../tests/support/admin";
import { buyerEmail, insertEnrollment, routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { countingD1 } from "../../../tests/support/counting-d1";
import { asRouted, type RouteModule } from "../../../tests/support/routes";
import { middleware as rootMiddleware } from "~/root";
import { getAdminSession } from "~/server/admin/auth.server";
import { routeGuardMiddleware } from "~/server/admin/guard.server";
import * as articlesEdit from "./content-edit";
import * as articlesList from "./content-list";
import * as articlesNew from "./content-new";
import * as coursesEdit from "./content-edit";
import * as coursesList from "./content-list";
import * as coursesNew from "./content-new";
import * as dashboard from "./dashboard";
import * as layout from "./layout";
import * as logout from "./logout";
import * as message from "./message";
import * as messages from "./messages";
import * as notFound from "./not-found";
import * as practicesEdit from "./content-edit";
import * as practicesList from "./content-list";
import * as practicesNew from "./content-new";
import * as resourcesEdit from "./content-edit";
import * as resourcesList from "./content-list";
import * as resourcesNew from "./content-new";
import * as settings from "./settings";
import * as subscribers from "./subscribers";
import * as subscribersCsv from "./subscribers-csv";
import * as users from "./users";

type Loader = (args: never) => unknown;

/** A page under the admin layout, as React Router runs it: inside the route guard (the root's middleware), then its own loader. */
const page = (module: RouteModule) => asRouted(module, "loader", [layout]);

let cookie: string;
beforeEach(async () => {
  await seedTestDb();
  cookie = await adminCookie();
});

const get = (path: string, withCookie?: string) =>
  new Request(`http://localhost${path}`, { headers: withCookie ? { Cookie: withCookie } : {} });

const isRedirectToLogin = (thrown: unknown) =>
  thrown instanceof Response && thrown.status === 302 && thrown.headers.get("Location") === "/login";

/** Every admin page loader, with a path and params that exist in the seed. */
const PAGES: [string, Loader, string, Record<string, string>][] = [
  ["layout", asRouted(layout, "loader"), "/admin", {}],
  ["dashboard", page(dashboard), "/admin", {}],
  ["articles", page(articlesList), "/admin/articles", {}],
  ["articles/new", page(articlesNew), "/admin/articles/new", {}],
  ["articles/:id", page(articlesEdit), "/admin/articles/1", { id: "1" }],
  ["practices", page(practicesList), "/admin/practices", {}],
  ["practices/new", page(practicesNew), "/admin/practices/new", {}],
  ["practices/:id", page(practicesEdit), "/admin/practices/1", { id: "1" }],
  ["resources", page(resourcesList), "/admin/resources", {}],
  ["resources/new", page(resourcesNew), "/admin/resources/new", {}],
  ["resources/:id", page(resourcesEdit), "/admin/resources/1", { id: "1" }],
  ["messages", page(messages), "/admin/messages", {}],
  ["messages/:id", page(message), "/admin/messages/1", { id: "1" }],
  ["subscribers", page(subscribers), "/admin/subscribers", {}],
  // Outside the layout (a file, not a page): its own middleware.
  ["subscribers.csv", asRouted(subscribersCsv, "loader"), "/admin/subscribers.csv", {}],
  ["courses", page(coursesList), "/admin/courses", {}],
  ["courses/new", page(coursesNew), "/admin/courses/new", {}],
  ["courses/:id", page(coursesEdit), "/admin/courses/1", { id: "1" }],
  ["users", page(users), "/admin/users", {}],
  ["settings", page(settings), "/admin/settings", {}],
  ["admin 404", page(notFound), "/admin/nope", { "*": "nope" }],
];

describe("admin pages check the session (the route guard, before any loader runs)", () => {
  it.each(PAGES)("%s without a session throws a redirect to /login", async (_name, loader, path, params) => {
    await expect(Promise.resolve().then(() => loader(routeArgs(get(path), params) as never))).rejects.toSatisfy(isRedirectToLogin);
  });

  it.each(PAGES)("%s with a forged cookie throws a redirect to /login", async (_name, loader, path, params) => {
    await expect(
      Promise.resolve().then(() => loader(routeArgs(get(path, `tel_admin_session=${"x".repeat(43)}`), params) as never)),
    ).rejects.toSatisfy(isRedirectToLogin);
  });

  it.each(PAGES)("%s with a session loads", async (_name, loader, path, params) => {
    await env.DB.prepare(
      "INSERT INTO contact_messages (id, name, email, subject, message) VALUES (1, 'Ada', 'ada@example.com', 'general', 'Hello')",
    ).run();
    await expect(Promise.resolve().then(() => loader(routeArgs(get(path, cookie), params) as never))).resolves.not.toBeInstanceOf(Error);
  });

  it("the admin layout sends Cache-Control: private, no-store", () => {
    expect((layout.headers as () => Record<string, string>)()).toEqual({ "Cache-Control": "private, no-store" });
  });

  it("an edit page for an unknown id answers 404 data", async () => {
    const result = (await page(articlesEdit)(routeArgs(get("/admin/articles/99999", cookie), { id: "99999" }))) as unknown as {
      init: ResponseInit;
      data: { item: null };
    };
    expect(result.init.status).toBe(404);
    expect(result.data.item).toBeNull();
  });
});

/** Admin page modules under the layout, by path ("/app/routes/admin/dashboard.tsx"), with their sources. */
const ADMIN_SOURCES = import.meta.glob<string>(["/app/routes/admin/*.tsx"], { query: "?raw", import: "default", eager: true });

describe("the session is checked once per request, by the route guard (the root's middleware)", () => {
  it("the guard is the root's middleware, and the layout's loader reads the session from the context", async () => {
    expect(rootMiddleware).toEqual([routeGuardMiddleware]);
    expect((layout as RouteModule).middleware).toBeUndefined();
    const data = (await asRouted(layout, "loader")(routeArgs(get("/admin", cookie)))) as { username: string };
    expect(data.username).toBe("editor");
  });

  it("a page's sidebar count of unhandled messages comes with the session, in one D1 round trip", async () => {
    await env.DB.prepare(
      "INSERT INTO contact_messages (name, email, subject, message, handled) VALUES ('Ada', 'ada@example.com', 'general', 'Hi', 0), ('Bo', 'bo@example.com', 'general', 'Hi', 1)",
    ).run();
    const d1 = countingD1();
    const data = (await d1.run(() => asRouted(layout, "loader")(routeArgs(get("/admin", cookie))))) as { unhandledMessages: number };
    expect(data.unhandledMessages).toBe(1);
    expect(d1.trips).toHaveLength(1);
  });

  it("after a form posted without JavaScript, the layout counts the messages after the action, not before", async () => {
    await env.DB.prepare(
      "INSERT INTO contact_messages (id, name, email, subject, message) VALUES (1, 'Ada', 'ada@example.com', 'general', 'Hi')",
    ).run();
    const post = new Request("http://localhost/admin/messages/1", {
      method: "POST",
      headers: { Origin: "http://localhost", Cookie: cookie },
      body: new URLSearchParams({ intent: "handled" }),
    });
    // As React Router runs a document POST: the middleware once, the action, then the loaders in the same context.
    const args = routeArgs(post, { id: "1" });
    let counted: unknown;
    await routeGuardMiddleware(args, async () => {
      await (message.action as (args: never) => Promise<unknown>)(args);
      counted = await (layout.loader as (args: never) => Promise<unknown>)(args);
      return new Response(null);
    });
    expect(counted).toMatchObject({ unhandledMessages: 0 });
  });

  it("no page under the layout checks the session again in its own loader", () => {
    const pages = Object.keys(ADMIN_SOURCES).filter((path) => !path.endsWith("/layout.tsx"));
    expect(pages.length).toBeGreaterThanOrEqual(9);
    for (const path of pages) expect(ADMIN_SOURCES[path], path).not.toMatch(/requireAdmin|getAdminSession|requireAdminPage/);
  });

  it("subscribers.csv, outside the layout, needs no middleware of its own: the guard reads its policy", async () => {
    expect((subscribersCsv as RouteModule).middleware).toBeUndefined();
    const denied = asRouted(subscribersCsv, "loader")(routeArgs(get("/admin/subscribers.csv", "")));
    await expect(Promise.resolve().then(() => denied)).rejects.toSatisfy(isRedirectToLogin);
  });
});

describe("dashboard loader", () => {
  it("computes the figures live from D1", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token) VALUES ('a@example.com', 'confirmed', 't1'), ('b@example.com', 'confirmed', 't2')",
      ),
      env.DB.prepare(
        "INSERT INTO enrollments (course_id, payment_intent_id, amount_cents, created_at) VALUES (1, 'pi_new', 100, ?), (1, 'pi_old', 100, '2020-01-01T00:00:00.000Z')",
      ).bind(new Date().toISOString()),
    ]);
    const { figures, activity } = (await page(dashboard)(routeArgs(get("/admin", cookie)))) as Awaited<
      ReturnType<typeof import("~/server/admin/dashboard.server").getDashboard>
    >;
    const count = async (table: string) => ((await env.DB.prepare(`SELECT count(*) n FROM ${table}`).first()) as { n: number }).n;
    expect(figures).toMatchObject({
      articles: await count("articles"),
      practices: await count("practices"),
      resources: await count("resources"),
      courses: await count("courses"),
      subscribers: 2,
      enrollments: 2,
      thisWeek: { revenue: [{ currency: "usd", cents: 100 }], enrollments: 1 },
    });
    expect(activity.length).toBeGreaterThan(0);
  });
});

describe("users loader (learners and subscribers)", () => {
  type UsersData = { learners: { email: string; courses: { course: string; percent: number }[] }[]; total: number; error: string | null };
  const load = async (path: string) =>
    (await page(users)(routeArgs(get(path, cookie)))) as UsersData & { init?: ResponseInit; data?: UsersData };

  it("lists buyers with their courses, and searches by email from the URL", async () => {
    const email = buyerEmail();
    await insertEnrollment(testDb(), { email, courseId: 1 });
    await insertEnrollment(testDb(), { email: buyerEmail(), courseId: 1 });
    const all = await load("/admin/users");
    expect(all.total).toBe(2);
    const found = await load(`/admin/users?q=${encodeURIComponent(email.toUpperCase())}`);
    expect(found.learners).toEqual([{ ...found.learners[0], email }]);
    expect(found.learners[0]?.courses).toMatchObject([{ percent: 0 }]);
    expect(found.error).toBeNull();
  });

  it("a bad page answers 400 with a message naming it, not a 500", async () => {
    const bad = await load("/admin/users?page=0");
    expect(bad.init?.status).toBe(400);
    expect(bad.data?.error).toMatch(/"page"/);
    expect((await load("/admin/users?page=abc")).init?.status).toBe(400);
  });

  it("every admin section is built: no admin page says 'under development'", () => {
    const placeholders = Object.entries(ADMIN_SOURCES).filter(([, source]) => /under development|UnderDevelopment/i.test(source));
    expect(placeholders.map(([path]) => path)).toEqual([]);
  });
});

describe("POST /admin/logout", () => {
  it("ends the session on the server, clears the cookie and goes to /login with the one-time flag", async () => {
    const response = (await logout.action(routeArgs(adminRequest("POST", "/admin/logout", { cookie })) as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?loggedOut=1");
    expect(response.headers.get("Set-Cookie")).toMatch(/^tel_admin_session=; .*Max-Age=0/);
    expect(await getAdminSession(testDb(), get("/admin", cookie))).toBeNull();
    await expect(Promise.resolve().then(() => asRouted(layout, "loader")(routeArgs(get("/admin", cookie))))).rejects.toSatisfy(
      isRedirectToLogin,
    );
  });

  it("refuses a cross-site post (403: the route guard, by its policy) and keeps the session", async () => {
    const response = (await asRouted(
      logout,
      "action",
    )(routeArgs(adminRequest("POST", "/admin/logout", { cookie, origin: "https://evil.example" })))) as Response;
    expect(response.status).toBe(403);
    expect(await getAdminSession(testDb(), get("/admin", cookie))).not.toBeNull();
  });
});

describe("GET /admin/subscribers.csv", () => {
  it("is a CSV attachment with escaped cells and neutralised formulas", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at) VALUES (?, 'confirmed', 't1', '2025-01-01T00:00:00.000Z')",
      ).bind('=HYPERLINK("x")@example.com'),
      env.DB.prepare(
        "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at) VALUES ('plain@example.com', 'confirmed', 't2', '2025-01-02T00:00:00.000Z')",
      ),
    ]);
    const response = (await asRouted(subscribersCsv, "loader")(routeArgs(get("/admin/subscribers.csv", cookie)))) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    expect(text.split("\r\n")).toEqual([
      "email,subscribed_at",
      "plain@example.com,2025-01-02T00:00:00.000Z",
      `"'=HYPERLINK(""x"")@example.com",2025-01-01T00:00:00.000Z`,
      "",
    ]);
  });
});

describe("message page action (mark as handled)", () => {
  const markRequest = (intent: string, options: { cookie?: string; origin?: string } = {}) => {
    const headers = new Headers({ Origin: options.origin ?? "http://localhost" });
    if (options.cookie) headers.set("Cookie", options.cookie);
    return new Request("http://localhost/admin/messages/1", { method: "POST", headers, body: new URLSearchParams({ intent }) });
  };
  /** The message page's action, as React Router runs it: inside the route guard (the root's middleware). */
  const markAction = asRouted(message, "action", [layout]);
  const handled = async () =>
    ((await env.DB.prepare("SELECT handled FROM contact_messages WHERE id = 1").first()) as { handled: number }).handled;

  beforeEach(async () => {
    await env.DB.prepare(
      "INSERT INTO contact_messages (id, name, email, subject, message) VALUES (1, 'Ada', 'ada@example.com', 'general', 'Hello')",
    ).run();
  });

  it("marks handled and unhandled with a session", async () => {
    expect(await markAction(routeArgs(markRequest("handled", { cookie }), { id: "1" }) as never)).toEqual({
      ok: true,
      message: "Marked as handled",
      handled: true,
    });
    expect(await handled()).toBe(1);
    expect(await markAction(routeArgs(markRequest("unhandled", { cookie }), { id: "1" }) as never)).toEqual({
      ok: true,
      message: "Marked as unhandled",
      handled: false,
    });
    expect(await handled()).toBe(0);
  });

  it("without a session → 401, cross-site → 403; nothing changes", async () => {
    const anonymous = (await markAction(routeArgs(markRequest("handled"), { id: "1" }) as never)) as unknown as {
      init: ResponseInit;
      data: { message: string };
    };
    expect(anonymous.init.status).toBe(401);
    expect(anonymous.data.message).toMatch(/sign in/i);
    const crossSite = (await markAction(
      routeArgs(markRequest("handled", { cookie, origin: "https://evil.example" }), { id: "1" }) as never,
    )) as unknown as { init: ResponseInit };
    expect(crossSite.init.status).toBe(403);
    expect(await handled()).toBe(0);
  });

  it("an unknown message → 404, a bad intent → 400", async () => {
    const missing = (await markAction(routeArgs(markRequest("handled", { cookie }), { id: "77" }) as never)) as unknown as {
      init: ResponseInit;
    };
    expect(missing.init.status).toBe(404);
    const bad = (await markAction(routeArgs(markRequest("delete", { cookie }), { id: "1" }) as never)) as unknown as {
      init: ResponseInit;
      data: { message: string };
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.message).toMatch(/"intent"/);
  });
});
