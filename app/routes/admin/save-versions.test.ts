/**
 * Every save of an editable record carries the version it was edited from (issue #37 §2.12; docs/admin.md, "Two admins
 * on one item"). This file walks every admin write route of app/site-routes.ts: each is either a save of an editable
 * record, checked here (a form without its version: 400 naming "version", nothing saved; a stale version: 409, nothing
 * saved; two saves from one version sent at once: exactly one wins), or says why it is not one. A new admin write
 * route fails the first test until it is listed.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { TEST_ORIGIN, adminCookie } from "../../../tests/support/admin";
import { routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { asRouted, type RouteModule } from "../../../tests/support/routes";
import { DEFAULT_HOME_PAGE } from "~/content/pages";
import { isAdminAccess } from "~/lib/route-policy";
import { POLICY_ROUTES } from "~/site-routes";
import { saveBundle } from "~/server/payments/bundles.server";
import { readPage } from "~/server/site/pages.server";
import * as bundles from "./bundles";
import * as layout from "./layout";
import * as newsletterIssue from "./newsletter-issue";
import * as pageEdit from "./page-edit";
import * as settings from "./settings";

const MODULES = import.meta.glob<{ action?: unknown }>(["/app/routes/**/*.{ts,tsx}", "!/app/routes/**/*.test.{ts,tsx}"]);

/** A save of an editable record through its form: how to post it, read its version, and read what is stored. */
type Save = {
  module: RouteModule;
  path: string;
  params?: Record<string, string>;
  /** Makes the record (if the seed has none) and returns its id, if it has one. */
  setup?: () => Promise<string>;
  /** The form's fields but the version, with `mark` in a field the save stores. */
  fields: (mark: string, id: string) => Record<string, string | string[]>;
  version: (id: string) => Promise<string>;
  /** What the save stores, as a string that holds the mark of the save that won. */
  stored: (id: string) => Promise<string>;
};

const first = async (sql: string, ...bindings: unknown[]) =>
  JSON.stringify(
    await env.DB.prepare(sql)
      .bind(...bindings)
      .first(),
  );

/** A settings form's version, as the page reads it (site_meta `version.<form>`, "" before the first save). */
const metaVersion = async (form: string) =>
  (await env.DB.prepare("SELECT value FROM site_meta WHERE key = ?").bind(`version.${form}`).first<{ value: string }>())?.value ?? "";

const SITE = { name: "", email: "hello@example.com", phone: "", address: "", instagram: "", youtube: "", linkedin: "" };

/** The saves of editable records that are page forms (the JSON API's are in app/routes/api/lost-update.test.ts). */
const SAVES: Record<string, Save> = {
  "the home page": {
    module: pageEdit,
    path: "/admin/pages/home",
    params: { key: "home" },
    fields: (mark) => ({ intent: "save", ...DEFAULT_HOME_PAGE, heroTitle: mark }),
    version: async () => (await readPage(testDb(), "home")).updatedAt,
    stored: async () => (await readPage(testDb(), "home")).fields.heroTitle,
  },
  "a legal document": {
    module: pageEdit,
    path: "/admin/pages/legal/terms",
    params: { type: "terms" },
    fields: (mark) => ({ intent: "save", body: `## Terms\n\n${mark}` }),
    version: async () => (await readPage(testDb(), "terms")).updatedAt,
    stored: async () => (await readPage(testDb(), "terms")).fields.body,
  },
  Settings: {
    module: settings,
    path: "/admin/settings",
    fields: (mark) => ({ ...SITE, name: mark }),
    version: () => metaVersion("settings"),
    stored: () => first("SELECT value FROM site_meta WHERE key = 'setting.name'"),
  },
  "the welcome e-mail": {
    module: settings,
    path: "/admin/settings",
    fields: (mark) => ({ intent: "welcome", enabled: "on", subject: mark, body: "Hello." }),
    version: () => metaVersion("welcome"),
    stored: () => first("SELECT value FROM site_meta WHERE key = 'welcome.subject'"),
  },
  "a bundle": {
    module: bundles,
    path: "/admin/bundles",
    setup: async () =>
      String((await saveBundle(testDb(), { title: "Pair", description: "", priceCents: 10000, courseIds: [1, 2], published: false })).id),
    fields: (mark, id) => ({ id, title: mark, description: "", price: "100", courseIds: ["1", "2"] }),
    version: async (id) => JSON.parse(await first("SELECT coalesce(updated_at, '') AS v FROM bundles WHERE id = ?", Number(id))).v,
    stored: (id) => first("SELECT title FROM bundles WHERE id = ?", Number(id)),
  },
  "a newsletter issue's draft": {
    module: newsletterIssue,
    path: "/admin/newsletter/1",
    params: { id: "1" },
    setup: async () => {
      await env.DB.prepare("INSERT INTO newsletter_issues (id, subject, body) VALUES (1, 'Issue', 'Body')").run();
      return "1";
    },
    fields: (mark) => ({ intent: "save", subject: mark, body: "Body" }),
    version: async () => JSON.parse(await first("SELECT coalesce(updated_at, '') AS v FROM newsletter_issues WHERE id = 1")).v,
    stored: () => first("SELECT subject FROM newsletter_issues WHERE id = 1"),
  },
  "a newsletter issue's 'Save and send test'": {
    module: newsletterIssue,
    path: "/admin/newsletter/1",
    params: { id: "1" },
    setup: async () => {
      await env.DB.prepare("INSERT INTO newsletter_issues (id, subject, body) VALUES (1, 'Issue', 'Body')").run();
      return "1";
    },
    fields: (mark) => ({ intent: "test", subject: mark, body: "Body", to: "editor@example.com" }),
    version: async () => JSON.parse(await first("SELECT coalesce(updated_at, '') AS v FROM newsletter_issues WHERE id = 1")).v,
    stored: () => first("SELECT subject FROM newsletter_issues WHERE id = 1"),
  },
};

