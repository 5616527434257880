/**
 * Authors are a table (issue #29): the public reads, the admin's writes through the content-type registry (an
 * article's author kept in step by name, a rename reaching the articles, a delete refused while articles use the
 * author, naming them) and the form's rules for links and portraits.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { refusal, rowsOf, seedTestDb } from "../../../tests/support/db";
import { seedDatabase } from "../../../db/seed";
import { seedAuthors } from "../../../db/seed/authors";
import { authorSchema } from "~/lib/admin-schemas";
import { parseLinkLines, storedLinks } from "~/lib/author-links";
import { articleJsonLd } from "~/lib/seo";
import { createContent, deleteContent, getContentForAdmin, loadContentOptions, updateContent } from "../admin/content.server";
import type { Database } from "../core/db.server";
import { getAuthor, listAuthorArticles, listAuthors } from "./authors.server";
import { getArticle } from "./content.server";
import { forgetSharedReads } from "./shared-reads.server";
import { sitemapEntries } from "../site/seo.server";

let db: Database;
beforeEach(async () => {
  db = await seedTestDb();
});

const newAuthor = {
  name: "Ada Writer",
  role: "Essayist",
  bio: "Writes **about** rest.",
  portrait: "",
  links: "Website | https://example.org",
  position: 4,
};

describe("the public reads", () => {
  it("lists the seed's three contributors in order, bios as safe Markdown trees", async () => {
    const authors = await listAuthors(db);
    expect(authors.slice(0, 3).map((author) => author.name)).toEqual(["Dr. Elena Marsh", "Samuel Okafor", "Dr. Priya Raman"]);
    expect(authors[0]?.bio[0]).toMatchObject({ type: "paragraph" });
    expect(authors[0]?.portrait).toBe("/images/contributors/elena-marsh.svg");
  });

  it("an author's page lists their published articles only, newest first; an unknown author is null", async () => {
    const articles = await listAuthorArticles(db, 1);
    const byName = await rowsOf<{ id: number }>(
      "SELECT id FROM articles WHERE author = 'Dr. Elena Marsh' AND status = 'published' ORDER BY published_date DESC, id DESC",
    );
    expect(articles.map((article) => article.id)).toEqual(byName.map((row) => row.id));
    expect(articles.length).toBeGreaterThan(1);
    await db.$client.prepare("UPDATE articles SET status = 'draft' WHERE id = ?").bind(byName[0]!.id).run();
    forgetSharedReads();
    expect((await listAuthorArticles(db, 1)).map((article) => article.id)).toEqual(byName.slice(1).map((row) => row.id));
    expect(await getAuthor(db, 999)).toBeNull();
  });

  it("every seed article points at the author its name names", async () => {
    const rows = await rowsOf<{ n: number }>(
      "SELECT count(*) AS n FROM articles a JOIN authors p ON p.id = a.author_id WHERE p.name <> a.author",
    );
    expect(rows[0]?.n).toBe(0);
    const orphans = await rowsOf<{ n: number }>("SELECT count(*) AS n FROM articles WHERE author_id IS NULL");
    expect(orphans[0]?.n).toBe(0);
  });

  it("authors are in the sitemap", async () => {
    const paths = (await sitemapEntries(db)).map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(["/authors/1", "/authors/2", "/authors/3"]));
  });
});

describe("a database seeded before authors were a table", () => {
  it("its migration's authors (names only) get the seed's role, bio and portrait; one the admin described keeps theirs", async () => {
    await db.$client.batch([
      db.$client.prepare("UPDATE authors SET role = '', bio = '', portrait = '' WHERE id IN (1, 2)"),
      db.$client.prepare("UPDATE authors SET bio = 'Written by the admin.' WHERE id = 3"),
      db.$client.prepare("UPDATE site_meta SET value = '3' WHERE key = 'seed_version'"),
    ]);
    expect(await seedDatabase(db)).toEqual({ seeded: true });
    const rows = await rowsOf<{ id: number; bio: string; portrait: string }>(
      "SELECT id, bio, portrait FROM authors WHERE id <= 3 ORDER BY id",
    );
    expect(rows[0]?.bio).toBe(seedAuthors[0]?.bio);
    expect(rows[1]?.portrait).toBe(seedAuthors[1]?.portrait);
    expect(rows[2]?.bio).toBe("Written by the admin.");
  });
});

describe("the admin's writes", () => {
  it("creates an author with links stored as JSON and read back as the form's lines", async () => {
    const row = await createContent(db, "author", authorSchema.parse(newAuthor));
    const [stored] = await rowsOf<{ links: string }>("SELECT links FROM authors WHERE id = ?", row.id);
    expect(JSON.parse(stored!.links)).toEqual([{ label: "Website", url: "https://example.org" }]);
    expect((await getContentForAdmin(db, "author", row.id))?.links).toBe("Website | https://example.org");
    // The public page's links are as safeUrl gives them.
    expect((await getAuthor(db, row.id))?.links).toEqual([{ label: "Website", url: "https://example.org/" }]);
  });

  it("an article picks its author by id and keeps the author's name; an unknown id is refused naming authorId", async () => {
    const options = await loadContentOptions(db, "article");
    expect(options.authorId?.slice(0, 3).map((option) => option.label)).toEqual(["Dr. Elena Marsh", "Samuel Okafor", "Dr. Priya Raman"]);
    const before = (await getContentForAdmin(db, "article", 1))!;
    const { id, createdAt, updatedAt, status, publishAt, author, ...fields } = before;
    const saved = await updateContent(db, "article", 1, { ...fields, status, publishAt, authorId: 3, version: updatedAt ?? "" });
    expect(saved).toMatchObject({ authorId: 3, author: "Dr. Priya Raman" });
    const error = await refusal(() => updateContent(db, "article", 1, { ...fields, status, publishAt, authorId: 999 }));
    expect([error.status, error.field]).toEqual([400, "authorId"]);
  });

  it("renaming an author renames them in their articles", async () => {
    const row = (await getContentForAdmin(db, "author", 2))!;
    await updateContent(db, "author", 2, {
      ...authorSchema.parse({ ...row, name: "Sam Okafor", links: row.links }),
      version: row.updatedAt ?? "",
    });
    const names = await rowsOf<{ author: string }>("SELECT DISTINCT author FROM articles WHERE author_id = 2");
    expect(names).toEqual([{ author: "Sam Okafor" }]);
  });

  it("refuses to delete an author whose articles remain, naming them; deletes one without", async () => {
    const error = await refusal(() => deleteContent(db, "author", 1));
    expect(error.status).toBe(409);
    const titles = await rowsOf<{ title: string }>("SELECT title FROM articles WHERE author_id = 1 ORDER BY id");
    for (const { title } of titles) expect(error.message).toContain(`“${title}”`);
    expect(await getAuthor(db, 1)).not.toBeNull();
    const row = await createContent(db, "author", authorSchema.parse(newAuthor));
    expect(await deleteContent(db, "author", row.id)).toMatchObject({ id: row.id, title: "Ada Writer" });
    expect(await getAuthor(db, row.id)).toBeNull();
  });
});

describe("the form's rules", () => {
  it("links: one a line, each url passing safeUrl", () => {
    expect(parseLinkLines("Site | https://example.org\n\nBooks | /recommended-reading")).toEqual({
      links: [
        { label: "Site", url: "https://example.org" },
        { label: "Books", url: "/recommended-reading" },
      ],
    });
    expect(parseLinkLines("https://example.org")).toEqual({ error: expect.stringMatching(/^Line 1: /) });
    expect(parseLinkLines("Bad | javascript:alert(1)")).toEqual({ error: expect.stringMatching(/http\(s\) URL/) });
    expect(authorSchema.safeParse({ ...newAuthor, links: "X | //evil.example" }).success).toBe(false);
    expect(storedLinks('[{"label":"x","url":"javascript:alert(1)"},{"label":"ok","url":"/about"}]')).toEqual([
      { label: "ok", url: "/about" },
    ]);
    expect(storedLinks("not json")).toEqual([]);
    // The schema's own output (the stored JSON) passes it again: the form sends what its check gave.
    const once = authorSchema.parse(newAuthor);
    expect(authorSchema.parse(once).links).toBe(once.links);
    expect(authorSchema.safeParse({ ...newAuthor, links: '[{"label":"x","url":"javascript:alert(1)"}]' }).success).toBe(false);
  });

  it("portrait: empty, or an image on this site", () => {
    expect(authorSchema.safeParse({ ...newAuthor, portrait: "/images/contributors/elena-marsh.svg" }).success).toBe(true);
    expect(authorSchema.safeParse({ ...newAuthor, portrait: "https://example.org/me.png" }).success).toBe(false);
    expect(authorSchema.safeParse({ ...newAuthor, name: "" }).success).toBe(false);
  });
});

describe("the article's JSON-LD", () => {
  it("its author's url is the author's page", async () => {
    const article = (await getArticle(db, 1))!;
    const ld = articleJsonLd(article, { name: "Site", url: "https://example.org" });
    expect(ld.author).toEqual({ "@type": "Person", name: article.author, url: `https://example.org/authors/${article.authorId}` });
  });
});
