/**
 * Owners and editors as React Router runs the admin (inside the route guard): what an editor is refused (every admin
 * route whose policy in app/site-routes.ts is the owner's, taken from app/routes.ts), the audit log of writes,
 * the Accounts and Settings forms, and the invitation page.
 */
import { env } from "cloudflare:test";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { adminRequest, seedWithOwnerAndEditor } from "../../../tests/support/admin";
import { buyerEmail, insertEnrollment, routeArgs, testDb } from "../../../tests/support/db";
import { metaVersion } from "~/server/site/site.server";
import { asRouted, type RouteModule } from "../../../tests/support/routes";
import { roleMayUse } from "~/lib/admin-permissions";
import routes from "~/routes";
import { AUDIT_PAGE_SIZE } from "~/server/admin/audit.server";
import * as root from "../../root";
import * as invitePage from "../admin-invite";
import * as articleById from "../api/content-item";
import * as accounts from "./accounts";
import * as audit from "./audit";
import * as dashboard from "./dashboard";
import * as layout from "./layout";
import * as message from "./message";
import * as settings from "./settings";
import { mailRows } from "../../../tests/support/mail";

const MODULES = import.meta.glob<RouteModule>(["/app/routes/admin/*.{ts,tsx}", "!/app/routes/admin/*.test.{ts,tsx}"]);

type Answer = { status: number; data: unknown; headers?: Headers };
/** What a loader or action answered, or threw (a redirect or a refusal), as status and data. */
async function outcome(run: () => Promise<unknown>): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, data: null, headers: value.headers };
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const { init, data } = value as { type: unknown; init?: ResponseInit | null; data?: unknown };
    return { status: init?.status ?? 200, data, headers: new Headers(init?.headers) };
  }
  return { status: 200, data: value };
}

const form = (path: string, cookie: string | undefined, fields: Record<string, string>, origin = "http://localhost") => {
  const headers = new Headers({ Origin: origin });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
};
const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
const rows = (sql: string) =>
  env.DB.prepare(sql)
    .all()
    .then((result) => result.results);
/** The one value a query selects (the first column of its first row); the test fails here when it finds no row. */
const value = async (sql: string) => {
  const [row] = await rows(sql);
  assert(row, `a row from ${sql}`);
  return Object.values(row)[0];
};

/** Every admin page whose policy an editor may not read: file and a concrete path. */
type Flat = { file: string; path: string };
function restrictedRoutes(): Flat[] {
  const flat: Flat[] = [];
  const walk = (entries: readonly { file: string; path?: string; children?: unknown[] }[]) => {
    for (const entry of entries) {
      const path = `/${entry.path ?? ""}`.replace(/:[a-z]+/gi, "1");
      if (entry.file.startsWith("routes/admin/") && entry.path && !roleMayUse("editor", path)) flat.push({ file: entry.file, path });
      walk((entry.children ?? []) as never);
    }
  };
  walk(routes);
  return flat;
}

let owner: string;
let editor: string;
beforeEach(async () => {
  ({ owner, editor } = await seedWithOwnerAndEditor());
  await env.DB.prepare(
    "INSERT INTO contact_messages (id, name, email, subject, message) VALUES (1, 'Ann', 'ann@example.com', 'general', 'Hello')",
  ).run();
});

describe("an editor", () => {
  const restricted = restrictedRoutes();

  it("meets every owner-only route of app/site-routes.ts (orders, users, accounts, settings, audit)", () => {
    expect(restricted.map((route) => route.path)).toEqual(
      expect.arrayContaining(["/admin/orders", "/admin/orders/1", "/admin/users", "/admin/accounts", "/admin/settings", "/admin/audit"]),
    );
  });

  it.each(restrictedRoutes())("gets 403 from $path (page and action), the owner does not", async ({ file, path }) => {
    const load = MODULES[`/app/${file}`];
    assert(load, `the module of /app/${file}`);
    const module = await load();
    const page = await outcome(() => asRouted(module, "loader", [layout])(routeArgs(get(path, editor), { id: "1" })));
    expect(page.status).toBe(403);
    expect(page.data).toEqual({ message: "Your account cannot use this part of the admin." });
    if (module.action) {
      const write = await outcome(() =>
        asRouted(module, "action", [layout])(routeArgs(form(path, editor, { intent: "refund" }), { id: "1" })),
      );
      expect(write.status).toBe(403);
    }
    const ownerPage = await outcome(() => asRouted(module, "loader", [layout])(routeArgs(get(path, owner), { id: "1" })));
    expect(ownerPage.status).not.toBe(403);
  });

  it("is refused however the path is spelled (case, escapes, doubled slashes, single-fetch .data)", () => {
    for (const path of ["/admin/Orders", "/admin/%6Frders/1", "/admin//settings", "/admin/users.data", "/admin/accounts/"])
      expect(roleMayUse("editor", path), path).toBe(false);
    expect(roleMayUse("editor", "/admin/articles")).toBe(true);
    expect(roleMayUse("owner", "/admin/orders")).toBe(true);
  });

  it("manages content, messages and the newsletter, and the nav hides only what is refused", async () => {
    const save = await articleById.action(
      routeArgs(adminRequest("PUT", "/api/articles/1", { cookie: editor, body: (await articleBody()) as never }), { id: "1" }) as never,
    );
    expect(save.status).toBe(200);
    const handled = await outcome(() =>
      asRouted(message, "action", [layout])(routeArgs(form("/admin/messages/1", editor, { intent: "handled" }), { id: "1" })),
    );
    expect(handled.status).toBe(200);
    const nav = (await outcome(() => asRouted(layout, "loader")(routeArgs(get("/admin", editor))))).data as { role: string };
    expect(nav.role).toBe("editor");
  });
});