/**
 * Every admin write route, by module: a form save above, or why it carries no version. "api" ones are the JSON API's.
 * A route module may post several forms: each of its saves of an editable record is in SAVES.
 */
const WRITES: Record<string, string> = {
  "/app/routes/admin/page-edit.tsx": "SAVES: the home page, About, the legal documents (a restore saves over the current one on purpose)",
  "/app/routes/admin/settings.tsx": "SAVES: Settings, the welcome e-mail",
  "/app/routes/admin/bundles.tsx": "SAVES: a bundle's edit (a new bundle has no version yet)",
  "/app/routes/admin/newsletter-issue.tsx":
    "SAVES: the draft's save and 'Save and send test'; send, schedule, unschedule and delete change its state, not its text",
  "/app/routes/api/content-item.ts":
    "SAVES: PUT of every content type: 428 without a version, 409 stale (app/routes/api/lost-update.test.ts)",
  "/app/routes/api/course-outline.ts": "SAVES: PUT of a course's outline, with the course's version (app/routes/api/course-editor.test.ts)",
  "/app/routes/api/content-autosave.ts": "an autosave never writes the item (docs/admin.md, 'Autosave'); it keeps its base version",
  "/app/routes/api/content-collection.ts": "creates an item: nothing to overwrite",
  "/app/routes/api/admin.media.ts": "uploads a file (stored under its hash): nothing to overwrite",
  "/app/routes/api/admin.media-variant.ts": "stores an image's resized copy, once (the first is kept): nothing to overwrite",
  "/app/routes/api/admin.markdown-preview.ts": "renders a preview: writes nothing",
  "/app/routes/admin/content-history.tsx": "a restore saves over the current version on purpose, after the comparison (docs/admin.md)",
  "/app/routes/admin/coupons.tsx":
    "creates a coupon, or sets it active or not: the form names the state wanted, no edited fields to lose (coupons have no edit)",
  "/app/routes/admin/newsletter-new.tsx": "creates an issue (or publishes an article and e-mails it): nothing to overwrite",
  "/app/routes/admin/accounts.tsx": "invites, sets a role by name, removes, withdraws: each names its target state",
  "/app/routes/admin/message.tsx": "marks a message handled or not: names the state wanted",
  "/app/routes/admin/order.tsx": "refunds and resends: each guarded by its own conditional statement (already refunded: 409)",
  "/app/routes/admin/subscribers.tsx": "erases a subscriber named by id and address (a stale page cannot erase another)",
  "/app/routes/admin/learner-erase.tsx": "erases a learner named by their orders (changed since: 409)",
  "/app/routes/admin/media.tsx": "uploads, deletes, and edits an image's alt text in place (one field, its own row; no edit form to lose)",
};

describe("the admin's write routes", () => {
  it("are each a versioned save or say why they carry no version", async () => {
    const files = new Set<string>();
    for (const route of POLICY_ROUTES) {
      if (!isAdminAccess(route.policy.write)) continue;
      const file = `/app/${route.file}`;
      if ((await MODULES[file]?.())?.action) files.add(file);
    }
    expect([...files].sort()).toEqual(Object.keys(WRITES).sort());
  });
});

let cookie: string;
beforeEach(async () => {
  await seedTestDb();
  await env.DB.batch([
    env.DB.prepare("DELETE FROM newsletter_issues"),
    env.DB.prepare("DELETE FROM bundle_courses"),
    env.DB.prepare("DELETE FROM bundles"),
    env.DB.prepare("DELETE FROM site_meta WHERE key LIKE 'version.%' OR key LIKE 'setting.%' OR key LIKE 'welcome.%'"),
  ]);
  cookie = await adminCookie();
});

type Answer = { status: number; field?: string };

async function post(save: Save, fields: Record<string, string | string[]>): Promise<Answer> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  const request = new Request(`${TEST_ORIGIN}${save.path}`, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN, Cookie: cookie },
    body,
  });
  const answer = (await asRouted(save.module, "action", [layout])(routeArgs(request, save.params ?? {}))) as {
    init?: ResponseInit | null;
    data?: { field?: string };
  };
  return { status: answer?.init?.status ?? 200, field: answer?.data?.field };
}

describe.each(Object.entries(SAVES))("saving %s", (_, save) => {
  it("without its version is a 400 naming the field, and nothing is saved", async () => {
    const id = (await save.setup?.()) ?? "";
    const before = await save.stored(id);
    expect(await post(save, save.fields("Unversioned", id))).toEqual({ status: 400, field: "version" });
    expect(await save.stored(id)).toBe(before);
  });

  it("from a version someone saved over is a 409, and theirs stays", async () => {
    const id = (await save.setup?.()) ?? "";
    const opened = await save.version(id);
    expect(await post(save, { ...save.fields("Theirs", id), version: opened })).toMatchObject({ status: 200 });
    expect(await post(save, { ...save.fields("Mine", id), version: opened })).toEqual({ status: 409, field: "version" });
    expect(await save.stored(id)).toContain("Theirs");
    // The version the page then shows saves again.
    expect(await post(save, { ...save.fields("Mine again", id), version: await save.version(id) })).toMatchObject({ status: 200 });
    expect(await save.stored(id)).toContain("Mine again");
  });

  it("two saves from one version sent at once: exactly one wins, the other is a 409", async () => {
    const id = (await save.setup?.()) ?? "";
    const opened = await save.version(id);
    const answers = await Promise.all(["First", "Second"].map((mark) => post(save, { ...save.fields(mark, id), version: opened })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers[0]?.status === 200 ? "First" : "Second";
    expect(await save.stored(id)).toContain(winner);
  });
});
