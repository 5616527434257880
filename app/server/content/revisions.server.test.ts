/** Revisions: recorded with every save in the save's own batch, listed, compared and restored (app/server/content/revisions.server.ts). */
import { env } from "cloudflare:test";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { adminCookie, adminRequest, editorCookie, ifMatchStored } from "../../../tests/support/admin";
import { routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { asRouted } from "../../../tests/support/routes";
import * as history from "../../routes/admin/content-history";
import * as layout from "../../routes/admin/layout";
import * as articleById from "../../routes/api/content-item";
import * as articlesList from "../../routes/api/content-collection";
import * as courseById from "../../routes/api/content-item";
import * as courseOutline from "../../routes/api/course-outline";
import { articleSchema, articleUpdateSchema } from "~/lib/admin-schemas";
import { createContent, updateContent } from "../admin/content.server";
import { getArticle } from "./content.server";
import { diffLines, getRevision, listRevisions, REVISIONS_KEPT } from "./revisions.server";

const article = {
  title: "On Keeping a Journal",
  excerpt: "Why writing things down clears the mind.",
  content: "## Begin\n\nWrite one honest line a day.\nThen sleep.",
  imageUrl: "/images/articles/article-1.svg",
  imageCaption: "",
  category: "Psychology",
  readingTime: 6,
  authorId: 1,
  featured: false,
};

const restoreAction = asRouted(history, "action", [layout]);
const historyLoader = asRouted(history, "loader", [layout]);

let owner: string;
beforeEach(async () => {
  await seedTestDb();
  owner = await adminCookie();
});

/** A save as a client that read the article first sends it: with the stored version as If-Match. */
const put = async (id: number, body: unknown, cookie: string) => {
  const path = `/api/articles/${id}`;
  const headers = await ifMatchStored(path);
  return articleById.action(routeArgs(adminRequest("PUT", path, { body, cookie, headers }), { id: String(id) }) as never);
};
const restorePost = (id: number, number: number | string, options: { cookie?: string; origin?: string; confirm?: boolean } = {}) => {
  const headers = new Headers({ Origin: options.origin ?? "http://localhost" });
  if (options.cookie) headers.set("Cookie", options.cookie);
  const body = new URLSearchParams({ intent: "restore", ...(options.confirm === false ? {} : { confirm: "yes" }) });
  const request = new Request(`http://localhost/admin/articles/${id}/history/${number}`, { method: "POST", headers, body });
  return routeArgs(request, { id: String(id), number: String(number) }) as never;
};
const pageArgs = (path: string, params: Record<string, string>, cookie = owner) =>
  routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }), params) as never;
type Answer = { init?: ResponseInit; data: { ok: boolean; message: string } };

