/**
 * Drafts and scheduling: the status rules (shared zod schemas, the API's 400s), the one published filter on every public
 * read, the Cron Trigger that publishes what is due (only that, once, with a new content version and search entries),
 * the admin's preview (session required, editors allowed, never cached) and the dashboard's scheduled count.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { adminCookie, adminRequest, editorCookie, ifMatchStored } from "../../../tests/support/admin";
import { routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { asRouted } from "../../../tests/support/routes";
import worker from "../../../workers/app";
import { articles, siteMeta } from "../../../db/schema";
import { articleSchema, courseSchema, practiceSchema } from "~/lib/admin-schemas";
import { withPublication } from "~/lib/publication";
import * as articlePage from "~/routes/article";
import * as practicePage from "~/routes/practice";
import * as coursePage from "~/routes/course";
import * as preview from "~/routes/admin/preview";
import * as apiCollection from "~/routes/api/content-collection";
import * as apiItem from "~/routes/api/content-item";
import { createContent } from "../admin/content.server";
import { classifyRequest } from "../core/cache.server";
import {
  getArticle,
  getHomeContent,
  getNextPractice,
  getPractice,
  listArticles,
  listFeaturedArticles,
  listFeaturedPractices,
  listPractices,
} from "./content.server";
import { getCourse, getCourseDetails, getCoursePriceCents, listCourses } from "../learning/courses.server";
import type { Database } from "../core/db.server";
import { articleDraft, listArticleChoices } from "../newsletter/issues.server";
import { PUBLISH_CRON, listScheduled, publishDueContent } from "./publication.server";
import { rebuildSearchIndex, searchSite } from "./search.server";
import { articlesRssXml, sitemapEntries } from "../site/seo.server";

const HOUR = 60 * 60 * 1000;
const inAnHour = () => new Date(Date.now() + HOUR).toISOString();

/** What every kind of content starts from: its title and the seed's first image of that kind. */
const listing = (title: string, kind: "article" | "practice" | "course") => ({ title, imageUrl: `/images/${kind}s/${kind}-1.svg` });
const articleInput = (title: string, extra: Record<string, unknown>) => ({
  ...listing(title, "article"),
  excerpt: `${title} excerpt`,
  content: `${title} body words`,
  category: "Philosophy",
  readingTime: 5,
  authorId: 1,
  featured: true,
  ...extra,
});
const practiceInput = (title: string, extra: Record<string, unknown>) => ({
  ...listing(title, "practice"),
  description: `${title} description`,
  category: "Meditation",
  duration: 10,
  focus: "breath",
  audioUrl: "/audio/practice-1.ogg",
  featured: true,
  ...extra,
});
const courseInput = (title: string, extra: Record<string, unknown>) => ({
  ...listing(title, "course"),
  description: `${title} description`,
  level: "Beginner",
  duration: 3,
  price: 30,
  ...extra,
});

type Hidden = { article: number; practice: number; course: number; title: string };

/** A draft and a scheduled article, practice and course, each titled with a word found nowhere else. */
async function createHidden(db: Database): Promise<[draft: Hidden, scheduled: Hidden]> {
  const create = async (word: string, extra: Record<string, unknown>): Promise<Hidden> => {
    const article = await createContent(db, "article", articleSchema.parse(articleInput(word, extra)));
    const practice = await createContent(db, "practice", practiceSchema.parse(practiceInput(word, extra)));
    const course = await createContent(db, "course", courseSchema.parse(courseInput(word, extra)));
    return { article: article.id as number, practice: practice.id as number, course: course.id as number, title: word };
  };
  return [await create("Zorblaxdraft", { status: "draft" }), await create("Quuxscheduled", { status: "scheduled", publishAt: inAnHour() })];
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: { status?: number } }).init?.status ?? 200);

let db: Database;
beforeEach(async () => {
  db = await seedTestDb();
});

