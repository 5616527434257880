/** Admin → Authors counts each author's own articles (issue #37 §3.10: every author said "3 articles"). */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { rowsOf, seedTestDb } from "../../../../tests/support/db";
import type { Database } from "../../core/db.server";
import { authorServer } from "./author.server";

let db: Database;
beforeEach(async () => {
  db = await seedTestDb();
});

/** Each author's article count, as the list says it ("1 article", "4 articles"), by name. */
async function listedCounts() {
  const rows = await authorServer.listForAdmin(db);
  return Object.fromEntries(rows.map((row) => [row.title, row.details.find((detail) => /\barticles?$/.test(detail))]));
}

describe("the authors list", () => {
  it("says how many articles each author wrote, counted by the article's author", async () => {
    const counted = await rowsOf<{ name: string; n: number }>(
      "SELECT authors.name AS name, count(articles.id) AS n FROM authors LEFT JOIN articles ON articles.author_id = authors.id GROUP BY authors.id",
    );
    const expected = Object.fromEntries(counted.map(({ name, n }) => [name, n === 1 ? "1 article" : `${n} articles`]));
    expect(await listedCounts()).toEqual(expected);

    // One more article by the second author moves their count, and only theirs.
    await env.DB.prepare(
      `INSERT INTO articles (title, excerpt, content, image_url, category, reading_time, author, author_id, featured, published_date, status)
       SELECT 'One more', 'x', 'y', image_url, category, 1, author, 2, 0, published_date, status FROM articles WHERE author_id = 2 LIMIT 1`,
    ).run();
    const after = await listedCounts();
    const second = counted.find((row) => row.name === "Samuel Okafor");
    expect(after["Samuel Okafor"]).toBe(`${(second?.n ?? 0) + 1} articles`);
    expect(after["Dr. Elena Marsh"]).toBe(expected["Dr. Elena Marsh"]);
  });
});
