import { describe, expect, it } from "vitest";
import { parseSearchQuery } from "~/lib/search";
import { rebuildSearchIndex, searchSite } from "~/server/content/search.server";
import { SEARCH_BENCH_QUERIES, SEARCH_BENCH_TABLES, tenfoldContentSql } from "../scripts/bench/search-content";
import { seedTestDb } from "./support/db";

/** The bench's search step (scripts/bench/search-time.ts) fills its D1 with these statements before it measures. */
describe("ten times the seed content for the search bench", () => {
  it("binds no parameters: every statement is far inside D1's limit of 100", () => {
    const statements = tenfoldContentSql();
    expect(statements).toHaveLength(9 * SEARCH_BENCH_TABLES.length);
    for (const statement of statements) expect(statement).not.toMatch(/\?/);
  });

  it("makes every copied table ten times the seed, every title distinct, and the index ten times as large", async () => {
    const db = await seedTestDb();
    const count = async (sql: string) => Number(await db.$client.prepare(sql).first("n"));
    const seedEntries = await rebuildSearchIndex(db);
    const before: Record<string, { rows: number; titles: number }> = {};
    for (const table of SEARCH_BENCH_TABLES) {
      before[table] = {
        rows: await count(`SELECT count(*) AS n FROM ${table}`),
        titles: await count(`SELECT count(DISTINCT title) AS n FROM ${table}`),
      };
      expect(before[table].rows, table).toBeGreaterThan(0);
    }

    await db.$client.batch(tenfoldContentSql().map((sql) => db.$client.prepare(sql)));

    for (const table of SEARCH_BENCH_TABLES) {
      expect(await count(`SELECT count(*) AS n FROM ${table}`), table).toBe((before[table]?.rows ?? 0) * 10);
      expect(await count(`SELECT count(DISTINCT title) AS n FROM ${table}`), table).toBe((before[table]?.titles ?? 0) * 10);
    }
    // Every copied module belongs to a copied course, every copied lesson to a copied module.
    expect(await count("SELECT count(*) AS n FROM course_modules m LEFT JOIN courses c ON c.id = m.course_id WHERE c.id IS NULL")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM lessons l LEFT JOIN course_modules m ON m.id = l.module_id WHERE m.id IS NULL")).toBe(0);
    expect(await rebuildSearchIndex(db)).toBe(seedEntries * 10);
  });

  it("measures queries of the kinds it names, on the seed", async () => {
    const db = await seedTestDb();
    await rebuildSearchIndex(db);
    const entries = await db.$client.prepare("SELECT count(*) AS n FROM search_index").first<number>("n");
    const hits: Record<string, number> = {};
    for (const { kind, query } of SEARCH_BENCH_QUERIES) {
      const parsed = parseSearchQuery(query);
      if (!parsed.ok) throw new Error(`${kind}: ${parsed.message}`);
      hits[kind] = (await searchSite(db, parsed.match)).total;
    }
    expect(hits["common word"]).toBeGreaterThanOrEqual(10);
    expect(hits["rare word"]).toBeGreaterThanOrEqual(1);
    expect(hits["rare word"]).toBeLessThanOrEqual(3);
    expect(hits["two words"]).toBeGreaterThanOrEqual(1);
    expect(hits["phrase with no hits"]).toBe(0);
    expect(hits.the).toBeGreaterThan((entries ?? 0) / 2);
  });
});
