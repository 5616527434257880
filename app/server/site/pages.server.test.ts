/**
 * The editable pages (issue #29): the seed writes today's texts, a save records a revision and the public page shows
 * it at once (a legal document's "Last updated" is the save's day), refusals save nothing, and who may edit which page.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie, editorCookie, accountCookie } from "../../../tests/support/admin";
import { refusal, routeArgs, rowsOf, seedTestDb } from "../../../tests/support/db";
import { asRouted } from "../../../tests/support/routes";
import { DEFAULT_ABOUT_PAGE, DEFAULT_HOME_PAGE, DEFAULT_LEGAL_PAGES } from "~/content/pages";
import { LEGAL_PLACEHOLDERS, PAGE_KEYS, type PageKey, pageSchema } from "~/lib/pages";
import * as about from "~/routes/about";
import * as home from "~/routes/home";
import * as legal from "~/routes/legal";
import * as layout from "~/routes/admin/layout";
import * as pageEdit from "~/routes/admin/page-edit";
import { seedDatabase } from "../../../db/seed";
import { seedPages } from "../../../db/seed/pages";
import { forgetSharedReads } from "../content/shared-reads.server";
import { BASELINE_SUMMARY, REVISIONS_KEPT } from "../content/revisions.server";
import type { Database } from "../core/db.server";
import { countingD1 } from "../../../tests/support/counting-d1";
import { getDb } from "../core/db.server";
import {
  aboutPage,
  homePage,
  legalPage,
  listPageRevisions,
  placeholderValues,
  publicPage,
  readPage,
  restorePageRevision,
  savePage,
} from "./pages.server";

let db: Database;
beforeEach(async () => {
  db = await seedTestDb();
  // The file's tests share one D1: each starts from the seed's pages, without history.
  await env.DB.batch([
    env.DB.prepare("DELETE FROM pages"),
    env.DB.prepare("DELETE FROM content_revisions WHERE content_type = 'page'"),
    env.DB.prepare("DELETE FROM audit_log WHERE target LIKE '/admin/pages%'"),
    ...seedPages.map((page) =>
      env.DB.prepare("INSERT INTO pages (key, fields, updated_at) VALUES (?, ?, ?)").bind(page.key, page.fields, page.updatedAt),
    ),
  ]);
  forgetSharedReads();
});

const FIXED = new Date("2027-03-09T15:04:05.000Z");
const terms = () => readPage(db, "terms");
const contentVersion = async () => (await rowsOf<{ value: string }>("SELECT value FROM site_meta WHERE key = 'content_version'"))[0]?.value;

/** The legal route's loader, as the public page runs it. */
const legalLoader = async (type: string) =>
  (await legal.loader(routeArgs(`/legal/${type}`, { type }) as never)) as { title: string; body: unknown; lastUpdated: string };

describe("the seed", () => {
  it("writes each page's text as the site showed it when it was code, with the legal documents' last days", async () => {
    const stored = await rowsOf<{ key: string; fields: string; updated_at: string }>(
      "SELECT key, fields, updated_at FROM pages ORDER BY id",
    );
    expect(stored.map((row) => row.key)).toEqual([...PAGE_KEYS]);
    // Each row passes its page's schema as stored (a row that did not would be read as the defaults).
    for (const page of seedPages) expect(pageSchema(page.key).safeParse(JSON.parse(page.fields)).error, page.key).toBeUndefined();
    expect((await readPage(db, "home")).fields).toEqual(DEFAULT_HOME_PAGE);
    expect((await readPage(db, "about")).fields).toEqual(DEFAULT_ABOUT_PAGE);
    expect((await terms()).fields.body).toBe(DEFAULT_LEGAL_PAGES.terms.body);
    expect((await legalLoader("privacy")).lastUpdated).toBe("December 8, 2026");
    expect((await legalLoader("terms")).lastUpdated).toBe("April 12, 2025");
    expect(DEFAULT_ABOUT_PAGE.testimonials.map((t) => t.name)).toEqual(["Maya L.", "Daniel K."]);
    expect(DEFAULT_HOME_PAGE.heroTitle).toBe("Live an examined life");
  });

  it("a database seeded at version 5 gets the pages, and a page already saved keeps its own", async () => {
    await savePage(db, "about", { ...DEFAULT_ABOUT_PAGE, imageCaption: "Mine." }, { username: "owner", version: null });
    await env.DB.batch([
      env.DB.prepare("DELETE FROM pages WHERE key <> 'about'"),
      env.DB.prepare("UPDATE site_meta SET value = '5' WHERE key = 'seed_version'"),
    ]);
    expect(await seedDatabase(db)).toEqual({ seeded: true });
    expect((await rowsOf<{ key: string }>("SELECT key FROM pages ORDER BY key")).map((row) => row.key)).toEqual([...PAGE_KEYS].sort());
    expect((await readPage(db, "about")).fields.imageCaption).toBe("Mine.");
    expect((await readPage(db, "home")).fields).toEqual(DEFAULT_HOME_PAGE);
  });

  it("a page the table has no row for (a new database) shows the app's defaults", async () => {
    await env.DB.prepare("DELETE FROM pages").run();
    expect((await readPage(db, "cookies")).fields.body).toBe(DEFAULT_LEGAL_PAGES.cookies.body);
    expect((await readPage(db, "cookies")).updatedAt).toBe(DEFAULT_LEGAL_PAGES.cookies.updatedAt);
    expect((await readPage(db, "about")).fields).toEqual(DEFAULT_ABOUT_PAGE);
  });

  it("every placeholder the editor lists has a value", () => {
    const values = placeholderValues({ name: "Site", email: "a@example.com" });
    expect(Object.keys(values).sort()).toEqual(Object.keys(LEGAL_PLACEHOLDERS).sort());
  });
});

