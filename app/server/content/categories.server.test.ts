/**
 * Article categories and Recommended Reading are tables (issue #29): the public reads in their order, the admin's writes
 * through the content-type registry and the API (a rename moving its articles in the same statement, a delete refused
 * while articles use the category, naming them, a colour only from the palette), and the books' rules.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { callRoute, refusal, rowsOf, seedTestDb } from "../../../tests/support/db";
import { adminCookie, adminRequest } from "../../../tests/support/admin";
import { seedCategories } from "../../../db/seed/categories";
import * as contentItem from "~/routes/api/content-item";
import * as contentCollection from "~/routes/api/content-collection";
import { createContent, deleteContent, loadContentOptions, updateContent } from "../admin/content.server";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";
import { getArticle, listArticleCategories, listArticleCategoryRows, listArticles, listRecommendedBooks } from "./content.server";
import { listCategories } from "./content-types/category.server";

let db: Database;
beforeEach(async () => {
  // Categories are not emptied between tests (articles name them): start each test from the seed's five.
  await env.DB.prepare("DELETE FROM article_categories").run();
  db = await seedTestDb();
});

const philosophy = seedCategories[0]!;
const categoryFields = { name: philosophy.name, description: philosophy.description, colour: philosophy.colour, position: 1 };

describe("article categories", () => {
  it("the seed's five, in order, with Mindfulness green; the filter lists those with a published article", async () => {
    expect((await listCategories(db)).map((category) => [category.name, category.colour])).toEqual([
      ["Philosophy", "sand"],
      ["Mindfulness", "green"],
      ["Spirituality", "sand"],
      ["Psychology", "sand"],
      ["Wellness", "sand"],
    ]);
    const used = await rowsOf<{ category: string }>("SELECT DISTINCT category FROM articles WHERE status = 'published'");
    expect(new Set(await listArticleCategories(db))).toEqual(new Set(used.map((row) => row.category)));
    // An article's badge takes its category's colour.
    const mindful = (await listArticles(db)).find((article) => article.category === "Mindfulness");
    expect(mindful?.categoryColour).toBe("green");
  });

  it("order: a new position moves a category in the filter and the form's select", async () => {
    await updateContent(db, "category", 5, { ...categoryFields, name: "Wellness", colour: "sand", position: 0 });
    expect((await listArticleCategoryRows(db))[0]?.name).toBe("Wellness");
    const options = await loadContentOptions(db, "article");
    expect(options.category?.[0]).toEqual({ value: "Wellness", label: "Wellness" });
  });

  it("renaming one moves its articles (all of them, in the same statement), and the filter and the article follow", async () => {
    const before = await rowsOf<{ id: number }>("SELECT id FROM articles WHERE category = 'Philosophy' ORDER BY id");
    expect(before.length).toBeGreaterThan(1);
    const saved = await updateContent(db, "category", philosophy.id, { ...categoryFields, name: "Philosophie" });
    expect(saved.name).toBe("Philosophie");
    const after = await rowsOf<{ id: number }>("SELECT id FROM articles WHERE category = 'Philosophie' ORDER BY id");
    expect(after).toEqual(before);
    expect(await rowsOf("SELECT id FROM articles WHERE category = 'Philosophy'")).toEqual([]);
    // The write moved the content version: the shared reads (filter, article) are read afresh.
    expect(await listArticleCategories(db)).toContain("Philosophie");
    expect(await listArticleCategories(db)).not.toContain("Philosophy");
    expect((await getArticle(db, before[0]!.id))?.category).toBe("Philosophie");
    // An article saved afterwards must name the new name.
    const article = await getArticle(db, before[0]!.id);
    const { id: _id, categoryColour: _colour, author: _author, authorId, ...fields } = article!;
    const error = await refusal(() =>
      updateContent(db, "article", before[0]!.id, { ...fields, authorId: authorId ?? 1, category: "Philosophy", status: "published" }),
    );
    expect([error.status, error.field]).toEqual([400, "category"]);
    expect(error.message).toContain("Philosophie");
  });

  it("a name another category has (whatever its case) is refused with 409", async () => {
    const error = await refusal(() => updateContent(db, "category", philosophy.id, { ...categoryFields, name: "mindfulness" }));
    expect([error.status, error.field]).toEqual([409, "name"]);
    const created = await refusal(() => createContent(db, "category", { ...categoryFields, name: "WELLNESS" }));
    expect(created.status).toBe(409);
    // Its own name in another case is a rename, not a clash.
    expect((await updateContent(db, "category", philosophy.id, { ...categoryFields, name: "PHILOSOPHY" })).name).toBe("PHILOSOPHY");
  });

  it("two saves racing with one name (in two cases): one is kept, the other a 409 naming the field, never a 500", async () => {
    const results = await Promise.allSettled([
      createContent(db, "category", { ...categoryFields, name: "Stoicism" }),
      createContent(db, "category", { ...categoryFields, name: "STOICISM" }),
      updateContent(db, "category", philosophy.id, { ...categoryFields, name: "stoicism" }),
    ]);
    const kept = results.filter((result) => result.status === "fulfilled");
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(kept).toHaveLength(1);
    expect(refused.map((error) => (error instanceof HttpError ? [error.status, error.field] : String(error)))).toEqual([
      [409, "name"],
      [409, "name"],
    ]);
    const names = (await listCategories(db)).map((category) => category.name.toLowerCase());
    expect(names.filter((name) => name === "stoicism")).toHaveLength(1);
  });

  it("deleting one in use is refused with 409, naming the articles; an unused one goes", async () => {
    const titles = await rowsOf<{ title: string }>("SELECT title FROM articles WHERE category = 'Wellness' ORDER BY id");
    expect(titles.length).toBeGreaterThan(0);
    const error = await refusal(() => deleteContent(db, "category", 5));
    expect(error.status).toBe(409);
    for (const { title } of titles) expect(error.message).toContain(`“${title}”`);
    expect(await rowsOf("SELECT id FROM article_categories WHERE id = 5")).toHaveLength(1);

    const created = await createContent(db, "category", { name: "Ethics", description: "", colour: "plum", position: 9 });
    await deleteContent(db, "category", created.id);
    expect(await rowsOf("SELECT id FROM article_categories WHERE name = 'Ethics'")).toEqual([]);
  });

  it("over the API: a bad colour is a 400 naming it, a delete in use a 409 JSON naming the articles", async () => {
    const cookie = await adminCookie(db);
    const bad = await callRoute(
      contentCollection.action,
      adminRequest("POST", "/api/categories", { cookie, body: { name: "Ethics", colour: "#ff0000", position: 3 } }),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/"colour" must be one of: sand, blue, green, plum/);

    const refused = await callRoute(contentItem.action, adminRequest("DELETE", "/api/categories/2", { cookie }), { id: "2" });
    expect(refused.status).toBe(409);
    const [first] = await rowsOf<{ title: string }>("SELECT title FROM articles WHERE category = 'Mindfulness' ORDER BY id");
    expect(((await refused.json()) as { message: string }).message).toContain(first!.title);

    const created = await callRoute(
      contentCollection.action,
      adminRequest("POST", "/api/categories", { cookie, body: { name: "Ethics", colour: "blue", position: 3 } }),
    );
    expect(created.status).toBe(201);
  });
});

const book = {
  title: "The Consolation of Philosophy",
  author: "Boethius",
  description: "Written in prison, a dialogue with Philosophy herself.",
  coverUrl: "/images/books/book-1.svg",
  amazonUrl: "https://example.org/consolation",
  category: "Stoicism",
  position: 2,
};

describe("recommended reading", () => {
  it("the page's books are in their order; create, edit, reorder and delete", async () => {
    expect((await listRecommendedBooks(db)).map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const created = await createContent(db, "book", book);
    expect((await listRecommendedBooks(db)).map((row) => row.title).slice(0, 3)).toEqual([
      "Meditations",
      "Letters from a Stoic",
      // Position 2 like the seed's second book: ties go by id.
      "The Consolation of Philosophy",
    ]);
    await updateContent(db, "book", created.id, { ...book, title: "Consolation", position: 0 });
    expect((await listRecommendedBooks(db))[0]?.title).toBe("Consolation");
    await deleteContent(db, "book", created.id);
    expect((await listRecommendedBooks(db)).map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("refuses a link safeUrl refuses and a cover from elsewhere, 400 naming the field", async () => {
    const cookie = await adminCookie(db);
    const cases = [
      [{ amazonUrl: "javascript:alert(1)" }, /"amazonUrl" must be an http\(s\) URL/],
      [{ coverUrl: "https://evil.example/cover.png" }, /"coverUrl" must be a path on this site/],
      [{ title: "" }, /"title" is required/],
      [{ position: 0 }, /"position" must be a whole number/],
    ] as const;
    for (const [change, message] of cases) {
      const response = await callRoute(
        contentCollection.action,
        adminRequest("POST", "/api/books", { cookie, body: { ...book, ...change } }),
      );
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect(await listRecommendedBooks(db)).toHaveLength(6);
  });
});
