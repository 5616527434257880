/**
 * Roles (docs/admin.md, "Accounts and roles"): every route of app/site-routes.ts and every method it answers, asked by
 * each role (owner, editor, contributor) and by a visitor without a session, through the root's middleware (the route
 * guard). What each gets is derived from the route's policy AND, for the sensitive routes, compared with a table written
 * out by hand below, so that a policy loosened by mistake fails here. Then the rules that need the item (a contributor's
 * own drafts, submitting for review, deleting) through the real JSON API and admin pages, and a role change counting
 * from the account's next request.
 */
import { env } from "cloudflare:test";
import { createElement } from "react";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { accountCookie, adminCookie, adminRequest, editorCookie, TEST_ORIGIN } from "../../../tests/support/admin";
import { routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { asRouted, throughMiddleware } from "../../../tests/support/routes";
import { renderRoute } from "../../../tests/support/route-html";
import { AdminSidebar } from "~/components/admin/admin-sidebar";
import { type AdminRole, isAdminAccess, type PolicyRoute } from "~/lib/route-policy";
import { POLICY_ROUTES } from "~/site-routes";
import { middleware as rootMiddleware } from "~/root";
import { routeAccess } from "~/server/admin/guard.server";
import { DELETE_REFUSED, DRAFTS_ONLY, PUBLISH_REFUSED } from "~/server/admin/content-access.server";
import { LAST_OWNER_MESSAGE, acceptInvite, inviteAccount } from "~/server/admin/accounts.server";
import * as collection from "../api/content-collection";
import * as item from "../api/content-item";
import * as outline from "../api/course-outline";
import * as accounts from "./accounts";
import * as contentEdit from "./content-edit";
import * as contentList from "./content-list";
import * as dashboard from "./dashboard";
import * as layout from "./layout";
import * as subscribers from "./subscribers";

type Who = AdminRole | "anonymous";
const WHO: Who[] = ["owner", "editor", "contributor", "anonymous"];
/** What a request got: reached its loader or action ("ok"), was sent to /login, or refused with a status. */
type Answer = "ok" | "login" | 401 | 403;

/** A concrete path for a route pattern: every parameter 1, a splat "anything", an optional segment left out. */
const concrete = (pattern: string) =>
  pattern
    .split("/")
    .filter((segment) => !segment.endsWith("?"))
    .map((segment) => (segment === "*" ? "anything" : segment.startsWith(":") ? (segment === ":type" ? "privacy" : "1") : segment))
    .join("/") || "/";

/** What the route's policy says `who` gets for a read or a write. */
function fromPolicy(route: PolicyRoute, who: Who, writing: boolean): Answer {
  const access = writing ? route.policy.write : route.policy.read;
  if (!isAdminAccess(access)) return "ok";
  if (who === "anonymous") return !writing && !route.api ? "login" : 401;
  return access.includes(who) ? "ok" : 403;
}

/**
 * The sensitive routes, written out: [path, method, owner, editor, contributor]. A visitor without a session is sent to
 * /login (a page) or gets 401 (a write, the API) on every one of them.
 */
const A = "ok" as const;
const R = 403 as const;
const EXPECTED: [string, string, Answer, Answer, Answer][] = [
  ["/admin", "GET", A, A, A],
  ["/admin/orders", "GET", A, R, R],
  ["/admin/orders/1", "POST", A, R, R],
  ["/admin/orders.csv", "GET", A, R, R],
  ["/admin/enrollments", "GET", A, R, R],
  ["/admin/users", "GET", A, R, R],
  ["/admin/users/erase/1", "POST", A, R, R],
  ["/admin/accounts", "GET", A, R, R],
  ["/admin/accounts", "POST", A, R, R],
  ["/admin/settings", "GET", A, R, R],
  ["/admin/settings", "POST", A, R, R],
  ["/admin/audit", "GET", A, R, R],
  // Editors send the newsletter; exporting and erasing subscribers is the owner's.
  ["/admin/subscribers", "GET", A, A, R],
  ["/admin/subscribers", "POST", A, R, R],
  ["/admin/subscribers.csv", "GET", A, R, R],
  ["/admin/newsletter", "GET", A, A, R],
  ["/admin/newsletter/new", "POST", A, A, R],
  ["/admin/newsletter/1", "POST", A, A, R],
  ["/admin/messages", "GET", A, A, R],
  ["/admin/messages/1", "POST", A, A, R],
  // Revenue is the owner's inside the page (the loader); contributors have no analytics at all.
  ["/admin/analytics", "GET", A, A, R],
  ["/admin/analytics.csv", "GET", A, A, R],
  // Learner insight: totals for editors too; the progress CSV (one learner a row, with the address) is the owner's.
  ["/admin/courses/1/insight", "GET", A, A, R],
  ["/admin/courses/1/progress.csv", "GET", A, R, R],
  ["/admin/media", "GET", A, A, R],
  ["/admin/media", "POST", A, A, R],
  ["/admin/authors", "GET", A, A, R],
  // Pages (issue #29): editors edit the home page and About; the legal documents are the owner's.
  ["/admin/pages", "GET", A, A, R],
  ["/admin/pages/about", "GET", A, A, R],
  ["/admin/pages/home", "POST", A, A, R],
  ["/admin/pages/legal/privacy", "GET", A, R, R],
  ["/admin/pages/legal/terms", "POST", A, R, R],
  ["/admin/resources/new", "GET", A, A, R],
  ["/admin/resources/1/history", "POST", A, A, R],
  // Contributors write articles, practices and courses: the item rules below decide which ones.
  ["/admin/articles", "GET", A, A, A],
  ["/admin/articles/new", "GET", A, A, A],
  ["/admin/articles/1", "GET", A, A, A],
  ["/admin/practices/1/history/1", "POST", A, A, A],
  ["/admin/courses/1/preview", "GET", A, A, A],
  ["/api/articles", "POST", A, A, A],
  ["/api/articles/1", "PUT", A, A, A],
  ["/api/courses/1", "DELETE", A, A, A],
  ["/api/courses/1/outline", "PUT", A, A, A],
  ["/api/resources", "POST", A, A, R],
  ["/api/resources/1", "DELETE", A, A, R],
  ["/api/authors/1", "PUT", A, A, R],
  ["/api/admin/media", "GET", A, A, A],
  ["/api/admin/media", "POST", A, A, A],
  ["/api/admin/markdown-preview", "POST", A, A, A],
];

let cookies: Record<AdminRole, string>;
beforeEach(async () => {
  await seedTestDb();
  const db = testDb();
  cookies = {
    owner: await adminCookie(db),
    editor: await editorCookie(db),
    contributor: await accountCookie(db, "contributor", "writer@example.com"),
  };
});

/** A same-site request of `who` (the session cookie of that role's account). */
function request(path: string, method: string, who: Who, body?: BodyInit) {
  const headers = new Headers({ Origin: TEST_ORIGIN });
  if (who !== "anonymous") headers.set("Cookie", cookies[who]);
  return new Request(`${TEST_ORIGIN}${path}`, { method, headers, body });
}

/**
 * What `who` gets from the root's middleware for `method` on `path`: the guard's redirect or refusal, or "ok" when the
 * request reaches its handler. A page's form post reaches its action, which answers the guard's refusal first
 * (`formAction`): the handler here does the same with the guard's decision.
 */
async function answer(path: string, method: string, who: Who): Promise<Answer> {
  const reached = Symbol("reached");
  const handler = async ({ request: req, context }: { request: Request; context: never }) => {
    const { refusal } = await routeAccess(req, context);
    return refusal ? new Response(null, { status: refusal.status }) : reached;
  };
  let result: unknown;
  try {
    result = await throughMiddleware(rootMiddleware as never, handler as never, routeArgs(request(path, method, who)));
  } catch (thrown) {
    result = thrown;
  }
  if (result === reached) return "ok";
  if (result instanceof Response) {
    if (result.status === 302 && result.headers.get("Location") === "/login") return "login";
    if (result.status === 401 || result.status === 403) return result.status;
    throw new Error(`${method} ${path} as ${who}: an unexpected ${result.status}`);
  }
  if (result && typeof result === "object" && "init" in result) {
    const status = (result as { init: ResponseInit | null }).init?.status;
    if (status === 401 || status === 403) return status;
  }
  throw new Error(`${method} ${path} as ${who}: an unexpected answer`);
}

describe("every route, for every role", () => {
  const walked = POLICY_ROUTES.flatMap((route) => {
    const path = concrete(route.pattern);
    return [
      { route, path, method: "GET", writing: false },
      ...(route.policy.write === "nobody" ? [] : [{ route, path, method: route.api ? "PUT" : "POST", writing: true }]),
    ];
  });

  it("walks the whole table (pages, files and the API)", () => {
    expect(walked.length).toBeGreaterThan(POLICY_ROUTES.length);
    expect(walked.some((each) => each.path === "/admin/accounts" && each.writing)).toBe(true);
  });

  it.each(walked)("$method $path: what its policy says, for each role", async ({ route, path, method, writing }) => {
    for (const who of WHO) expect(await answer(path, method, who), `${method} ${path} as ${who}`).toBe(fromPolicy(route, who, writing));
  });

  it.each(EXPECTED)("%s %s: owner %s, editor %s, contributor %s (the table), signed out refused", async (path, method, ...roles) => {
    const [owner, editor, contributor] = roles;
    expect({
      owner: await answer(path, method, "owner"),
      editor: await answer(path, method, "editor"),
      contributor: await answer(path, method, "contributor"),
    }).toEqual({ owner, editor, contributor });
    expect(await answer(path, method, "anonymous")).toBe(method === "GET" && !path.startsWith("/api/") ? "login" : 401);
  });
});

/** The admin's sidebar for the role its data names. */
const SidebarOf = ({ loaderData }: { loaderData: { role: AdminRole } }) =>
  createElement(AdminSidebar, { username: "x", role: loaderData.role, unhandledMessages: 0 });

describe("the navigation", () => {
  it("shows each role only what its policy lets it open", async () => {
    const links = async (role: AdminRole) => {
      const html = await renderRoute("/admin", { path: "/admin", Component: SidebarOf, loaderData: { role } });
      return [...html.matchAll(/href="(\/admin[^"]*)"/g)].map((match) => match[1]);
    };
    const contributor = await links("contributor");
    expect(contributor).toEqual(expect.arrayContaining(["/admin", "/admin/articles", "/admin/practices", "/admin/courses"]));
    for (const hidden of [
      "/admin/newsletter",
      "/admin/subscribers",
      "/admin/messages",
      "/admin/analytics",
      "/admin/media",
      "/admin/authors",
    ])
      expect(contributor, hidden).not.toContain(hidden);
    const editor = await links("editor");
    expect(editor).toEqual(expect.arrayContaining(["/admin/newsletter", "/admin/subscribers", "/admin/media"]));
    expect(editor).not.toContain("/admin/accounts");
    expect(await links("owner")).toEqual(expect.arrayContaining(["/admin/accounts", "/admin/orders", "/admin/settings"]));
  });
});

describe("the subscribers page", () => {
  it("offers the export and erasure only to the owner, and shows an editor no erasure box", async () => {
    const added = await env.DB.prepare(
      "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token) VALUES ('sub@example.com', 'confirmed', 'roles-test-token') RETURNING id",
    ).first<{ id: number }>();
    const page = async (who: AdminRole) =>
      (await asRouted(subscribers, "loader", [layout])(routeArgs(request(`/admin/subscribers?erase=${added?.id}`, "GET", who)))) as {
        mayExport: boolean;
        mayErase: boolean;
        erasing: unknown;
      };
    expect(await page("owner")).toMatchObject({ mayExport: true, mayErase: true, erasing: { email: "sub@example.com" } });
    expect(await page("editor")).toMatchObject({ mayExport: false, mayErase: false, erasing: null });
  });
});

const rows = <T = Record<string, unknown>>(sql: string, ...bind: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...bind)
    .all<T>()
    .then((result) => result.results);

const draft = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  excerpt: "An excerpt.",
  content: "Some words of a draft.",
  imageUrl: "/images/articles/stoicism.svg",
  category: "Philosophy",
  authorId: 1,
  featured: false,
  ...extra,
});