describe("status validation (the schemas the form and the API share)", () => {
  it("a new article or practice is published by default, a course a draft; a non-scheduled status drops the time", () => {
    expect(articleSchema.parse(articleInput("A", {}))).toMatchObject({ status: "published", publishAt: null });
    expect(practiceSchema.parse(practiceInput("P", {}))).toMatchObject({ status: "published", publishAt: null });
    expect(courseSchema.parse(courseInput("C", {}))).toMatchObject({ status: "draft", publishAt: null });
    expect(articleSchema.parse(articleInput("A", { status: "draft", publishAt: inAnHour() }))).toMatchObject({ publishAt: null });
  });

  it("scheduled needs a time in the future; the form's UTC datetime-local value is stored as ISO UTC", () => {
    const now = Date.parse("2026-11-24T06:00:00Z");
    const schema = withPublication({}, { defaultStatus: "published", now: () => now });
    const message = (input: unknown) => schema.safeParse(input).error?.issues[0];
    expect(message({ status: "scheduled" })).toMatchObject({
      path: ["publishAt"],
      message: expect.stringMatching(/"publishAt" is required/),
    });
    expect(message({ status: "scheduled", publishAt: "2026-11-24T05:59" })?.message).toBe(
      'The field "publishAt" must be in the future to schedule.',
    );
    expect(message({ status: "scheduled", publishAt: "tomorrow" })?.message).toMatch(/"publishAt" must be a date and time \(UTC\)/);
    expect(message({ status: "live" })?.message).toBe('The field "status" must be one of: draft, scheduled, published.');
    expect(schema.parse({ status: "scheduled", publishAt: "2026-11-24T06:30" })).toEqual({
      status: "scheduled",
      publishAt: "2026-11-24T06:30:00.000Z",
      submittedAt: null,
    });
    expect(schema.parse({ status: "scheduled", publishAt: "2026-11-24T08:30+02:00" }).publishAt).toBe("2026-11-24T06:30:00.000Z");
  });

  it("the API answers a bad schedule with a 400 naming publishAt, and stores nothing", async () => {
    const cookie = await adminCookie();
    for (const [publishAt, message] of [
      [undefined, /"publishAt" is required/],
      [new Date(Date.now() - HOUR).toISOString(), /must be in the future/],
    ] as const) {
      const request = adminRequest("POST", "/api/articles", { cookie, body: articleInput("Refused", { status: "scheduled", publishAt }) });
      const response = (await apiCollection.action(routeArgs(request))) as Response;
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: expect.stringMatching(message), field: "publishAt" });
    }
    expect(await db.select().from(articles).where(eq(articles.title, "Refused"))).toEqual([]);
  });

  it("an update without a status keeps the stored one", async () => {
    const cookie = await adminCookie();
    const [draft] = await createHidden(db);
    const body = { ...articleInput("Zorblaxdraft renamed", {}) };
    const path = `/api/articles/${draft.article}`;
    const request = adminRequest("PUT", path, { cookie, body, headers: await ifMatchStored(path) });
    const response = (await apiItem.action(routeArgs(request, { id: String(draft.article) }))) as Response;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ title: "Zorblaxdraft renamed", status: "draft" });
  });
});

