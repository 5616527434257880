import { eq } from "drizzle-orm";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { articles } from "../../../db/schema";
import { seedTestDb } from "../../../tests/support/db";
import { markContentChanged } from "../core/cache.server";
import { getArticle, getHomeContent, listArticles } from "./content.server";
import type { Database } from "../core/db.server";

let db: Database;
beforeEach(async () => {
  db = await seedTestDb();
  await markContentChanged(db);
});

describe("shared content reads, kept per content version", () => {
  it("answer again from the isolate's memory while the content version stands, without D1", async () => {
    const [first] = await listArticles(db);
    assert(first, "a seeded article");
    const before = await getArticle(db, first.id);
    const home = await getHomeContent(db);
    // Written around the admin (no new version): the memo does not see it, which shows D1 was not asked again.
    await db.update(articles).set({ title: "Changed behind the cache" }).where(eq(articles.id, first.id));
    expect(await getArticle(db, first.id)).toBe(before);
    expect((await listArticles(db))[0]?.title).toBe(first.title);
    expect(await getHomeContent(db)).toBe(home);
  });

  it("see an admin write at once in the isolate that made it (a new content version)", async () => {
    const [first] = await listArticles(db);
    assert(first, "a seeded article");
    await getArticle(db, first.id);
    await db.update(articles).set({ title: "Edited by the admin" }).where(eq(articles.id, first.id));
    await markContentChanged(db);
    expect((await getArticle(db, first.id))?.title).toBe("Edited by the admin");
    expect((await listArticles(db)).find((article) => article.id === first.id)?.title).toBe("Edited by the admin");
  });
});