describe("the dashboard", () => {
  it("shows the owner revenue and purchases; an editor sees neither", async () => {
    await insertEnrollment(testDb(), { email: buyerEmail(), courseId: 1 });
    type Dashboard = { showsOrders: boolean; figures: { thisWeek: { revenue: unknown[] } }; activity: { kind: string }[] };
    const view = async (cookie: string) =>
      (await outcome(() => asRouted(dashboard, "loader", [layout])(routeArgs(get("/admin", cookie))))).data as Dashboard;
    const owners = await view(owner);
    expect([
      owners.showsOrders,
      owners.figures.thisWeek.revenue.length > 0,
      owners.activity.some((item) => item.kind === "enrollment"),
    ]).toEqual([true, true, true]);
    const editors = await view(editor);
    expect([editors.showsOrders, editors.figures.thisWeek.revenue, editors.activity.some((item) => item.kind === "enrollment")]).toEqual([
      false,
      [],
      false,
    ]);
  });
});

/** The seeded first article, as the editor's form sends it back. */
async function articleBody() {
  const row = await env.DB.prepare(
    "SELECT title, excerpt, content, image_url, category, reading_time, author_id, updated_at FROM articles WHERE id = 1",
  ).first<Record<string, string | number>>();
  return {
    title: `${row?.title} (edited)`,
    excerpt: row?.excerpt,
    content: row?.content || "Some text.",
    imageUrl: row?.image_url,
    category: row?.category,
    readingTime: row?.reading_time,
    authorId: row?.author_id,
    featured: false,
    // The version the form was read at: its save is refused (409) if someone else saved since, and a PUT needs one (428).
    version: row?.updated_at ?? "",
  };
}

describe("the audit log", () => {
  it("records who did what, where, for a JSON write and a form write (its intent); refused and failed writes leave no entry", async () => {
    await articleById.action(
      routeArgs(adminRequest("PUT", "/api/articles/1", { cookie: editor, body: (await articleBody()) as never }), { id: "1" }) as never,
    );
    await outcome(() =>
      asRouted(message, "action", [layout])(routeArgs(form("/admin/messages/1", editor, { intent: "handled" }), { id: "1" })),
    );
    // Failed (400), signed out (401), cross-site (403), refused by role (403): nothing recorded.
    await articleById.action(
      routeArgs(adminRequest("PUT", "/api/articles/1", { cookie: editor, body: { title: "" } }), { id: "1" }) as never,
    );
    await outcome(() =>
      asRouted(message, "action", [layout])(routeArgs(form("/admin/messages/1", editor, { intent: "nonsense" }), { id: "1" })),
    );
    await outcome(() =>
      asRouted(message, "action", [layout])(routeArgs(form("/admin/messages/1", undefined, { intent: "handled" }), { id: "1" })),
    );
    await outcome(() =>
      asRouted(message, "action", [layout])(
        routeArgs(form("/admin/messages/1", editor, { intent: "handled" }, "https://evil.example"), { id: "1" }),
      ),
    );
    await outcome(() => asRouted(settings, "action", [layout])(routeArgs(form("/admin/settings", editor, { name: "Hijacked" }), {})));
    const title = await value("SELECT title FROM articles WHERE id = 1");
    expect(await rows("SELECT actor, action, target, object FROM audit_log ORDER BY id")).toEqual([
      { actor: "editor@example.com", action: "update", target: "/api/articles/1", object: `“${title}” (article #1)` },
      { actor: "editor@example.com", action: "handled", target: "/admin/messages/1", object: "" },
    ]);
  });

  it("is shown to the owner 50 a page, newest first, and refused to an editor", async () => {
    const values = Array.from({ length: AUDIT_PAGE_SIZE + 3 }, (_, i) => `('editor', 'update', '/api/articles/${i + 1}')`).join(", ");
    await env.DB.prepare(`INSERT INTO audit_log (actor, action, target) VALUES ${values}`).run();
    const first = (await outcome(() => asRouted(audit, "loader", [layout])(routeArgs(get("/admin/audit", owner))))).data as {
      entries: { target: string }[];
      page: number;
      pages: number;
    };
    expect([first.entries.length, first.page, first.pages, first.entries[0]?.target]).toEqual([AUDIT_PAGE_SIZE, 1, 2, "/api/articles/53"]);
    const second = (await outcome(() => asRouted(audit, "loader", [layout])(routeArgs(get("/admin/audit?page=2", owner)))))
      .data as typeof first;
    expect(second.entries.map((entry) => entry.target)).toEqual(["/api/articles/3", "/api/articles/2", "/api/articles/1"]);
    const beyond = (await outcome(() => asRouted(audit, "loader", [layout])(routeArgs(get("/admin/audit?page=abc", owner)))))
      .data as typeof first;
    expect(beyond.page).toBe(1);
    expect((await outcome(() => asRouted(audit, "loader", [layout])(routeArgs(get("/admin/audit", editor))))).status).toBe(403);
  });
});

