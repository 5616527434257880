/** The browser tests' reset routes (workers/e2e-routes.ts), on the server tests' D1, and the var that switches them on. */
import { createExecutionContext, env } from "cloudflare:test";
import { afterEach, assert, describe, expect, it } from "vitest";
import { seedTestDb, testDb } from "../tests/support/db";
import { contentVersion } from "~/server/core/cache.server";
import { rebuildSearchIndex } from "~/server/content/search.server";
import { E2E_ROUTE_PREFIX, serveE2eRoute } from "./e2e-routes";
import { createFetchHandler } from "./fetch-handler";

const post = (route: string) =>
  serveE2eRoute(new Request(`http://localhost${E2E_ROUTE_PREFIX}${route}`, { method: "POST" }), env.DB, `${E2E_ROUTE_PREFIX}${route}`);

/** Every row of every table but the snapshot's own (and the content version, which a reset renews), in a fixed order. */
async function everyRow() {
  const { results: tables } = await env.DB.prepare(
    `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual') AND name NOT LIKE 'sqlite_%'
      AND name NOT LIKE '_cf_%' AND name NOT LIKE '\\_e2e\\_%' ESCAPE '\\' AND name <> 'd1_migrations' AND name NOT LIKE 'search_index_%'
      ORDER BY name`,
  ).all<{ name: string }>();
  const dump: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const { results } = await env.DB.prepare(`SELECT rowid AS _rowid, * FROM "${name}" ORDER BY rowid`).all();
    dump[name] = name === "site_meta" ? results.filter((row) => row.key !== "content_version") : results;
  }
  return dump;
}

afterEach(async () => {
  // The snapshot's tables live in the same database: other test files list its tables.
  const { results } = await env.DB.prepare("SELECT name FROM pragma_table_list WHERE name LIKE '\\_e2e\\_seed\\_%' ESCAPE '\\'").all<{
    name: string;
  }>();
  if (results.length > 0) await env.DB.batch(results.map(({ name }) => env.DB.prepare(`DROP TABLE "${name}"`)));
});

describe("POST /__e2e/snapshot, then /__e2e/reset", () => {
  it("puts every table back as it was, the search index with its rowids, and renews the content version at once", async () => {
    const db = await seedTestDb();
    expect(await rebuildSearchIndex(db)).toBeGreaterThan(0);
    const seeded = await everyRow();
    expect(seeded.articles?.length).toBeGreaterThan(0);
    expect(seeded.search_index?.length).toBeGreaterThan(0);
    expect((await (await post("snapshot")).json()) as { tables: number }).toEqual({ tables: Object.keys(seeded).length });

    // What a test file leaves behind: new rows, deleted rows (with their children), changed rows, counters, mail.
    await env.DB.batch([
      env.DB.prepare("INSERT INTO rate_limits (bucket, client, window_start, count) VALUES ('newsletter', 'local', 1, 400)"),
      env.DB.prepare("INSERT INTO login_attempts (ip, created_at) VALUES ('local', '2026-01-01T00:00:00.000Z')"),
      env.DB.prepare("INSERT INTO mail_log (\"to\", subject, data, kind, status) VALUES ('a@example.com', 'S', '{}', 'receipt', 'sent')"),
      env.DB.prepare("INSERT INTO site_meta (key, value) VALUES ('setting.youtube', 'https://www.youtube.com/@left-behind')"),
      env.DB.prepare("UPDATE articles SET title = 'Changed' WHERE id = (SELECT min(id) FROM articles)"),
      env.DB.prepare("DELETE FROM courses WHERE id = (SELECT min(id) FROM courses)"),
      env.DB.prepare("DELETE FROM search_index WHERE rowid = (SELECT min(rowid) FROM search_index)"),
      env.DB.prepare("INSERT INTO search_index (rowid, type, ref_id, title, body) VALUES (999999, 'article', 1, 'quillwort', 'quillwort')"),
    ]);
    expect(await everyRow()).not.toEqual(seeded);
    const before = await contentVersion.read(testDb);

    const reset = await post("reset");
    expect(reset.status).toBe(200);
    const { contentVersion: renewed } = (await reset.json()) as { contentVersion: string };
    expect(await everyRow()).toEqual(seeded);
    // The index is whole, not only its rows: a search finds the seeded words and not the removed ones.
    const matches = (word: string) => env.DB.prepare("SELECT rowid FROM search_index WHERE search_index MATCH ?1").bind(word).all();
    expect((await matches("quillwort")).results).toEqual([]);
    const [first] = seeded.search_index as { title: string }[];
    assert(first, "the seeded search index has rows");
    const word = first.title.split(/\W+/).find((each) => each.length > 4) as string;
    expect((await matches(word)).results.length).toBeGreaterThan(0);
    // This isolate serves the new version now, without waiting for its memo to expire.
    expect(renewed).not.toBe(before);
    expect(await contentVersion.read(testDb)).toBe(renewed);

    // Again: the snapshot is kept for the next file.
    await env.DB.prepare("DELETE FROM articles").run();
    expect((await post("reset")).status).toBe(200);
    expect(await everyRow()).toEqual(seeded);
  });

  it("refuses to reset before a snapshot, and answers only POST", async () => {
    await seedTestDb();
    const refused = await post("reset");
    expect(refused.status).toBe(409);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM articles").first<number>("n")) ?? 0).toBeGreaterThan(0);
    const get = await serveE2eRoute(new Request(`http://localhost${E2E_ROUTE_PREFIX}reset`), env.DB, `${E2E_ROUTE_PREFIX}reset`);
    expect(get.status).toBe(405);
    expect((await post("nothing")).status).toBe(404);
  });
});

