import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie, adminRequest, ifMatchStored } from "../../../tests/support/admin";
import { type JsonBody, type RouteAction, callRoute, routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { getArticle, getPractice, getResource, listArticles, listPractices, listResourceCategories } from "~/server/content/content.server";
import * as articlePage from "../article";
import * as markdownPreview from "./admin.markdown-preview";
import * as articleById from "./content-item";
import * as articlesList from "./content-collection";
import * as practiceById from "./content-item";
import * as practicesList from "./content-collection";
import * as resourceById from "./content-item";
import * as resourcesList from "./content-collection";
import * as courseById from "./content-item";
import * as coursesList from "./content-collection";
import * as courseOutline from "./course-outline";

const article = {
  title: "On Keeping a Journal",
  excerpt: "Why writing things down clears the mind.",
  content: "## Begin\n\nWrite one honest line a day.",
  imageUrl: "/images/articles/article-1.svg",
  category: "Psychology",
  readingTime: 6,
  authorId: 1,
  featured: false,
};
const practice = {
  title: "Evening Review",
  description: "Seneca's nightly review of the day.",
  imageUrl: "/images/practices/practice-1.svg",
  category: "Stoicism",
  duration: 10,
  focus: "Reflection",
  audioUrl: "/audio/practice-1.ogg",
  featured: false,
};
const course = {
  title: "A Course",
  description: "About courses.",
  imageUrl: "/images/courses/course-1.svg",
  level: "Beginner",
  duration: 2,
  price: 10,
  status: "published",
};
const outline = { modules: [{ title: "M", lessons: [{ title: "L", duration: 5 }] }] };
const resource = {
  title: "Letters from a Stoic",
  author: "Seneca",
  categoryId: 1,
  description: "Moral letters to Lucilius.",
  url: "https://example.org/letters",
};

let cookie: string;
beforeEach(async () => {
  await seedTestDb();
  cookie = await adminCookie();
});

async function readJson<T = JsonBody>(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return response.json() as Promise<T>;
}

type Endpoint = { action: RouteAction; method: string; path: string; params: Record<string, string> };
const endpoint = (action: RouteAction, method: string, path: string, params: Record<string, string> = {}): Endpoint => ({
  action,
  method,
  path,
  params,
});
const one = { id: "1" };
const POST_ARTICLE = endpoint(articlesList.action, "POST", "/api/articles");
const PUT_ARTICLE = endpoint(articleById.action, "PUT", "/api/articles/1", one);
const POST_PRACTICE = endpoint(practicesList.action, "POST", "/api/practices");
const PUT_PRACTICE = endpoint(practiceById.action, "PUT", "/api/practices/1", one);
const POST_RESOURCE = endpoint(resourcesList.action, "POST", "/api/resources");
const PUT_RESOURCE = endpoint(resourceById.action, "PUT", "/api/resources/1", one);

/** Every admin write, with a valid body. */
const WRITES = [
  { ...POST_ARTICLE, body: article },
  { ...PUT_ARTICLE, body: article },
  { ...endpoint(articleById.action, "DELETE", "/api/articles/1", one), body: undefined },
  { ...POST_PRACTICE, body: practice },
  { ...PUT_PRACTICE, body: practice },
  { ...endpoint(practiceById.action, "DELETE", "/api/practices/1", one), body: undefined },
  { ...POST_RESOURCE, body: resource },
  { ...PUT_RESOURCE, body: resource },
  { ...endpoint(resourceById.action, "DELETE", "/api/resources/1", one), body: undefined },
  { ...endpoint(coursesList.action, "POST", "/api/courses"), body: course },
  { ...endpoint(courseById.action, "PUT", "/api/courses/1", one), body: course },
  { ...endpoint(courseById.action, "DELETE", "/api/courses/1", one), body: undefined },
  { ...endpoint(courseOutline.action, "PUT", "/api/courses/1/outline", one), body: outline },
  { ...endpoint(markdownPreview.action, "POST", "/api/admin/markdown-preview"), body: { markdown: "# Hi" } },
];

describe("every admin write is guarded", () => {
  const counts = async () =>
    (await env.DB.prepare(
      `SELECT (SELECT count(*) FROM articles) a, (SELECT count(*) FROM practices) p, (SELECT count(*) FROM resources) r,
        (SELECT count(*) FROM courses) c, (SELECT group_concat(title) FROM lessons) l`,
    ).first()) as Record<string, number>;

  it.each(WRITES)("$method $path without a session → 401 JSON, nothing changes", async ({ action, method, path, params, body }) => {
    const before = await counts();
    const response = await callRoute(action, adminRequest(method, path, { body }), params);
    expect(response.status).toBe(401);
    expect((await readJson(response)).message).toMatch(/sign in/i);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await counts()).toEqual(before);
  });

  it.each(WRITES)("$method $path with an expired or forged session cookie → 401", async ({ action, method, path, params, body }) => {
    const forged = `tel_admin_session=${"A".repeat(43)}`;
    const response = await callRoute(action, adminRequest(method, path, { body, cookie: forged }), params);
    expect(response.status).toBe(401);
  });

  it.each(WRITES)(
    "$method $path cross-site (valid session, Origin https://evil.example) → 403, nothing changes",
    async ({ action, method, path, params, body }) => {
      const before = await counts();
      const response = await callRoute(action, adminRequest(method, path, { body, cookie, origin: "https://evil.example" }), params);
      expect(response.status).toBe(403);
      expect((await readJson(response)).message).toMatch(/cross-site/i);
      expect(await counts()).toEqual(before);
    },
  );

  it.each(WRITES)("$method $path with Sec-Fetch-Site: cross-site and no Origin → 403", async ({ action, method, path, params, body }) => {
    const response = await callRoute(
      action,
      adminRequest(method, path, { body, cookie, origin: null, headers: { "Sec-Fetch-Site": "cross-site" } }),
      params,
    );
    expect(response.status).toBe(403);
  });

  it("a logged-out session no longer writes", async () => {
    const { endAdminSession } = await import("~/server/admin/auth.server");
    await endAdminSession(testDb(), adminRequest("POST", "/admin/logout", { cookie }));
    const response = await callRoute(articlesList.action, adminRequest("POST", "/api/articles", { body: article, cookie }));
    expect(response.status).toBe(401);
  });
});