describe("the public reads", () => {
  it("are shared: an isolate reads a page from D1 once per content version, and again after a save", async () => {
    const d1 = countingD1();
    const site = { name: "Site", email: "a@example.com" };
    for (let i = 0; i < 3; i++) {
      await d1.run(() => homePage(getDb()));
      await d1.run(() => legalPage(getDb(), "terms", site));
    }
    const pageReads = () => d1.trips.flat().filter((statement) => /from "pages"/i.test(statement));
    expect(pageReads()).toHaveLength(2);
    await savePage(db, "home", { ...DEFAULT_HOME_PAGE, quote: "Know thyself." }, { username: "owner", version: null });
    expect((await d1.run(() => homePage(getDb()))).quote).toBe("Know thyself.");
    expect(pageReads()).toHaveLength(3);
  });
});

describe("when D1 fails", () => {
  it("the home page keeps its hero and poem (the defaults, logged); About does not hide the failure", async () => {
    await savePage(db, "home", { ...DEFAULT_HOME_PAGE, quote: "Know thyself." }, { username: "owner", version: null });
    forgetSharedReads();
    await env.DB.exec("ALTER TABLE pages RENAME TO pages_away");
    try {
      const page = await homePage(getDb());
      expect(page.quote).toBe(DEFAULT_HOME_PAGE.quote);
      expect(page.stanzas.length).toBeGreaterThan(0);
      await expect(aboutPage(getDb())).rejects.toThrow(/from "pages"/);
    } finally {
      await env.DB.exec("ALTER TABLE pages_away RENAME TO pages");
      forgetSharedReads();
    }
  });
});