describe("the Accounts page", () => {
  const act = (fields: Record<string, string>, cookie = owner) =>
    outcome(() => asRouted(accounts, "action", [layout])(routeArgs(form("/admin/accounts", cookie, fields))));

  it("invites by e-mail (validated), removes an editor (signed out at once, audited), and never removes the owner", async () => {
    expect(await act({ intent: "invite", email: "not-an-address" })).toMatchObject({
      status: 400,
      data: { message: 'The field "E-mail" must be an e-mail address.' },
    });
    expect(await act({ intent: "invite", email: "New@Example.com" })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await rows('SELECT "to", kind FROM mail_log')).toEqual([{ to: "new@example.com", kind: "admin-invite" }]);
    expect(await act({ intent: "promote", id: "1" })).toMatchObject({ status: 400 });

    const editorId = await value("SELECT id FROM admin_accounts WHERE role = 'editor'");
    expect(await act({ intent: "remove", id: String(editorId) })).toMatchObject({ status: 200, data: { ok: true } });
    expect((await outcome(() => asRouted(layout, "loader")(routeArgs(get("/admin", editor))))).headers?.get("Location")).toBe("/login");
    const ownerId = await value("SELECT id FROM admin_accounts WHERE role = 'owner'");
    expect(await act({ intent: "remove", id: String(ownerId) })).toMatchObject({ status: 409 });
    expect(await rows("SELECT action, target, object FROM audit_log ORDER BY id")).toEqual([
      { action: "invite", target: "/admin/accounts", object: "new@example.com as editor" },
      { action: "remove", target: "/admin/accounts", object: "editor@example.com" },
    ]);
  });

  it("names the invitation it withdraws", async () => {
    await act({ intent: "invite", email: "sam@example.com" });
    const id = await value("SELECT id FROM admin_invites WHERE email = 'sam@example.com'");
    expect(await act({ intent: "withdraw", id: String(id) })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await rows("SELECT action, object FROM audit_log ORDER BY id")).toEqual([
      { action: "invite", object: "sam@example.com as editor" },
      { action: "withdraw", object: "invitation to sam@example.com" },
    ]);
  });
});