async function newArticle(cookie = owner) {
  const response = await articlesList.action(routeArgs(adminRequest("POST", "/api/articles", { body: article, cookie })) as never);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

describe("recording revisions", () => {
  it("a create records revision 1, each save that changes something one more, naming who, when and the changed fields", async () => {
    const editor = await editorCookie();
    const id = await newArticle(owner);
    expect((await put(id, { ...article, title: "A new title", content: `${article.content}\nMore.` }, editor)).status).toBe(200);
    const revisions = await listRevisions(testDb(), "article", id);
    expect(revisions.map(({ number, savedBy, summary }) => ({ number, savedBy, summary }))).toEqual([
      { number: 2, savedBy: "editor@example.com", summary: "title, content" },
      { number: 1, savedBy: "editor", summary: "created" },
    ]);
    expect(Date.now() - Date.parse(revisions[0]?.createdAt ?? "")).toBeLessThan(60_000);
    // Each author's account id at the time.
    const ids = await env.DB.prepare(
      `SELECT number, saved_by_id = (SELECT id FROM admin_accounts WHERE username = saved_by) AS same
        FROM content_revisions WHERE content_id = ? AND content_type = 'article' ORDER BY number`,
    )
      .bind(id)
      .all();
    expect(ids.results).toEqual([
      { number: 1, same: 1 },
      { number: 2, same: 1 },
    ]);
    const second = await getRevision(testDb(), "article", id, 2);
    expect(second.snapshot).toMatchObject({ title: "A new title", featured: false, readingTime: 6 });
  });

  it("a save that changes nothing records no revision", async () => {
    const id = await newArticle();
    expect((await put(id, article, owner)).status).toBe(200);
    expect((await listRevisions(testDb(), "article", id)).map((r) => r.number)).toEqual([1]);
  });

  it("the first save of an item without history (the seed) records its earlier state first, so the edit can be undone", async () => {
    const seeded = await getArticle(testDb(), 1);
    await updateContent(testDb(), "article", 1, articleUpdateSchema.parse({ ...article, title: "Changed" }), {
      author: { username: "editor" },
    });
    const revisions = await listRevisions(testDb(), "article", 1);
    expect(revisions.map((r) => [r.number, r.savedBy, r.summary])).toEqual([
      [2, "editor", "title, excerpt, content, category, readingTime, featured"],
      [1, null, "state before history was kept"],
    ]);
    expect((await getRevision(testDb(), "article", 1, 1)).snapshot.title).toBe(seeded?.title);
  });

  it("the revision is written in the same D1 batch as the save: when recording it fails, the save is undone too", async () => {
    const id = await newArticle();
    await env.DB.prepare(
      "CREATE TRIGGER refuse_revisions BEFORE INSERT ON content_revisions BEGIN SELECT RAISE(ABORT, 'no revisions'); END",
    ).run();
    try {
      await expect(updateContent(testDb(), "article", id, articleUpdateSchema.parse({ ...article, title: "Not saved" }))).rejects.toThrow(
        /no revisions/,
      );
      await expect(createContent(testDb(), "article", articleSchema.parse({ ...article, title: "Not created" }))).rejects.toThrow(
        /no revisions/,
      );
    } finally {
      await env.DB.prepare("DROP TRIGGER refuse_revisions").run();
    }
    expect((await getArticle(testDb(), id))?.title).toBe(article.title);
    const notCreated = await env.DB.prepare("SELECT count(*) AS n FROM articles WHERE title = 'Not created'").first();
    expect(notCreated?.n).toBe(0);
  });

  it(`keeps the newest ${REVISIONS_KEPT} revisions of an item`, async () => {
    const id = await newArticle();
    for (let i = 0; i < REVISIONS_KEPT + 2; i++)
      await updateContent(testDb(), "article", id, articleUpdateSchema.parse({ ...article, title: `Title ${i}` }));
    const numbers = (await listRevisions(testDb(), "article", id)).map((r) => r.number);
    expect(numbers).toHaveLength(REVISIONS_KEPT);
    expect([numbers[0], numbers.at(-1)]).toEqual([REVISIONS_KEPT + 3, 4]);
  });

  it("a course's outline save records a revision with the outline; deleting an item deletes its history", async () => {
    const outline = { modules: [{ title: "M", lessons: [{ title: "L", duration: 5 }] }] };
    const response = await courseOutline.action(
      routeArgs(
        adminRequest("PUT", "/api/courses/1/outline", { body: outline, cookie: owner, headers: await ifMatchStored("/api/courses/1") }),
        { id: "1" },
      ) as never,
    );
    expect(response.status).toBe(200);
    const [latest] = await listRevisions(testDb(), "course", 1);
    assert(latest, "the outline's revision");
    expect(latest.summary).toBe("outline");
    // The revision keeps the outline as stored: the new lesson with its id, so a restore keeps that row.
    const lessonId = (
      await env.DB.prepare("SELECT l.id FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 1").first<{
        id: number;
      }>()
    )?.id;
    const kept = (await getRevision(testDb(), "course", 1, latest.number)).extra as {
      modules: { lessons: { id: number; title: string }[] }[];
    };
    expect(kept.modules[0]?.lessons[0]).toMatchObject({ id: lessonId, title: "L" });
    const id = await newArticle();
    const deleted = await articleById.action(
      routeArgs(adminRequest("DELETE", `/api/articles/${id}`, { cookie: owner }), { id: String(id) }) as never,
    );
    expect(deleted.status).toBe(204);
    expect(await listRevisions(testDb(), "article", id)).toEqual([]);
  });
});

describe("the diff", () => {
  it("marks the lines removed and added, keeping the common ones", () => {
    expect(diffLines("a\nb\nc", "a\nx\nc\nd")).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "x" },
      { kind: "same", text: "c" },
      { kind: "added", text: "d" },
    ]);
  });

  it("the revision page compares the revision with the current version field by field", async () => {
    const id = await newArticle();
    await put(id, { ...article, content: "## Begin\n\nWrite two honest lines a day.\nThen sleep.", featured: true }, owner);
    const page = (await historyLoader(pageArgs(`/admin/articles/${id}/history/1`, { id: String(id), number: "1" }))) as {
      diff: { name: string; changed: boolean; lines: { kind: string; text: string }[] }[];
    };
    const byName = Object.fromEntries(page.diff.map((field) => [field.name, field]));
    expect(byName.title?.changed).toBe(false);
    expect(byName.featured?.lines).toEqual([
      { kind: "removed", text: "No" },
      { kind: "added", text: "Yes" },
    ]);
    expect(byName.content?.lines.filter((line) => line.kind !== "same")).toEqual([
      { kind: "removed", text: "Write one honest line a day." },
      { kind: "added", text: "Write two honest lines a day." },
    ]);
  });
});