describe("saving", () => {
  it("records the state before and the change as revisions, and the public page shows it at once with the save's day", async () => {
    const before = await contentVersion();
    // The public read is memoised per content version: read it first, so a save that forgot to bump would show the old text.
    expect((await publicPage(db, "terms")).fields.body).toContain("## Using the site");
    const body = "## Using the site\n\nBy using {site_name} you agree to **new** terms.";
    const saved = await savePage(db, "terms", { body }, { username: "owner", now: FIXED, version: (await terms()).updatedAt });
    expect(saved).toEqual({ changed: "body", updatedAt: FIXED.toISOString() });
    expect(await contentVersion()).not.toBe(before);

    const page = await legalLoader("terms");
    expect(page.lastUpdated).toBe("March 9, 2027");
    expect(JSON.stringify(page.body)).toContain("By using The Examined Life you agree to ");
    expect(JSON.stringify(page.body)).not.toContain("The articles, practices and resources");
    expect(await rowsOf("SELECT updated_by AS by FROM pages WHERE key = 'terms'")).toEqual([{ by: "owner" }]);

    const revisions = await listPageRevisions(db, "terms");
    expect(revisions.map(({ number, savedBy, summary }) => ({ number, savedBy, summary }))).toEqual([
      { number: 2, savedBy: "owner", summary: "body" },
      { number: 1, savedBy: null, summary: BASELINE_SUMMARY },
    ]);
    // The other pages' history is their own.
    expect(await listPageRevisions(db, "privacy")).toEqual([]);
  });

  it("shows a new hero and new testimonials on the home page and About", async () => {
    await publicPage(db, "home");
    await savePage(
      db,
      "home",
      { ...DEFAULT_HOME_PAGE, heroTitle: "Think slowly", poem: "one\ntwo\n\nthree" },
      { username: "ed", version: null },
    );
    const homeData = (await home.loader(routeArgs("/") as never)) as { page: { heroTitle: string; stanzas: string[][] } };
    expect(homeData.page.heroTitle).toBe("Think slowly");
    expect(homeData.page.stanzas).toEqual([["one", "two"], ["three"]]);

    const testimonials = [{ quote: "It helped.", name: "R. T.", detail: "" }];
    await savePage(db, "about", { ...DEFAULT_ABOUT_PAGE, testimonials }, { username: "ed", version: null });
    const aboutData = (await about.loader()) as { page: { testimonials: unknown } };
    expect(aboutData.page.testimonials).toEqual(testimonials);
  });

  it("a save that changes nothing records nothing and keeps Last updated", async () => {
    const result = await savePage(db, "terms", { body: DEFAULT_LEGAL_PAGES.terms.body }, { username: "owner", now: FIXED, version: null });
    expect(result.changed).toBe("");
    expect((await terms()).updatedAt).toBe(DEFAULT_LEGAL_PAGES.terms.updatedAt);
    expect(await listPageRevisions(db, "terms")).toEqual([]);
  });

  it("restores a revision through the same save, as a new revision", async () => {
    await savePage(db, "disclaimer", { body: "## Changed\n\nA new text." }, { username: "owner", version: null });
    await restorePageRevision(db, "disclaimer", 1, { username: "owner", now: FIXED });
    expect((await readPage(db, "disclaimer")).fields.body).toBe(DEFAULT_LEGAL_PAGES.disclaimer.body);
    expect((await listPageRevisions(db, "disclaimer"))[0]).toMatchObject({ number: 3, summary: "restored #1: body" });
    expect((await refusal(() => restorePageRevision(db, "disclaimer", 9, { username: "owner" }))).status).toBe(404);
  });

  it(`keeps the newest ${REVISIONS_KEPT} revisions`, async () => {
    for (let i = 0; i <= REVISIONS_KEPT; i++)
      await savePage(db, "cookies", { body: `## Cookies\n\nVersion ${i}.` }, { username: "owner", version: null });
    const revisions = await listPageRevisions(db, "cookies");
    expect(revisions).toHaveLength(REVISIONS_KEPT);
    expect(revisions[0]?.number).toBe(REVISIONS_KEPT + 2);
  });
});

describe("refusals save nothing", () => {
  it.each([
    ["an empty hero title", "home", { ...DEFAULT_HOME_PAGE, heroTitle: "  " }, 'The field "Hero title" is required.', "heroTitle"],
    ["a missing field", "home", { heroTitle: "x" }, 'The field "Hero text" is required.', "heroText"],
    [
      "too many testimonials",
      "about",
      { ...DEFAULT_ABOUT_PAGE, testimonials: Array.from({ length: 13 }, () => ({ quote: "q", name: "n", detail: "" })) },
      "At most 12 testimonials.",
      "testimonials",
    ],
    [
      "a testimonial without a name",
      "about",
      { ...DEFAULT_ABOUT_PAGE, testimonials: [{ quote: "q", name: "", detail: "" }] },
      'The field "Testimonial\'s name" is required.',
      "testimonials.0.name",
    ],
    [
      "an unknown placeholder",
      "privacy",
      { body: "Kept for {order_retention_days} days." },
      "Unknown placeholder {order_retention_days}: use {site_name}, {contact_email}, {order_retention_years}, {mail_log_retention_months}.",
      "body",
    ],
    ["a body that is not text", "terms", { body: 42 }, 'The field "Text" must be text.', "body"],
  ] as const)("%s: 400, naming the field", async (_, key, input, message, field) => {
    const before = await rowsOf("SELECT key, fields, updated_at FROM pages ORDER BY id");
    const refused = await refusal(() => savePage(db, key, input, { username: "owner", version: null }));
    expect({ status: refused.status, message: refused.message, field: refused.field }).toEqual({ status: 400, message, field });
    expect(await rowsOf("SELECT key, fields, updated_at FROM pages ORDER BY id")).toEqual(before);
    expect(await rowsOf("SELECT count(*) AS n FROM content_revisions WHERE content_type = 'page'")).toEqual([{ n: 0 }]);
  });

  it("a save over someone else's newer one: 409", async () => {
    const opened = (await terms()).updatedAt;
    await savePage(db, "terms", { body: "## A\n\nFirst." }, { username: "owner", version: opened });
    const refused = await refusal(() => savePage(db, "terms", { body: "## B\n\nSecond." }, { username: "other", version: opened }));
    expect(refused.status).toBe(409);
    expect((await terms()).fields.body).toBe("## A\n\nFirst.");
  });
});

