import { assert, beforeEach, describe, expect, it } from "vitest";
import { seedTestDb } from "../../../tests/support/db";
import type { Database } from "../core/db.server";
import {
  getArticle,
  getArticleEnd,
  getNextPractice,
  getPractice,
  getResource,
  listArticleCategories,
  listArticles,
  listFeaturedArticles,
  listFeaturedPractices,
  listPractices,
  listRecommendedBooks,
  listResourceCategories,
  parseId,
} from "./content.server";

let db: Database;
beforeEach(async () => {
  db = await seedTestDb();
});

describe("parseId", () => {
  it("accepts positive integers only", () => {
    expect(parseId("7")).toBe(7);
    for (const bad of [undefined, "", "0", "-1", "1.5", "abc", "1e3", "12345678901", " 1"]) expect(parseId(bad)).toBeNull();
  });
});

describe("articles", () => {
  it("lists every article newest first with only the list fields", async () => {
    const list = await listArticles(db);
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual([
      "category",
      "categoryColour",
      "excerpt",
      "featured",
      "id",
      "imageUrl",
      "readingTime",
      "title",
    ]);
    const dates = await Promise.all(list.map(async (a) => (await getArticle(db, a.id))!.publishedDate));
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("lists up to three featured articles", async () => {
    const featured = await listFeaturedArticles(db);
    expect(featured).toHaveLength(3);
    for (const article of featured) expect((await getArticle(db, article.id))!.featured).toBe(true);
  });

  it("gives the categories with a published article, in their order (Admin → Categories)", async () => {
    const categories = await listArticleCategories(db);
    expect(categories).toEqual(["Philosophy", "Mindfulness", "Spirituality", "Psychology", "Wellness"]);
  });

  it("reads one article with its Markdown content, or nothing", async () => {
    const article = await getArticle(db, 1);
    expect(article).toMatchObject({ id: 1, featured: true });
    expect(article!.content.length).toBeGreaterThan(2000);
    expect(await getArticle(db, 999_999)).toBeUndefined();
  });
});

describe("the end of an article", () => {
  it("relates three articles of the same category first, newest first, never the article itself", async () => {
    const list = await listArticles(db);
    const stoic = (await getArticle(db, 1))!;
    const end = await getArticleEnd(db, stoic.id);
    expect(end.related).toHaveLength(3);
    expect(end.related.map((a) => a.id)).not.toContain(stoic.id);
    const sameCategory = list.filter((a) => a.category === stoic.category && a.id !== stoic.id);
    expect(sameCategory.length).toBeGreaterThanOrEqual(3);
    expect(end.related.map((a) => a.id)).toEqual(sameCategory.slice(0, 3).map((a) => a.id));
    expect(Object.keys(end.related[0] ?? {}).sort()).toEqual(["id", "title"]);
  });

  it("fills up with the most recent others when the category has fewer than three", async () => {
    const list = await listArticles(db);
    const lonely = list.find((a) => list.filter((b) => b.category === a.category).length === 1)!;
    const end = await getArticleEnd(db, lonely.id);
    expect(end.related.map((a) => a.id)).toEqual(
      list
        .filter((a) => a.id !== lonely.id)
        .slice(0, 3)
        .map((a) => a.id),
    );
    // A category with two articles: the other one first, then the most recent.
    const pair = list.find((a) => list.filter((b) => b.category === a.category).length === 2)!;
    const sibling = list.find((a) => a.category === pair.category && a.id !== pair.id)!;
    const pairEnd = await getArticleEnd(db, pair.id);
    expect(pairEnd.related[0]?.id).toBe(sibling.id);
    expect(pairEnd.related).toHaveLength(3);
    expect(new Set(pairEnd.related.map((a) => a.id)).size).toBe(3);
    expect(pairEnd.related.map((a) => a.id)).not.toContain(pair.id);
  });

  it("links the previous (older) and next (newer) article by published date; the first and last have one neighbour", async () => {
    const list = await listArticles(db); // newest first
    const link = (article: { id: number; title: string } | undefined) => article && { id: article.id, title: article.title };
    const [first, middle, last] = [list[0], list[4], list.at(-1)];
    assert(first && middle && last, "at least five articles");
    const end = await getArticleEnd(db, middle.id);
    expect(end.previous).toEqual(link(list[5]));
    expect(end.next).toEqual(link(list[3]));

    const newest = await getArticleEnd(db, first.id);
    expect(newest.next).toBeNull();
    expect(newest.previous).toEqual(link(list[1]));
    const oldest = await getArticleEnd(db, last.id);
    expect(oldest.previous).toBeNull();
    expect(oldest.next).toEqual(link(list.at(-2)));
  });
});

describe("practices", () => {
  it("lists practices and the two featured ones", async () => {
    const list = await listPractices(db);
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.some((p) => p.category === "Stoic")).toBe(true);
    expect(list.some((p) => p.duration <= 15) && list.some((p) => p.duration > 30)).toBe(true);
    expect(await listFeaturedPractices(db)).toHaveLength(2);
  });

  it("reads one practice with focus, audio and transcript", async () => {
    const practice = await getPractice(db, 1);
    expect(practice).toMatchObject({ id: 1 });
    expect(practice!.audioUrl).toMatch(/^\/audio\//);
    expect(practice!.transcript.length).toBeGreaterThan(200);
    expect(await getPractice(db, 999_999)).toBeUndefined();
  });

  it("suggests the next practice in the list's order, and the first after the last", async () => {
    const ids = (await listPractices(db)).map((p) => p.id);
    const [first, second, last] = [ids[0], ids[1], ids.at(-1)];
    assert(first !== undefined && second !== undefined && last !== undefined, "at least two practices");
    expect(await getNextPractice(db, first)).toMatchObject({ id: second });
    expect(await getNextPractice(db, last)).toMatchObject({ id: first });
    expect((await getNextPractice(db, first))?.title).toEqual(expect.any(String));
  });
});

describe("resources and books", () => {
  it("groups resources under their categories", async () => {
    const categories = await listResourceCategories(db);
    expect(categories.map((c) => c.name)).toEqual(["Classical Texts", "Modern Applications", "Academic Research", "Practical Tools"]);
    for (const category of categories) {
      expect(category.resources.length).toBeGreaterThanOrEqual(4);
      expect(Object.keys(category.resources[0] ?? {}).sort()).toEqual(["author", "description", "id", "title"]);
    }
  });

  it("reads one resource with its category name and link", async () => {
    const resource = await getResource(db, 1);
    expect(resource).toMatchObject({ id: 1, categoryName: "Classical Texts" });
    expect(resource!.url).toMatch(/^https:\/\//);
    expect(await getResource(db, 999_999)).toBeUndefined();
  });

  it("has the six recommended books", async () => {
    const books = await listRecommendedBooks(db);
    expect(books).toHaveLength(6);
    expect(new Set(books.map((b) => b.category))).toEqual(new Set(["Stoicism", "Existentialism", "Buddhism", "Taoism", "Mindfulness"]));
  });
});
