/**
 * The media library's in-use check reads every place that can name a file, which a walk of D1's own schema proves
 * (a new table or column cannot be missed), and a contributor sees only their own uploads and the images already on
 * the public site.
 */
import { env } from "cloudflare:test";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { media } from "../../../db/schema";
import { accountCookie, adminCookie, adminRequest } from "../../../tests/support/admin";
import { routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { asRouted } from "../../../tests/support/routes";
import * as mediaApi from "~/routes/api/admin.media";
import * as libraryPage from "~/routes/admin/media";
import * as adminLayout from "~/routes/admin/layout";
import { deleteMedia, mediaUsage, TABLES_NAMING_NO_FILE, USAGE_TABLE_NAMES } from "./media.server";

/** A library row for a file of `key` (the check reads D1 only; no bytes needed). */
async function libraryItem(n: number, uploadedBy = "admin") {
  const key = `${n.toString(16).padStart(2, "0").repeat(32)}.png`;
  await testDb()
    .insert(media)
    .values({
      key,
      kind: "image",
      contentType: "image/png",
      bytes: 10,
      width: 1,
      height: 1,
      altText: `alt ${n}`,
      originalFilename: `secret-${n}.png`,
      uploadedBy,
    });
  await env.MEDIA.put(key, new Uint8Array(10));
  return { key, url: `/media/${key}` };
}

type Column = { name: string; type: string };
/** Every table of the database but SQLite's, D1's and the search index's (FTS5 and its shadow tables), with its text columns. */
async function tablesOfD1() {
  const { results } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'",
  ).all<{ name: string; sql: string }>();
  const fts = results.filter((table) => /VIRTUAL TABLE .* USING fts5/i.test(table.sql)).map((table) => table.name);
  const tables = results.filter((table) => !fts.some((index) => table.name === index || table.name.startsWith(`${index}_`)));
  return Promise.all(
    tables.map(async ({ name }) => {
      const { results: columns } = await env.DB.prepare(`SELECT name, type FROM pragma_table_info(?)`).bind(name).all<Column>();
      return { name, text: columns.filter((column) => column.type.toUpperCase() === "TEXT").map((column) => column.name) };
    }),
  );
}

beforeEach(async () => {
  await seedTestDb();
});

describe("the in-use check reads every place that can name a file", () => {
  it("every table of D1 is read by the check or listed, with why, as naming no file; no table is both", async () => {
    const tables = await tablesOfD1();
    expect(tables.length).toBeGreaterThan(30);
    const unlisted = tables.filter((table) => !USAGE_TABLE_NAMES.includes(table.name) && !(table.name in TABLES_NAMING_NO_FILE));
    expect(unlisted.map((table) => table.name)).toEqual([]);
    expect(USAGE_TABLE_NAMES.filter((name) => name in TABLES_NAMING_NO_FILE)).toEqual([]);
    // A listed table that no longer exists is a stale list.
    const names = tables.map((table) => table.name);
    expect([...USAGE_TABLE_NAMES, ...Object.keys(TABLES_NAMING_NO_FILE)].filter((name) => !names.includes(name))).toEqual([]);
  });

  it("a file named in any text column of any table the check reads is refused deletion, naming the row (409)", async () => {
    const { key, url } = await libraryItem(1);
    // Tables the seed leaves empty get a row to write into.
    await env.DB.batch([
      env.DB.prepare("INSERT INTO newsletter_issues (subject, body) VALUES ('An issue', 'Text')"),
      env.DB.prepare("INSERT INTO bundles (title, price_cents) VALUES ('A bundle', 9900)"),
    ]);
    const tables = (await tablesOfD1()).filter((table) => USAGE_TABLE_NAMES.includes(table.name));
    expect(tables.length).toBe(USAGE_TABLE_NAMES.length);
    let columns = 0;
    for (const table of tables) {
      const row = await env.DB.prepare(`SELECT rowid AS id FROM "${table.name}" LIMIT 1`).first<{ id: number }>();
      assert(row, `${table.name} has a row`);
      for (const column of table.text) {
        const before = await env.DB.prepare(`SELECT "${column}" AS value FROM "${table.name}" WHERE rowid = ?`)
          .bind(row.id)
          .first<{ value: string | null }>();
        // JSON columns must stay JSON for the rows' readers: a URL is a JSON string.
        const value = /^[[{]/.test(before?.value ?? "") ? JSON.stringify([url]) : `See ${url}.`;
        await env.DB.prepare(`UPDATE "${table.name}" SET "${column}" = ? WHERE rowid = ?`).bind(value, row.id).run();
        // (Renaming an author or a category renames it in its articles too, by trigger: those rows name it as well.)
        expect((await mediaUsage(testDb(), key)).length, `${table.name}.${column}`).toBeGreaterThan(0);
        await expect(deleteMedia(testDb(), env.MEDIA, key), `${table.name}.${column}`).rejects.toMatchObject({ status: 409 });
        await env.DB.prepare(`UPDATE "${table.name}" SET "${column}" = ? WHERE rowid = ?`)
          .bind(before?.value ?? null, row.id)
          .run();
        columns += 1;
      }
    }
    expect(columns).toBeGreaterThan(50);
    expect(await mediaUsage(testDb(), key)).toEqual([]);
  });

  it("the About page, an author's portrait and the welcome e-mail each keep their file, named", async () => {
    const about = await libraryItem(2);
    const about_ = await env.DB.prepare("SELECT fields FROM pages WHERE key = 'about'").first<{ fields: string }>();
    assert(about_, "the seed has an About page");
    const fields = JSON.parse(about_.fields) as Record<string, unknown>;
    await env.DB.prepare("UPDATE pages SET fields = ? WHERE key = 'about'")
      .bind(JSON.stringify({ ...fields, mission: `${String(fields.mission ?? "")}\n\n![The stoa](${about.url})` }))
      .run();
    await expect(deleteMedia(testDb(), env.MEDIA, about.key)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("Page “about”"),
    });

    const portrait = await libraryItem(3);
    await env.DB.prepare("UPDATE authors SET portrait = ? WHERE id = 1").bind(portrait.url).run();
    await expect(deleteMedia(testDb(), env.MEDIA, portrait.key)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/Author “[^”]+”/),
    });

    const welcome = await libraryItem(4);
    await env.DB.prepare("INSERT INTO site_meta (key, value) VALUES ('welcome.body', ?)").bind(`Hello.\n\n![A bell](${welcome.url})`).run();
    await expect(deleteMedia(testDb(), env.MEDIA, welcome.key)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("Welcome e-mail"),
    });
  });
});