describe("who may edit which page (the admin's form, through the route guard)", () => {
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { Origin: "http://localhost", Cookie: cookie },
      body: new URLSearchParams(fields),
    });
  const status = (answer: unknown) =>
    answer && typeof answer === "object" && "init" in answer ? ((answer as { init: ResponseInit | null }).init?.status ?? 200) : 200;
  // With the version the form shows, as the page sends it.
  const saveAs = async (cookie: string, path: string, params: Record<string, string>, fields: Record<string, string>) => {
    const version = (await readPage(db, (params.type ?? params.key) as PageKey)).updatedAt;
    return status(
      await asRouted(pageEdit, "action", [layout])(routeArgs(post(path, cookie, { intent: "save", version, ...fields }), params)),
    );
  };
  const legalBody = { body: "## Terms\n\nEdited by {site_name}." };
  const aboutForm = {
    mission: "Our **mission**.",
    imageCaption: "",
    testimonialQuote: "Good.",
    testimonialName: "A. B.",
    testimonialDetail: "",
  };

  it("the owner edits every page; an editor the home page and About, not the legal documents; a contributor none", async () => {
    const owner = await adminCookie(db);
    const editor = await editorCookie(db);
    const contributor = await accountCookie(db, "contributor", "writer@example.com");

    expect(await saveAs(editor, "/admin/pages/legal/terms", { type: "terms" }, legalBody)).toBe(403);
    expect(await saveAs(contributor, "/admin/pages/about", { key: "about" }, aboutForm)).toBe(403);
    // A legal document is not editable outside its owner's route.
    expect(await saveAs(editor, "/admin/pages/terms", { key: "terms" }, legalBody)).toBe(404);
    expect((await terms()).fields.body).toBe(DEFAULT_LEGAL_PAGES.terms.body);
    expect((await readPage(db, "about")).fields).toEqual(DEFAULT_ABOUT_PAGE);

    expect(await saveAs(editor, "/admin/pages/about", { key: "about" }, aboutForm)).toBe(200);
    expect((await readPage(db, "about")).fields.testimonials).toEqual([{ quote: "Good.", name: "A. B.", detail: "" }]);
    expect(await saveAs(owner, "/admin/pages/legal/terms", { type: "terms" }, legalBody)).toBe(200);
    expect((await terms()).fields.body).toBe(legalBody.body);
    expect(await rowsOf("SELECT actor, action, target, object FROM audit_log WHERE target LIKE '/admin/pages%' ORDER BY id")).toEqual([
      { actor: "editor@example.com", action: "update", target: "/admin/pages/about", object: "page about" },
      { actor: expect.any(String), action: "update", target: "/admin/pages/legal/terms", object: "page terms" },
    ]);
  });

  it("the form's refusal is a 400 naming the field, and nothing is saved", async () => {
    const owner = await adminCookie(db);
    const answer = await asRouted(pageEdit, "action", [layout])(
      routeArgs(
        post("/admin/pages/legal/privacy", owner, { intent: "save", version: (await readPage(db, "privacy")).updatedAt, body: "{nope}" }),
        {
          type: "privacy",
        },
      ),
    );
    expect(status(answer)).toBe(400);
    expect((answer as { data: { field: string } }).data.field).toBe("body");
    expect((await readPage(db, "privacy")).fields.body).toBe(DEFAULT_LEGAL_PAGES.privacy.body);
  });
});