describe("the invitation page", () => {
  async function inviteLink() {
    await outcome(() =>
      asRouted(accounts, "action", [layout])(routeArgs(form("/admin/accounts", owner, { intent: "invite", email: "pat@example.com" }))),
    );
    const text = String((await mailRows<{ text: string }>("SELECT text FROM mail_log"))[0]?.text);
    const [, path, token] = text.match(/http:\/\/localhost(\/admin\/invite\/([A-Za-z0-9_-]+))/) ?? [];
    assert(path && token, "an invitation link in the e-mail");
    return { path, token };
  }
  const accept = (path: string, token: string, fields: Record<string, string>, origin?: string) =>
    outcome(() => invitePage.action(routeArgs(form(path, undefined, fields, origin), { token }) as never));

  it("validates the password, refuses cross-site posts, signs the editor in once, then answers 410", async () => {
    const { path, token } = await inviteLink();
    expect((await outcome(() => invitePage.loader(routeArgs(path, { token }) as never))).data).toEqual({ email: "pat@example.com" });
    const pw = "a long enough passphrase";
    expect(await accept(path, token, { password: "short", confirm: "short" })).toMatchObject({
      status: 400,
      data: { message: "The password must be at least 12 characters long." },
    });
    expect(await accept(path, token, { password: pw, confirm: `${pw}!` })).toMatchObject({
      status: 400,
      data: { message: "The two passwords do not match." },
    });
    expect(await accept(path, token, { password: pw, confirm: pw }, "https://evil.example")).toMatchObject({ status: 403 });
    const accepted = await accept(path, token, { password: pw, confirm: pw });
    expect([accepted.status, accepted.headers?.get("Location")]).toEqual([302, "/admin?welcome=1"]);
    expect(accepted.headers?.get("Set-Cookie")).toMatch(/^tel_admin_session=/);
    expect(await rows("SELECT username, role FROM admin_accounts WHERE username = 'pat@example.com'")).toEqual([
      { username: "pat@example.com", role: "editor" },
    ]);
    expect(await accept(path, token, { password: pw, confirm: pw })).toMatchObject({ status: 410 });
    expect((await outcome(() => invitePage.loader(routeArgs(path, { token }) as never))).status).toBe(410);
    // Accepting created an account: the audit log says so (once, without the link's token), after the owner's invite.
    expect(await rows("SELECT actor, action, target, object FROM audit_log ORDER BY id")).toEqual([
      { actor: expect.any(String), action: "invite", target: "/admin/accounts", object: "pat@example.com as editor" },
      { actor: "pat@example.com", action: "accept invitation", target: "/admin/invite", object: "pat@example.com" },
    ]);
  });
});

describe("Settings", () => {
  const VALID = {
    name: "The Examined Life",
    email: "hello@example.com",
    phone: "",
    address: "",
    instagram: "https://instagram.com/examined",
    youtube: "",
    linkedin: "",
  };
  // The form sends the version it was opened at, as the page does.
  const save = async (fields: Record<string, string>) => {
    const version = await metaVersion(testDb(), "settings");
    return outcome(() => asRouted(settings, "action", [layout])(routeArgs(form("/admin/settings", owner, { version, ...fields }))));
  };
  const publicSite = async () =>
    (
      (await root.loader(routeArgs("/about") as never)) as {
        site: { name: string; email: string; social: { label: string; href: string }[] };
      }
    ).site;

  it("refuses a social link that is not https, an empty name and a bad e-mail (400), saving nothing", async () => {
    expect(await save({ ...VALID, youtube: "http://youtube.com/x" })).toMatchObject({
      status: 400,
      data: { message: 'The field "YouTube" must be an https:// address, or empty to hide the link.' },
    });
    expect(await save({ ...VALID, linkedin: "javascript:alert(1)" })).toMatchObject({ status: 400 });
    expect(await save({ ...VALID, name: "  " })).toMatchObject({ status: 400, data: { message: 'The field "Site name" is required.' } });
    expect(await save({ ...VALID, email: "nope" })).toMatchObject({ status: 400 });
    expect(await rows("SELECT key FROM site_meta WHERE key LIKE 'setting.%'")).toEqual([]);
  });

  it("saves to D1, shows on the public pages at once (name, contact, links; an empty link hidden) and retires cached pages", async () => {
    const before = await rows("SELECT value FROM site_meta WHERE key = 'content_version'");
    expect(await save({ ...VALID, name: "Examined Again", email: "new@example.com" })).toMatchObject({ status: 200, data: { ok: true } });
    const site = await publicSite();
    expect([site.name, site.email, site.social]).toEqual([
      "Examined Again",
      "new@example.com",
      [{ label: "Instagram", href: "https://instagram.com/examined" }],
    ]);
    expect(await rows("SELECT value FROM site_meta WHERE key = 'content_version'")).not.toEqual(before);
    const formValues = (await outcome(() => asRouted(settings, "loader", [layout])(routeArgs(get("/admin/settings", owner))))).data as {
      values: Record<string, string>;
    };
    expect(formValues.values).toMatchObject({ name: "Examined Again", instagram: "https://instagram.com/examined", youtube: "" });
    expect(await save({ ...VALID, instagram: "" })).toMatchObject({ status: 200 });
    expect((await publicSite()).social).toEqual([]);
    // A save changes the settings: "update", never "create", and it says what was changed.
    expect(await rows("SELECT action, target, object FROM audit_log ORDER BY id")).toEqual([
      { action: "update", target: "/admin/settings", object: "site settings" },
      { action: "update", target: "/admin/settings", object: "site settings" },
    ]);
  });
});