describe("intents: the editor's buttons change a status, nothing else does", () => {
  it("the form's save of a new article, practice or course makes a draft (intent save), whatever the API's default", () => {
    expect(articleSchema.parse(articleInput("A", { intent: "save" }))).toMatchObject({ status: "draft", publishAt: null });
    expect(practiceSchema.parse(practiceInput("P", { intent: "save" }))).toMatchObject({ status: "draft", publishAt: null });
    expect(courseSchema.parse(courseInput("C", { intent: "save" }))).toMatchObject({ status: "draft", publishAt: null });
    expect(articleSchema.parse(articleInput("A", { intent: "save" }))).not.toHaveProperty("intent");
  });

  it("each intent gives its status; save on an update keeps the stored one (no status in the result)", () => {
    const now = Date.parse("2026-11-24T06:00:00Z");
    const update = withPublication({}, { now: () => now });
    expect(update.parse({ intent: "save", publishAt: "2026-11-24T09:00" })).toEqual({});
    // A status change also clears the "In review" stamp; submitting sets it and keeps the status.
    expect(update.parse({ intent: "publish" })).toEqual({ status: "published", publishAt: null, submittedAt: null });
    expect(update.parse({ intent: "unpublish", publishAt: "2026-11-24T09:00" })).toEqual({
      status: "draft",
      publishAt: null,
      submittedAt: null,
    });
    expect(update.parse({ intent: "schedule", publishAt: "2026-11-24T09:00" })).toEqual({
      status: "scheduled",
      publishAt: "2026-11-24T09:00:00.000Z",
      submittedAt: null,
    });
    expect(update.parse({ intent: "submit" })).toEqual({ submittedAt: "2026-11-24T06:00:00.000Z" });
    expect(update.parse({ intent: "submit", submittedAt: "1999-01-01T00:00:00Z" })).toEqual({ submittedAt: "2026-11-24T06:00:00.000Z" });
    expect(update.parse({ intent: "save", submittedAt: "1999-01-01T00:00:00Z" })).toEqual({});
    // Scheduling keeps its rules: a time, in the future.
    expect(update.safeParse({ intent: "schedule" }).error?.issues[0]).toMatchObject({ path: ["publishAt"] });
    expect(update.safeParse({ intent: "schedule", publishAt: "2026-11-24T05:00" }).error?.issues[0]?.message).toBe(
      'The field "publishAt" must be in the future to schedule.',
    );
  });

  it("a bad intent, or an intent with a status, is a 400 that says what is allowed; nothing is stored", async () => {
    const cookie = await adminCookie();
    for (const [extra, field, message] of [
      [{ intent: "go-live" }, "intent", 'The field "intent" must be one of: save, publish, schedule, unpublish, submit.'],
      [{ intent: "save", status: "published" }, "status", 'Send either "intent" or "status", not both: the intent decides the status.'],
    ] as const) {
      const request = adminRequest("POST", "/api/articles", { cookie, body: articleInput("Refusedintent", extra) });
      const response = (await apiCollection.action(routeArgs(request))) as Response;
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message, field });
    }
    expect(await db.select().from(articles).where(eq(articles.title, "Refusedintent"))).toEqual([]);
  });

  it("through the API: save keeps a draft a draft, publish puts it on the site, unpublish takes it off", async () => {
    const cookie = await adminCookie();
    const created = (await apiCollection.action(
      routeArgs(adminRequest("POST", "/api/articles", { cookie, body: articleInput("Intentful", { intent: "save" }) })),
    )) as Response;
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(await getArticle(db, id)).toBeUndefined();
    const path = `/api/articles/${id}`;
    const put = async (intent: string) => {
      const request = adminRequest("PUT", path, {
        cookie,
        body: articleInput("Intentful", { intent }),
        headers: await ifMatchStored(path),
      });
      const response = (await apiItem.action(routeArgs(request, { id: String(id) }))) as Response;
      expect(response.status).toBe(200);
      return ((await response.json()) as { status: string }).status;
    };
    expect(await put("save")).toBe("draft");
    expect(await put("publish")).toBe("published");
    expect((await getArticle(db, id))?.title).toBe("Intentful");
    expect(await put("save")).toBe("published");
    expect(await put("unpublish")).toBe("draft");
    expect(await getArticle(db, id)).toBeUndefined();
  });
});

describe("reading time: computed from the words unless the writer typed one", () => {
  it("an article saved without a reading time gets 230 words a minute, rounded up; a typed one is kept", async () => {
    const body = Array.from({ length: 461 }, () => "word").join(" ");
    const computed = await createContent(
      db,
      "article",
      articleSchema.parse(articleInput("Computed", { content: body, readingTime: undefined })),
    );
    expect(computed.readingTime).toBe(3);
    const typed = await createContent(db, "article", articleSchema.parse(articleInput("Typed", { content: body, readingTime: 9 })));
    expect(typed.readingTime).toBe(9);
    // An empty field is not a number: the form leaves it out (toPayload); an explicit "" is refused as before.
    expect(articleSchema.safeParse(articleInput("Empty", { readingTime: "" })).success).toBe(false);
  });
});