describe("POST /__e2e/content-version", () => {
  it("records a new content version that this isolate serves at once, and changes nothing else", async () => {
    await seedTestDb();
    const rows = await everyRow();
    const before = await contentVersion.read(testDb);
    const { contentVersion: renewed } = (await (await post("content-version")).json()) as { contentVersion: string };
    expect(renewed).not.toBe(before);
    expect(await contentVersion.read(testDb)).toBe(renewed);
    expect(await env.DB.prepare("SELECT value FROM site_meta WHERE key = 'content_version'").first<string>("value")).toBe(renewed);
    expect(await everyRow()).toEqual(rows);
  });
});

describe("the Worker's fetch", () => {
  /** The fetch handler over a stand-in for React Router, which says whether a request reached it. */
  function worker() {
    const reached: string[] = [];
    const server = {
      handle: async (request: Request) => {
        reached.push(new URL(request.url).pathname);
        return new Response("the app's 404", { status: 404 });
      },
      build: async () => ({ assets: { version: "test" } }),
    };
    return { reached, fetch: createFetchHandler(server as never) };
  }
  const reset = () => new Request(`http://localhost${E2E_ROUTE_PREFIX}content-version`, { method: "POST" });

  it("leaves /__e2e/ to the app (its 404) unless the run sets E2E_ROUTES=on", async () => {
    const before = await contentVersion.read(testDb);
    for (const value of [undefined, "off", ""]) {
      const { reached, fetch } = worker();
      const response = await fetch(reset(), { ...env, E2E_ROUTES: value }, createExecutionContext());
      expect(response.status, String(value)).toBe(404);
      expect(reached).toEqual([`${E2E_ROUTE_PREFIX}content-version`]);
    }
    expect(await contentVersion.read(testDb)).toBe(before);
  });

  it("serves them when the run sets E2E_ROUTES=on", async () => {
    const { reached, fetch } = worker();
    const response = await fetch(reset(), { ...env, E2E_ROUTES: "on" }, createExecutionContext());
    expect(response.status).toBe(200);
    expect(reached).toEqual([]);
    expect(await contentVersion.read(testDb)).toBe(((await response.json()) as { contentVersion: string }).contentVersion);
  });
});