describe("invalid bodies → 400 naming the field", () => {
  const cases: [string, Endpoint, unknown, RegExp][] = [
    ["article without title", POST_ARTICLE, { ...article, title: undefined }, /The field "title" is required\./],
    ["article with a blank title", POST_ARTICLE, { ...article, title: "   " }, /The field "title" is required\./],
    ["article with readingTime 0", POST_ARTICLE, { ...article, readingTime: 0 }, /"readingTime" must be a whole number of at least 1/],
    ["article with readingTime 2.5", POST_ARTICLE, { ...article, readingTime: 2.5 }, /"readingTime"/],
    [
      "article with a javascript: image",
      POST_ARTICLE,
      { ...article, imageUrl: "javascript:alert(1)" },
      /"imageUrl" must be a path on this site/,
    ],
    ["article with a protocol-relative image", POST_ARTICLE, { ...article, imageUrl: "//evil.example/x.png" }, /"imageUrl"/],
    [
      "article with an unknown category",
      POST_ARTICLE,
      { ...article, category: "Cooking" },
      /"category" must be one of: Philosophy, Mindfulness/,
    ],
    ["article with a title over 200 characters", POST_ARTICLE, { ...article, title: "x".repeat(201) }, /"title" can be at most 200/],
    ["article with featured as text", POST_ARTICLE, { ...article, featured: "yes" }, /"featured"/],
    ["article edit with a bad date", PUT_ARTICLE, { ...article, publishedDate: "2025-02-30" }, /"publishedDate"/],
    ["article edit without content", PUT_ARTICLE, { ...article, content: "" }, /The field "content" is required\./],
    ["practice without focus", POST_PRACTICE, { ...practice, focus: undefined }, /The field "focus" is required\./],
    ["practice with duration 0", POST_PRACTICE, { ...practice, duration: 0 }, /"duration"/],
    [
      "practice with a data: audio URL",
      POST_PRACTICE,
      { ...practice, audioUrl: "data:audio/ogg;base64,AAAA" },
      /"audioUrl" must be a path on this site/,
    ],
    ["practice with an unknown category", POST_PRACTICE, { ...practice, category: "Yoga" }, /"category"/],
    ["practice edit with a javascript: image", PUT_PRACTICE, { ...practice, imageUrl: "javascript:alert(1)" }, /"imageUrl"/],
    [
      "resource with an unknown categoryId",
      POST_RESOURCE,
      { ...resource, categoryId: 99 },
      /"categoryId" must be the id of an existing resource category/,
    ],
    ["resource with categoryId 0", POST_RESOURCE, { ...resource, categoryId: 0 }, /"categoryId"/],
    ["resource with a javascript: url", POST_RESOURCE, { ...resource, url: "javascript:alert(1)" }, /"url" must be an http\(s\) URL/],
    ["resource without author", POST_RESOURCE, { ...resource, author: "" }, /The field "author" is required\./],
    ["resource edit with an unknown categoryId", PUT_RESOURCE, { ...resource, categoryId: 42 }, /"categoryId"/],
    ["a JSON array instead of an object", POST_ARTICLE, [article], /JSON object/],
    ["malformed JSON", POST_ARTICLE, "{ not json", /not valid JSON/],
  ];

  it.each(cases)("%s", async (_name, { action, method, path, params }, body, message) => {
    const before = await listArticles(testDb());
    // An edit says which version it was made from, so that its 400 is the body's fault.
    const headers = method === "PUT" ? await ifMatchStored(path) : undefined;
    const response = await callRoute(action, adminRequest(method, path, { body, cookie, headers }), params);
    expect(response.status).toBe(400);
    expect((await readJson(response)).message).toMatch(message);
    expect(await listArticles(testDb())).toEqual(before);
  });

  it("a body that is not JSON → 415", async () => {
    const response = await callRoute(
      articlesList.action,
      adminRequest("POST", "/api/articles", { body: "title=x", cookie, headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
    );
    expect(response.status).toBe(415);
  });

  it("other methods → 405", async () => {
    expect((await callRoute(articlesList.action, adminRequest("PATCH", "/api/articles", { body: article, cookie }))).status).toBe(405);
    expect(
      (await callRoute(articleById.action, adminRequest("PATCH", "/api/articles/1", { body: article, cookie }), { id: "1" })).status,
    ).toBe(405);
  });
});

describe("articles: create, edit, delete", () => {
  it("POST creates the article (201), published today, and the public queries show it", async () => {
    const response = await callRoute(
      articlesList.action,
      adminRequest("POST", "/api/articles", {
        body: { ...article, title: `  ${article.title}  `, id: 999, publishedDate: "1999-01-01", extra: "ignored" },
        cookie,
      }),
    );
    expect(response.status).toBe(201);
    const created = await readJson<{ id: number }>(response);
    expect(created).toMatchObject({ ...article, publishedDate: new Date().toISOString().slice(0, 10) });
    expect(created.id).not.toBe(999);
    expect(created).not.toHaveProperty("extra");

    const db = testDb();
    expect(await getArticle(db, created.id)).toMatchObject({ title: article.title, content: article.content, category: "Psychology" });
    expect((await listArticles(db)).map((row) => row.id)).toContain(created.id);

    // And through the public JSON API.
    const publicResponse = await articleById.loader(routeArgs(`/api/articles/${created.id}`, { id: String(created.id) }));
    expect((await readJson(publicResponse)).title).toBe(article.title);
  });

  it("numeric strings from a form are accepted; featured defaults to false", async () => {
    const { featured: _featured, ...withoutFeatured } = article;
    const response = await callRoute(
      articlesList.action,
      adminRequest("POST", "/api/articles", { body: { ...withoutFeatured, readingTime: "12" }, cookie }),
    );
    expect(response.status).toBe(201);
    expect(await readJson(response)).toMatchObject({ readingTime: 12, featured: false });
  });

  it("an image caption is optional, stored trimmed, read by the article page, and refused past its limit", async () => {
    const caption = "The Stoa of Attalos, Athens. Drawing by the editors.";
    const created = await readJson(
      await callRoute(
        articlesList.action,
        adminRequest("POST", "/api/articles", { body: { ...article, imageCaption: ` ${caption} ` }, cookie }),
      ),
    );
    expect(created.imageCaption).toBe(caption);
    const page = (await articlePage.loader(routeArgs(`/articles/${created.id}`, { id: String(created.id) }))) as {
      article: { imageCaption: string };
    };
    expect(page.article.imageCaption).toBe(caption);

    const withoutCaption = await readJson(
      await callRoute(articlesList.action, adminRequest("POST", "/api/articles", { body: article, cookie })),
    );
    expect(withoutCaption.imageCaption).toBe("");

    const tooLong = await callRoute(
      articlesList.action,
      adminRequest("POST", "/api/articles", { body: { ...article, imageCaption: "x".repeat(301) }, cookie }),
    );
    expect(tooLong.status).toBe(400);
    expect(await readJson(tooLong)).toEqual({ message: 'The field "imageCaption" can be at most 300 characters.', field: "imageCaption" });
  });

  it("PUT changes it (200) and keeps the publication date unless one is sent", async () => {
    const db = testDb();
    const original = await getArticle(db, 1);
    // The version to send: the GET's ETag, then each save's own (its ETag and its updatedAt).
    const etag = (await articleById.loader(routeArgs("/api/articles/1", { id: "1" }))).headers.get("ETag") as string;
    const response = await callRoute(
      articleById.action,
      adminRequest("PUT", "/api/articles/1", { body: { ...article, title: "A New Title" }, cookie, headers: { "If-Match": etag } }),
      { id: "1" },
    );
    expect(response.status).toBe(200);
    const saved = await readJson<{ updatedAt: string }>(response);
    expect(saved).toMatchObject({ id: 1, title: "A New Title", publishedDate: original?.publishedDate });
    expect(response.headers.get("ETag")).toBe(`"${saved.updatedAt}"`);
    expect((await getArticle(db, 1))?.title).toBe("A New Title");

    const dated = await callRoute(
      articleById.action,
      adminRequest("PUT", "/api/articles/1", { body: { ...article, publishedDate: "2024-12-31", version: saved.updatedAt }, cookie }),
      { id: "1" },
    );
    expect((await readJson(dated)).publishedDate).toBe("2024-12-31");
  });

  it("DELETE removes it (204); the public API then answers 404, and a second delete 404", async () => {
    const response = await callRoute(articleById.action, adminRequest("DELETE", "/api/articles/2", { cookie }), { id: "2" });
    expect(response.status).toBe(204);
    expect(await getArticle(testDb(), 2)).toBeUndefined();
    expect((await articleById.loader(routeArgs("/api/articles/2", { id: "2" }))).status).toBe(404);

    const again = await callRoute(articleById.action, adminRequest("DELETE", "/api/articles/2", { cookie }), { id: "2" });
    expect(again.status).toBe(404);
    expect((await readJson(again)).message).toMatch(/not found/i);
  });

  it("PUT and DELETE of unknown or malformed ids → 404 JSON", async () => {
    for (const id of ["999999", "abc", "0"]) {
      const body = { ...article, version: "" };
      const put = await callRoute(articleById.action, adminRequest("PUT", `/api/articles/${id}`, { body, cookie }), { id });
      expect(put.status, `PUT ${id}`).toBe(404);
      const del = await callRoute(articleById.action, adminRequest("DELETE", `/api/articles/${id}`, { cookie }), { id });
      expect(del.status, `DELETE ${id}`).toBe(404);
    }
  });
});

describe("practices: create, edit, delete", () => {
  it("creates with either Stoic or Stoicism, edits and deletes", async () => {
    const db = testDb();
    const created = await readJson<{ id: number }>(
      await callRoute(practicesList.action, adminRequest("POST", "/api/practices", { body: practice, cookie })),
    );
    expect(created).toMatchObject({ ...practice, transcript: "" });
    expect(await getPractice(db, created.id)).toMatchObject({ title: practice.title, category: "Stoicism" });
    expect((await listPractices(db)).map((row) => row.id)).toContain(created.id);

    const stoic = await callRoute(
      practicesList.action,
      adminRequest("POST", "/api/practices", { body: { ...practice, category: "Stoic", transcript: "Breathe in." }, cookie }),
    );
    expect(stoic.status).toBe(201);
    expect(await readJson(stoic)).toMatchObject({ category: "Stoic", transcript: "Breathe in." });

    const path = `/api/practices/${created.id}`;
    const edited = await callRoute(
      practiceById.action,
      adminRequest("PUT", path, { body: { ...practice, duration: 25 }, cookie, headers: await ifMatchStored(path) }),
      { id: String(created.id) },
    );
    expect(edited.status).toBe(200);
    expect((await getPractice(db, created.id))?.duration).toBe(25);

    const deleted = await callRoute(practiceById.action, adminRequest("DELETE", path, { cookie }), { id: String(created.id) });
    expect(deleted.status).toBe(204);
    expect(await getPractice(db, created.id)).toBeUndefined();
    expect((await practiceById.loader(routeArgs(path, { id: String(created.id) }))).status).toBe(404);
  });
});

describe("resources: create, edit, delete", () => {
  it("creates into an existing category, shows in the public categories, edits and deletes", async () => {
    const db = testDb();
    const response = await callRoute(
      resourcesList.action,
      adminRequest("POST", "/api/resources", { body: { ...resource, categoryId: "2" }, cookie }),
    );
    expect(response.status).toBe(201);
    const created = await readJson<{ id: number }>(response);
    expect(created).toMatchObject({ ...resource, categoryId: 2 });
    const categories = await listResourceCategories(db);
    expect(categories.find((category) => category.id === 2)?.resources.map((r) => r.id)).toContain(created.id);
    expect(await getResource(db, created.id)).toMatchObject({ title: resource.title, categoryName: "Modern Applications" });

    const path = `/api/resources/${created.id}`;
    const params = { id: String(created.id) };
    const edited = await callRoute(
      resourceById.action,
      adminRequest("PUT", path, {
        body: { ...resource, categoryId: 3, title: "Moral Letters" },
        cookie,
        headers: await ifMatchStored(path),
      }),
      params,
    );
    expect(edited.status).toBe(200);
    expect(await getResource(db, created.id)).toMatchObject({ title: "Moral Letters", categoryId: 3 });
    expect((await readJson(await resourceById.loader(routeArgs(path, params)))).title).toBe("Moral Letters");

    const deleted = await callRoute(resourceById.action, adminRequest("DELETE", path, { cookie }), params);
    expect(deleted.status).toBe(204);
    expect(await getResource(db, created.id)).toBeUndefined();
    expect((await resourceById.loader(routeArgs(path, params))).status).toBe(404);
  });

  it("GET /api/resources lists every resource with its url", async () => {
    const rows = await readJson(await resourcesList.loader(routeArgs("/api/resources")));
    expect(rows.length).toBeGreaterThanOrEqual(15);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(["author", "categoryId", "description", "id", "title", "url"]);
  });
});

describe("POST /api/admin/markdown-preview", () => {
  it("answers the safe block tree the article page renders", async () => {
    const response = await callRoute(
      markdownPreview.action,
      adminRequest("POST", "/api/admin/markdown-preview", {
        body: { markdown: "## Hello\n\n[x](javascript:alert(1)) <script>alert(1)</script>" },
        cookie,
      }),
    );
    expect(response.status).toBe(200);
    const { blocks } = await readJson(response);
    expect(blocks?.[0]).toMatchObject({ type: "heading", level: 2 });
    expect(JSON.stringify(blocks)).not.toMatch(/"href":"javascript/);
  });

  it("refuses a body without markdown", async () => {
    const response = await callRoute(
      markdownPreview.action,
      adminRequest("POST", "/api/admin/markdown-preview", { body: { markdown: 5 }, cookie }),
    );
    expect(response.status).toBe(400);
    expect((await readJson(response)).message).toMatch(/"markdown"/);
  });
});

describe("POST /api/articles with the author by name (as the site's first API took it; issue #37, item 5)", () => {
  const { authorId: _, ...byName } = article;
  const post = (body: unknown) => callRoute(articlesList.action, adminRequest("POST", "/api/articles", { body: body as JsonBody, cookie }));

  it("takes `author` as an author's name, trimmed and in any case, and stores that author", async () => {
    const response = await post({ ...byName, author: "  samuel OKAFOR " });
    expect(response.status).toBe(201);
    const created = await readJson<{ id: number; authorId: number; author: string }>(response);
    expect([created.authorId, created.author]).toEqual([2, "Samuel Okafor"]);
  });

  it("still takes `authorId` (which wins over a name)", async () => {
    const response = await post({ ...byName, authorId: 3, author: "Samuel Okafor" });
    expect(response.status).toBe(201);
    expect((await readJson<{ authorId: number; author: string }>(response)).author).toBe("Dr. Priya Raman");
  });

  it("refuses a name no author has with a 400 that lists the authors, and stores nothing", async () => {
    const before = (await listArticles(testDb())).length;
    for (const author of ["Seneca", "", 7]) {
      const response = await post({ ...byName, author });
      expect(response.status).toBe(400);
      expect(await readJson(response)).toEqual({
        message:
          'The field "author" must be the name of an author: one of Dr. Elena Marsh (1), Samuel Okafor (2), Dr. Priya Raman (3) (or send "authorId", the number in brackets).',
        field: "author",
      });
    }
    expect((await listArticles(testDb())).length).toBe(before);
  });
});