type Listed = { items: { key: string; uploadedBy: string; originalFilename: string; altText: string }[] };

describe("who sees what of the library", () => {
  it("a contributor lists their own uploads and the images published content uses, without others' names; an owner lists all", async () => {
    const db = testDb();
    const contributor = await accountCookie(db, "contributor", "contrib@example.com");
    const own = await libraryItem(10, "contrib@example.com");
    const unused = await libraryItem(11, "editor@example.com");
    const published = await libraryItem(12, "editor@example.com");
    const inDraft = await libraryItem(13, "editor@example.com");
    const onAbout = await libraryItem(14, "editor@example.com");
    await env.DB.batch([
      env.DB.prepare("UPDATE articles SET image_url = ?, status = 'published' WHERE id = 1").bind(published.url),
      env.DB.prepare("UPDATE articles SET content = ?, status = 'draft' WHERE id = 2").bind(`![x](${inDraft.url})`),
      env.DB.prepare("UPDATE authors SET portrait = ? WHERE id = 1").bind(onAbout.url),
    ]);
    const list = async (cookie: string, query = "") =>
      (await (await mediaApi.loader(routeArgs(adminRequest("GET", `/api/admin/media${query}`, { cookie })) as never)).json()) as Listed;

    const seen = await list(contributor);
    expect(seen.items.map((item) => item.key).sort()).toEqual([own.key, published.key, onAbout.key].sort());
    const byKey = new Map(seen.items.map((item) => [item.key, item]));
    expect(byKey.get(own.key)).toMatchObject({ uploadedBy: "contrib@example.com", originalFilename: "secret-10.png" });
    for (const other of [published, onAbout]) {
      const item = byKey.get(other.key);
      expect(item?.uploadedBy).toBe("");
      expect(item?.originalFilename).not.toContain("secret");
      // The alt text the pickers fill in: the page shows it under the image's use anyway.
      expect(item?.altText).toMatch(/^alt \d+$/);
    }
    expect(JSON.stringify(seen)).not.toContain("editor@example.com");
    expect(JSON.stringify(seen)).not.toContain(unused.key);
    expect(JSON.stringify(seen)).not.toContain(inDraft.key);
    expect((await list(contributor, "?kind=audio")).items).toEqual([]);

    const all = await list(await adminCookie());
    expect(all.items.map((item) => item.key)).toEqual(
      expect.arrayContaining([own.key, unused.key, published.key, inDraft.key, onAbout.key]),
    );

    // The library page itself (every file, its uploader, deleting) is the owners' and editors': a contributor's is 403.
    const page = await asRouted(libraryPage, "loader", [adminLayout])(
      routeArgs(adminRequest("GET", "/admin/media", { cookie: contributor })),
    ).catch((thrown: unknown) => thrown);
    expect(page).toMatchObject({ init: { status: 403 } });
  });
});