describe("restoring a revision", () => {
  it("restores the fields through the same save, records it as a new revision and shows on the public read; the audit log has it", async () => {
    const editor = await editorCookie();
    const id = await newArticle();
    await put(id, { ...article, title: "Second title" }, owner);
    const result = (await restoreAction(restorePost(id, 1, { cookie: editor }))) as Response;
    expect(result.status).toBe(303);
    expect(result.headers.get("Location")).toBe(`http://localhost/admin/articles/${id}/history?restored=1`);
    expect((await getArticle(testDb(), id))?.title).toBe(article.title);
    const [latest] = await listRevisions(testDb(), "article", id);
    expect([latest?.number, latest?.savedBy, latest?.summary]).toEqual([3, "editor@example.com", "restored #1: title"]);
    const audit = await env.DB.prepare("SELECT actor, action, target FROM audit_log ORDER BY id DESC LIMIT 1").first();
    expect(audit).toEqual({ actor: "editor@example.com", action: "restore", target: `/admin/articles/${id}/history/1` });
    const search = await env.DB.prepare("SELECT title FROM search_index WHERE type = 'article' AND ref_id = ?").bind(id).first();
    expect(search?.title).toBe(article.title);
  });

  it("a revision that no longer passes the checks is refused with 400 and nothing changes", async () => {
    const id = await newArticle();
    await put(id, { ...article, title: "Second title" }, owner);
    await env.DB.prepare("UPDATE content_revisions SET snapshot = json_set(snapshot, '$.title', '') WHERE content_id = ? AND number = 1")
      .bind(id)
      .run();
    const refused = (await restoreAction(restorePost(id, 1, { cookie: owner }))) as Answer;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.message).toMatch(/^Revision #1 cannot be restored: .*title/i);
    expect((await getArticle(testDb(), id))?.title).toBe("Second title");
    expect((await listRevisions(testDb(), "article", id)).map((r) => r.number)).toEqual([2, 1]);
  });

  it("refuses without a session (401), cross-site (403), unconfirmed (400), and another item's revision (404)", async () => {
    const id = await newArticle();
    await put(id, { ...article, title: "Second title" }, owner);
    const other = await newArticle();
    await env.DB.prepare("DELETE FROM content_revisions WHERE content_id = ? AND content_type = 'article' AND number > 1")
      .bind(other)
      .run();
    const status = async (args: never) => ((await restoreAction(args)) as Answer).init?.status;
    expect(await status(restorePost(id, 1))).toBe(401);
    expect(await status(restorePost(id, 1, { cookie: owner, origin: "https://evil.example" }))).toBe(403);
    expect(await status(restorePost(id, 1, { cookie: owner, confirm: false }))).toBe(400);
    // Revision 2 exists for `id` only: asked through `other`, it is not found.
    expect(await status(restorePost(other, 2, { cookie: owner }))).toBe(404);
    expect(await status(restorePost(id, "abc", { cookie: owner }))).toBe(404);
    expect((await getArticle(testDb(), id))?.title).toBe("Second title");
    const page = (await historyLoader(pageArgs(`/admin/articles/${other}/history/2`, { id: String(other), number: "2" }))) as {
      init: ResponseInit;
    };
    expect(page.init.status).toBe(404);
  });

  it("a course's restore brings back its outline as well", async () => {
    const put = async (body: unknown) =>
      courseOutline.action(
        routeArgs(adminRequest("PUT", "/api/courses/1/outline", { body, cookie: owner, headers: await ifMatchStored("/api/courses/1") }), {
          id: "1",
        }) as never,
      );
    await put({ modules: [{ title: "First module", lessons: [{ title: "First lesson", duration: 5 }] }] });
    const [first] = await listRevisions(testDb(), "course", 1);
    assert(first, "the first outline's revision");
    await put({ modules: [{ title: "Other module", lessons: [{ title: "Other lesson", duration: 5 }] }] });
    const request = new Request(`http://localhost/admin/courses/1/history/${first.number}`, {
      method: "POST",
      headers: { Origin: "http://localhost", Cookie: owner },
      body: new URLSearchParams({ intent: "restore", confirm: "yes" }),
    });
    const result = (await restoreAction(routeArgs(request, { id: "1", number: String(first.number) }) as never)) as Response;
    expect(result.status).toBe(303);
    const titles = await env.DB.prepare(
      "SELECT m.title AS module, l.title AS lesson FROM course_modules m JOIN lessons l ON l.module_id = m.id WHERE m.course_id = 1",
    ).all();
    expect(titles.results).toEqual([{ module: "First module", lesson: "First lesson" }]);
    expect((await listRevisions(testDb(), "course", 1))[0]?.summary).toBe(`restored #${first.number}: outline`);
    void courseById;
  });
});