describe("the published filter on every public read", () => {
  it("a draft and a scheduled article, practice and course are on no list, page, API answer, feed or sitemap", async () => {
    const hidden = await createHidden(db);
    for (const item of hidden) {
      expect(ids(await listArticles(db))).not.toContain(item.article);
      expect(ids(await listFeaturedArticles(db, 100))).not.toContain(item.article);
      expect(await getArticle(db, item.article)).toBeUndefined();
      expect(ids(await listPractices(db))).not.toContain(item.practice);
      expect(ids(await listFeaturedPractices(db, 100))).not.toContain(item.practice);
      expect(await getPractice(db, item.practice)).toBeUndefined();
      expect(ids(await listCourses(db))).not.toContain(item.course);
      expect(await getCourse(db, item.course)).toBeUndefined();
      expect(await getCourseDetails(db, item.course)).toBeUndefined();
      expect(await getCoursePriceCents(db, item.course)).toBeUndefined();

      const home = await getHomeContent(db);
      expect(ids(home.featuredArticles)).not.toContain(item.article);
      expect(ids(home.featuredPractices)).not.toContain(item.practice);

      // The public pages are 404s.
      expect(statusOf(await articlePage.loader(routeArgs(`/articles/${item.article}`, { id: String(item.article) })))).toBe(404);
      expect(statusOf(await practicePage.loader(routeArgs(`/practices/${item.practice}`, { id: String(item.practice) })))).toBe(404);
      expect(statusOf(await coursePage.loader(routeArgs(`/courses/${item.course}`, { id: String(item.course) })))).toBe(404);

      // The JSON API: absent from the lists, 404 by id.
      for (const [path, id] of [
        ["articles", item.article],
        ["practices", item.practice],
        ["courses", item.course],
      ] as const) {
        const list = (await (apiCollection.loader(routeArgs(`/api/${path}`)) as Promise<Response>)).json() as Promise<{ id: number }[]>;
        expect(ids(await list)).not.toContain(id);
        const one = (await apiItem.loader(routeArgs(`/api/${path}/${id}`, { id: String(id) }))) as Response;
        expect(one.status).toBe(404);
      }

      // The newsletter's "start from an article" offers and drafts published articles only.
      expect(ids(await listArticleChoices(db))).not.toContain(item.article);
      expect(await articleDraft(db, item.article, "http://localhost")).toBeNull();
    }

    const paths = (await sitemapEntries(db)).map((entry) => entry.path);
    const rss = await articlesRssXml(db, { name: "Site", url: "http://localhost" });
    for (const item of hidden) {
      expect(paths).not.toContain(`/articles/${item.article}`);
      expect(paths).not.toContain(`/practices/${item.practice}`);
      expect(paths).not.toContain(`/courses/${item.course}`);
      expect(rss).not.toContain(item.title);
    }
  });

  it("the practice player's next link skips drafts", async () => {
    const [draft] = await createHidden(db);
    const lastPublished = Math.max(...ids(await listPractices(db)));
    const next = await getNextPractice(db, lastPublished);
    expect(next?.id).not.toBe(draft.practice);
    expect(ids(await listPractices(db))).toContain(next?.id);
  });

  it("search finds neither, after a write (its own entry) or a full rebuild of the index", async () => {
    await createHidden(db);
    for (const word of ["Zorblaxdraft", "Quuxscheduled"]) expect((await searchSite(db, word)).total).toBe(0);
    await rebuildSearchIndex(db);
    for (const word of ["Zorblaxdraft", "Quuxscheduled"]) expect((await searchSite(db, word)).total).toBe(0);
  });
});