/** Answers of the JSON API's modules, called as React Router calls them (the guard runs in `adminApi`). */
async function api(module: { action: unknown }, method: string, path: string, who: AdminRole, body?: unknown, params = {}) {
  const response = (await (module.action as (args: never) => Promise<Response>)(
    routeArgs(adminRequest(method, path, { cookie: cookies[who], body: body as never }), params),
  )) as Response;
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const versionOf = async (table: string, id: number) =>
  (await rows<{ v: string | null }>(`SELECT updated_at v FROM ${table} WHERE id = ?`, id))[0]?.v ?? "";

describe("a contributor's own drafts", () => {
  it("creates drafts only, saves and submits its own, never publishes, deletes nothing, and finds no one else's", async () => {
    const created = await api(collection, "POST", "/api/articles", "contributor", draft("My first draft", { intent: "save" }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const [account] = await rows<{ id: number }>("SELECT id FROM admin_accounts WHERE username = 'writer@example.com'");
    assert(account);
    expect(await rows("SELECT status, created_by, submitted_at FROM articles WHERE id = ?", id)).toEqual([
      { status: "draft", created_by: account.id, submitted_at: null },
    ]);

    // Publishing in any spelling is refused, and writes nothing.
    for (const body of [draft("Sneaky", { intent: "publish" }), draft("Sneaky"), draft("Sneaky", { status: "published" })])
      expect(await api(collection, "POST", "/api/articles", "contributor", body)).toEqual({
        status: 403,
        body: { message: PUBLISH_REFUSED },
      });
    expect(await rows("SELECT id FROM articles WHERE title = 'Sneaky'")).toEqual([]);
    const put = async (intent: string, extra: Record<string, unknown> = {}) =>
      api(
        item,
        "PUT",
        `/api/articles/${id}`,
        "contributor",
        draft("My first draft", { intent, version: await versionOf("articles", id), ...extra }),
        {
          id: String(id),
        },
      );
    for (const intent of ["publish", "unpublish"]) expect(await put(intent)).toEqual({ status: 403, body: { message: PUBLISH_REFUSED } });
    expect(await put("schedule", { publishAt: new Date(Date.now() + 86_400_000).toISOString() })).toEqual({
      status: 403,
      body: { message: PUBLISH_REFUSED },
    });
    expect((await put("save", { content: "More words." })).status).toBe(200);
    expect((await put("submit")).status).toBe(200);
    const [submitted] = await rows<{ status: string; submitted_at: string | null; content: string }>(
      "SELECT status, submitted_at, content FROM articles WHERE id = ?",
      id,
    );
    expect(submitted).toMatchObject({ status: "draft", content: "Some words of a draft." });
    expect(Date.parse(submitted?.submitted_at ?? "")).toBeGreaterThan(Date.now() - 60_000);

    // Deleting is refused, even their own; someone else's item (the seed's: no creator) does not exist for them.
    expect(await api(item, "DELETE", `/api/articles/${id}`, "contributor", undefined, { id: String(id) })).toEqual({
      status: 403,
      body: { message: DELETE_REFUSED },
    });
    const others = await api(
      item,
      "PUT",
      "/api/articles/1",
      "contributor",
      draft("Taken over", { intent: "save", version: await versionOf("articles", 1) }),
      {
        id: "1",
      },
    );
    expect(others).toEqual({ status: 404, body: { message: "Article not found." } });
    expect(await api(item, "DELETE", "/api/articles/1", "contributor", undefined, { id: "1" })).toMatchObject({ status: 404 });
    const course = await api(
      outline,
      "PUT",
      "/api/courses/1/outline",
      "contributor",
      { modules: [], version: await versionOf("courses", 1) },
      {
        id: "1",
      },
    );
    expect(course).toEqual({ status: 404, body: { message: "Course not found." } });
    expect(await rows("SELECT count(*) n FROM course_modules WHERE course_id = 1")).not.toEqual([{ n: 0 }]);

    // The admin pages: the list has only their own, another's edit page is not found.
    const list = (await asRouted(contentList, "loader", [layout])(routeArgs(request("/admin/articles", "GET", "contributor")))) as {
      items: { id: number; status?: { value: string }; mayDelete?: boolean }[];
    };
    expect(list.items.map((row) => [row.id, row.status?.value, row.mayDelete])).toEqual([[id, "review", false]]);
    const page = (await asRouted(contentEdit, "loader", [layout])(
      routeArgs(request("/admin/articles/1", "GET", "contributor"), { id: "1" }),
    )) as {
      init: ResponseInit;
    };
    expect(page.init.status).toBe(404);
    const mine = (await asRouted(contentEdit, "loader", [layout])(
      routeArgs(request(`/admin/articles/${id}`, "GET", "contributor"), { id: String(id) }),
    )) as {
      inReview: boolean;
      rights: { publish: boolean };
      mayDelete: boolean;
    };
    expect(mine).toMatchObject({ inReview: true, rights: { publish: false }, mayDelete: false });
    const home = (await asRouted(dashboard, "loader", [layout])(routeArgs(request("/admin", "GET", "contributor")))) as {
      mine: { key: string; items: { id: number }[] }[];
    };
    expect(home.mine.map((each) => [each.key, each.items.map((row) => row.id)])).toEqual([
      ["article", [id]],
      ["practice", []],
      ["course", []],
    ]);
  });

  it("is in review for the editors, who publish it; then the contributor can no longer change it", async () => {
    const { body } = await api(collection, "POST", "/api/articles", "contributor", draft("For review", { intent: "submit" }));
    const id = body.id as number;
    const list = (await asRouted(contentList, "loader", [layout])(routeArgs(request("/admin/articles", "GET", "editor")))) as {
      items: { id: number; status?: { value: string; text: string } }[];
    };
    expect(list.items.find((row) => row.id === id)?.status).toEqual({ value: "review", text: "In review" });
    const published = await api(
      item,
      "PUT",
      `/api/articles/${id}`,
      "editor",
      draft("For review", { intent: "publish", version: await versionOf("articles", id) }),
      {
        id: String(id),
      },
    );
    expect(published.status).toBe(200);
    expect(await rows("SELECT status, submitted_at FROM articles WHERE id = ?", id)).toEqual([{ status: "published", submitted_at: null }]);
    const late = await api(
      item,
      "PUT",
      `/api/articles/${id}`,
      "contributor",
      draft("Changed after", { intent: "save", version: await versionOf("articles", id) }),
      {
        id: String(id),
      },
    );
    expect(late).toEqual({ status: 403, body: { message: DRAFTS_ONLY } });
    expect(await rows("SELECT title FROM articles WHERE id = ?", id)).toEqual([{ title: "For review" }]);
  });
});

describe("deleting", () => {
  it("is the owner's for anything, an editor's only for what they created", async () => {
    expect(await api(item, "DELETE", "/api/articles/1", "editor", undefined, { id: "1" })).toEqual({
      status: 403,
      body: { message: DELETE_REFUSED },
    });
    const { body } = await api(collection, "POST", "/api/articles", "editor", draft("The editor's own", { intent: "save" }));
    expect((await api(item, "DELETE", `/api/articles/${body.id}`, "editor", undefined, { id: String(body.id) })).status).toBe(204);
    expect((await api(item, "DELETE", "/api/articles/1", "owner", undefined, { id: "1" })).status).toBe(204);
    const list = (await asRouted(contentList, "loader", [layout])(routeArgs(request("/admin/articles", "GET", "editor")))) as {
      items: { mayDelete?: boolean }[];
    };
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((row) => row.mayDelete === false)).toBe(true);
  });
});

describe("changing a role", () => {
  const act = (fields: Record<string, string>) =>
    asRouted(accounts, "action", [layout])(
      routeArgs(
        new Request(`${TEST_ORIGIN}/admin/accounts`, {
          method: "POST",
          headers: { Origin: TEST_ORIGIN, Cookie: cookies.owner },
          body: new URLSearchParams(fields),
        }),
      ),
    );
  const idOf = async (username: string) =>
    (await rows<{ id: number }>("SELECT id FROM admin_accounts WHERE username = ?", username))[0]?.id;

  it("counts from the account's next request, with the same session", async () => {
    expect(await answer("/admin/newsletter", "GET", "editor")).toBe("ok");
    expect(await act({ intent: "role", id: String(await idOf("editor@example.com")), role: "contributor" })).toMatchObject({ ok: true });
    expect(await answer("/admin/newsletter", "GET", "editor")).toBe(403);
    expect(await answer("/admin/articles", "GET", "editor")).toBe("ok");
    expect(await act({ intent: "role", id: String(await idOf("writer@example.com")), role: "owner" })).toMatchObject({ ok: true });
    expect(await answer("/admin/accounts", "GET", "contributor")).toBe("ok");
  });

  it("never leaves the site without an owner", async () => {
    const owner = String(await idOf("editor"));
    const refused = (await act({ intent: "role", id: owner, role: "editor" })) as { init: ResponseInit; data: { message: string } };
    expect([refused.init.status, refused.data.message]).toEqual([409, LAST_OWNER_MESSAGE]);
    expect(await rows("SELECT role FROM admin_accounts WHERE username = 'editor'")).toEqual([{ role: "owner" }]);
    expect(((await act({ intent: "role", id: owner, role: "boss" })) as { init: ResponseInit }).init.status).toBe(400);
    // With a second owner, the first may step down (and lands on the dashboard, its Accounts page no longer its own).
    await act({ intent: "role", id: String(await idOf("editor@example.com")), role: "owner" });
    const stepped = (await act({ intent: "role", id: owner, role: "editor" })) as Response;
    expect([stepped.status, stepped.headers.get("Location")]).toEqual([303, `${TEST_ORIGIN}/admin`]);
    expect(await answer("/admin/accounts", "GET", "owner")).toBe(403);
  });

  it("invites as a contributor: the accepted account is one", async () => {
    expect(await act({ intent: "invite", email: "new@example.com", role: "contributor" })).toMatchObject({ ok: true });
    expect(await rows("SELECT email, role FROM admin_invites")).toEqual([{ email: "new@example.com", role: "contributor" }]);
    expect(((await act({ intent: "invite", email: "x@example.com", role: "owner" })) as { init: ResponseInit }).init.status).toBe(400);
    const queue = { send: async () => ({ metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } }) };
    const db = testDb();
    const link = await inviteAccount(
      db,
      { email: "pen@example.com", role: "contributor", invitedBy: "editor", origin: TEST_ORIGIN, siteName: "x" },
      new Date(),
      {
        db,
        queue,
      },
    );
    const accepted = await acceptInvite(db, link.split("/").pop() ?? "", "a long enough passphrase");
    expect(accepted.role).toBe("contributor");
    expect(await rows("SELECT role FROM admin_accounts WHERE username = 'pen@example.com'")).toEqual([{ role: "contributor" }]);
  });
});