describe("the Cron Trigger publishes what is due", () => {
  const contentVersion = async () =>
    (await testDb().select().from(siteMeta).where(eq(siteMeta.key, "content_version")).get())?.value ?? "initial";

  it("only items whose time has come, once, with a new content version, search entries and the publish day as the date", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const [, scheduled] = await createHidden(db);
    const later = await createContent(
      db,
      "article",
      articleSchema.parse(
        articleInput("Laterscheduled", { status: "scheduled", publishAt: new Date(Date.now() + 5 * HOUR).toISOString() }),
      ),
    );
    const before = await contentVersion();

    expect(await publishDueContent(db, new Date(Date.now() - HOUR))).toEqual({ article: [], practice: [], course: [] });
    expect(await contentVersion()).toBe(before);

    const dueAt = new Date(Date.now() + 2 * HOUR);
    expect(await publishDueContent(db, dueAt)).toEqual({
      article: [scheduled.article],
      practice: [scheduled.practice],
      course: [scheduled.course],
    });
    const after = await contentVersion();
    expect(after).not.toBe(before);

    expect(ids(await listArticles(db))).toContain(scheduled.article);
    expect(ids(await listArticles(db))).not.toContain(later.id);
    expect(await getArticle(db, scheduled.article)).toMatchObject({ publishedDate: dueAt.toISOString().slice(0, 10) });
    expect(ids(await listPractices(db))).toContain(scheduled.practice);
    expect(ids(await listCourses(db))).toContain(scheduled.course);
    expect((await searchSite(db, "Quuxscheduled")).groups.map((group) => group.type).sort()).toEqual(["article", "course", "practice"]);
    // The draft stays a draft.
    expect((await searchSite(db, "Zorblaxdraft")).total).toBe(0);

    // Idempotent: a second run finds nothing to do and records no new version.
    expect(await publishDueContent(db, dueAt)).toEqual({ article: [], practice: [], course: [] });
    expect(await contentVersion()).toBe(after);
  });

  it("the Worker's scheduled handler runs it on its own schedule, and the retention job on the daily one", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const [, scheduled] = await createHidden(db);
    const at = Date.now() + 2 * HOUR;
    await worker.scheduled({ cron: "17 3 * * *", scheduledTime: at, noRetry() {} } as ScheduledController, env as never);
    expect(await getArticle(db, scheduled.article)).toBeUndefined();
    await worker.scheduled({ cron: PUBLISH_CRON, scheduledTime: at, noRetry() {} } as ScheduledController, env as never);
    expect(await getArticle(db, scheduled.article)).toMatchObject({ title: "Quuxscheduled" });
  });

  it("the dashboard's scheduled list counts what is scheduled, soonest first", async () => {
    expect(await listScheduled(db)).toEqual([]);
    await createHidden(db);
    const soonest = await createContent(
      db,
      "practice",
      practiceSchema.parse(practiceInput("Soonest", { status: "scheduled", publishAt: new Date(Date.now() + HOUR / 2).toISOString() })),
    );
    const items = await listScheduled(db);
    expect(items.map((item) => item.type).sort()).toEqual(["article", "course", "practice", "practice"]);
    expect(items[0]).toMatchObject({ type: "practice", id: soonest.id, title: "Soonest" });
  });
});

describe("the admin's preview", () => {
  const load = asRouted(preview as never, "loader");
  const previewArgs = (path: string, id: number, cookie?: string) =>
    routeArgs(adminRequest("GET", `/admin/${path}/${id}/preview`, { cookie }), { id: String(id) });

  it("shows a draft article, practice and course with the public page's data, to an editor too", async () => {
    const [draft] = await createHidden(db);
    const cookie = await editorCookie();
    const article = (await load(previewArgs("articles", draft.article, cookie))) as { status: string; article: { title: string } };
    expect(article).toMatchObject({ type: "article", status: "draft", article: { id: draft.article, title: "Zorblaxdraft" } });
    expect(await load(previewArgs("practices", draft.practice, cookie))).toMatchObject({
      type: "practice",
      // The script's tree, as the public page gets it (this draft has none).
      practice: { id: draft.practice, script: [] },
    });
    expect(await load(previewArgs("courses", draft.course, cookie))).toMatchObject({
      type: "course",
      course: { id: draft.course, modules: [] },
    });
  });

  it("sends a visitor without a session to /login, never cached and noindex", async () => {
    const [draft] = await createHidden(db);
    const answer = await load(previewArgs("articles", draft.article)).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toMatch(/^\/login/);

    expect(await classifyRequest(new Request(`http://localhost/admin/articles/${draft.article}/preview`))).toBe("private");
    expect(preview.headers({} as never)).toEqual({ "Cache-Control": "private, no-store" });
    const meta = preview.meta({ loaderData: undefined, matches: [] } as never) as { name?: string; content?: string }[];
    expect(meta).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });

  it("answers 404 for an unknown id", async () => {
    const cookie = await adminCookie();
    const answer = await load(previewArgs("articles", 999_999, cookie)).catch((thrown: unknown) => thrown);
    expect(statusOf(answer)).toBe(404);
  });
});
