import fc from "fast-check";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { authors, courseModules, courses, lessons, resourceCategories } from "../../../db/schema";
import { insertSeedCategories, seedTestDb, testDb } from "../../../tests/support/db";
import type { CreateOf } from "~/lib/content-types/registry";
import { parseSearchQuery } from "~/lib/search";
import { createContent, deleteContent, updateContent } from "../admin/content.server";
import { RESULTS_PER_GROUP, rebuildSearchIndex, type SearchResults, searchSite } from "./search.server";

const db = testDb();

async function search(query: string): Promise<SearchResults> {
  const parsed = parseSearchQuery(query);
  if (!parsed.ok) throw new Error(parsed.message);
  return searchSite(db, parsed.match);
}
const text = (parts: { text: string }[]) => parts.map((part) => part.text).join("");
const marked = (parts: { text: string; highlighted: boolean }[]) => parts.filter((part) => part.highlighted).map((part) => part.text);
const idsOf = (results: SearchResults, type: string) =>
  results.groups.find((group) => group.type === type)?.hits.map((hit) => hit.id) ?? [];

// Typed as the create schemas' output but not parsed by them: an article may have empty content here.
// The articles' author (an article picks one from the authors table); the tests' database starts empty.
beforeEach(async () => {
  await db.insert(authors).values({ id: 1, name: "Someone" }).onConflictDoNothing();
  await insertSeedCategories(db);
});

const article = (fields: Partial<CreateOf<"article">> = {}): CreateOf<"article"> => ({
  title: "A plain title",
  excerpt: "An excerpt.",
  content: "Some body text.",
  imageUrl: "/images/a.jpg",
  imageCaption: "",
  category: "Psychology",
  readingTime: 5,
  authorId: 1,
  featured: false,
  status: "published",
  ...fields,
});
const practice = (fields: Partial<CreateOf<"practice">> = {}): CreateOf<"practice"> => ({
  title: "A plain practice",
  description: "A description.",
  imageUrl: "/images/p.jpg",
  category: "Meditation",
  duration: 10,
  focus: "Calm",
  audioUrl: "/audio/p.opus",
  transcript: "",
  featured: false,
  status: "published",
  ...fields,
});
async function resource(fields: Partial<CreateOf<"resource">> = {}): Promise<CreateOf<"resource">> {
  await db.insert(resourceCategories).values({ id: 1, name: "Books" }).onConflictDoNothing();
  return {
    title: "A plain resource",
    author: "An Author",
    categoryId: 1,
    description: "A description.",
    url: "https://example.com/",
    ...fields,
  };
}

describe("the index follows every admin write", () => {
  it.each([
    ["article", "excerpt", async () => article()] as const,
    ["practice", "transcript", async () => practice()] as const,
    ["resource", "description", resource] as const,
  ])("%s: created, edited and deleted", async (type, field, make) => {
    const created = await createContent(db, type, { ...(await make()), [field]: "The zephyrine wind over the water." });
    const id = created.id as number;
    expect(idsOf(await search("zephyrine"), type)).toEqual([id]);

    await updateContent(db, type, id, { ...(await make()), [field]: "Now it speaks of quokkas." });
    expect((await search("zephyrine")).total).toBe(0);
    expect(idsOf(await search("quokkas"), type)).toEqual([id]);

    await deleteContent(db, type, id);
    expect((await search("quokkas")).total).toBe(0);
  });

  it("indexes an article without Markdown under the static essay its readers see", async () => {
    // Empty content in category Philosophy: the stoicism essay, which quotes Epictetus's Enchiridion.
    const created = await createContent(db, "article", article({ content: "", category: "Philosophy", title: "On control" }));
    expect(idsOf(await search("Enchiridion"), "article")).toEqual([created.id]);
  });

  it("indexes what a reader sees of Markdown, not its syntax", async () => {
    await createContent(db, "article", article({ content: "## Heading\n\nA **bold** [linked word](https://example.com/x)." }));
    const [hit] = (await search("linked")).groups[0]?.hits ?? [];
    assert(hit, "a hit for “linked”");
    expect(text(hit.snippet)).toContain("A bold linked word.");
    expect(text(hit.snippet)).not.toMatch(/[*#[\]]|example\.com/);
  });

  it("indexes a pull quote's words and who said them", async () => {
    const created = await createContent(
      db,
      "article",
      article({ content: "Before.\n\n```pullquote\nWaste no more time arguing.\n\u2014 Aurelius\n```" }),
    );
    expect(idsOf(await search("arguing"), "article")).toEqual([created.id]);
    expect(idsOf(await search("Aurelius"), "article")).toContain(created.id);
  });
});

describe("searchSite", () => {
  it("ranks a match in the title above matches in the body", async () => {
    const inBody = await createContent(db, "article", article({ content: "Lanterns, lanterns, more lanterns in the body." }));
    const inTitle = await createContent(db, "article", article({ title: "Lanterns" }));
    expect(idsOf(await search("lantern"), "article")).toEqual([inTitle.id, inBody.id]);
  });

  it("highlights the matched words in titles and snippets, porter stemming and diacritics included", async () => {
    await createContent(
      db,
      "practice",
      practice({ title: "Breathing slowly", transcript: "We breathe in. Our breaths settle at the café." }),
    );
    const [hit] = (await search("breath cafe")).groups[0]?.hits ?? [];
    assert(hit, "a hit for “breath cafe”");
    expect(marked(hit.title)).toEqual(["Breathing"]);
    expect(marked(hit.snippet)).toEqual(["breathe", "breaths", "café"]);
    expect(hit.href).toMatch(/^\/practices\/\d+$/);
  });

  it("indexes a practice's script as its words: no stage directions, no Markdown marks", async () => {
    await createContent(
      db,
      "practice",
      practice({ title: "Sitting", transcript: "Sit **quietly** by the [harbour](/articles/1). [bell]" }),
    );
    expect((await search("bell")).total).toBe(0);
    const [hit] = (await search("harbour")).groups[0]?.hits ?? [];
    assert(hit, "a hit for “harbour”");
    expect(text(hit.snippet)).toContain("Sit quietly by the harbour.");
    expect(text(hit.snippet)).not.toMatch(/[*[\]]|articles/);
  });

  it("matches the last word as a prefix, so results come while a word is half typed", async () => {
    await createContent(db, "article", article({ title: "Equanimity" }));
    expect((await search("equanim")).total).toBe(1);
  });

  it("groups by type with each group's full count, and shows the best few of each", async () => {
    for (let i = 0; i < RESULTS_PER_GROUP + 2; i++) await createContent(db, "practice", practice({ title: `Kestrel ${i}` }));
    await createContent(db, "article", article({ excerpt: "A kestrel hovers." }));
    const results = await search("kestrel");
    expect(results.total).toBe(RESULTS_PER_GROUP + 3);
    expect(results.groups.map((group) => [group.type, group.total, group.hits.length])).toEqual([
      ["article", 1, 1],
      ["practice", RESULTS_PER_GROUP + 2, RESULTS_PER_GROUP],
    ]);
  });

  it("finds nothing, and says so with no groups, for words nowhere on the site", async () => {
    await seedTestDb();
    await rebuildSearchIndex(db);
    expect(await search("xylophonist")).toEqual({ total: 0, groups: [] });
  });

  it("finds courses by title, description, lesson titles and free-preview bodies, never paid lesson bodies", async () => {
    await db
      .insert(courses)
      .values({ id: 7, title: "Walking", description: "On foot.", imageUrl: "/c.jpg", level: "Beginner", duration: 2, priceCents: 100 });
    await db.insert(courseModules).values({ id: 70, courseId: 7, position: 1, title: "Steps", description: "First steps." });
    await db.insert(lessons).values([
      { id: 700, moduleId: 70, position: 1, title: "Gaits", description: "", duration: 5, body: "The *ambling* pace.", freePreview: true },
      {
        id: 701,
        moduleId: 70,
        position: 2,
        title: "Pilgrims",
        description: "",
        duration: 5,
        body: "The paid trudging secret.",
        freePreview: false,
      },
    ]);
    await rebuildSearchIndex(db);
    for (const word of ["walking", "foot", "gaits", "pilgrims", "ambling"]) expect(idsOf(await search(word), "course"), word).toEqual([7]);
    expect((await search("trudging")).total).toBe(0);
  });

  it("rebuilds the whole seed: every article, practice, resource and course", async () => {
    await seedTestDb();
    const count = await rebuildSearchIndex(db);
    const rows = await db.$client
      .prepare(
        "SELECT (SELECT count(*) FROM articles) + (SELECT count(*) FROM practices) + (SELECT count(*) FROM resources) + (SELECT count(*) FROM courses) AS n",
      )
      .first<number>("n");
    expect(count).toBe(rows);
    expect((await search("stoic")).groups.map((group) => group.type)).toEqual(expect.arrayContaining(["article", "practice", "course"]));
  });
});

describe("any visitor query", () => {
  it("is answered without an SQL error (property: any string, FTS5 syntax included)", async () => {
    await createContent(db, "article", article({ title: "Near and not" }));
    const fts = fc.constantFrom(
      '"',
      "*",
      "^",
      ":",
      "(",
      ")",
      "AND",
      "OR",
      "NOT",
      "NEAR",
      "NEAR(",
      "-",
      "+",
      "{",
      "}",
      "title:",
      " ",
      "\uE000",
    );
    const query = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.array(fc.oneof(fts, fc.string({ maxLength: 5 })), { maxLength: 12 }).map((parts) => parts.join("")),
    );
    await fc.assert(
      fc.asyncProperty(query, async (raw) => {
        const parsed = parseSearchQuery(raw);
        if (parsed.ok) await searchSite(db, parsed.match);
      }),
      { numRuns: 300 },
    );
  });
});

describe("latency over ten times the seed content", () => {
  it("reports the time per search (printed, not asserted: it depends on the machine)", async () => {
    await seedTestDb();
    const seedEntries = await rebuildSearchIndex(db);
    // Nine more copies of every entry: ten times the seed's text, as the index sees it.
    const copies = Array.from({ length: 9 }, (_, i) =>
      db.$client
        .prepare(
          "INSERT INTO search_index (rowid, type, ref_id, title, body) SELECT rowid + ?1, type, ref_id, title, body FROM search_index WHERE rowid < ?2",
        )
        .bind((i + 1) * 4_000_000, 4_000_000),
    );
    await db.$client.batch(copies);
    expect(await db.$client.prepare("SELECT count(*) AS n FROM search_index").first<number>("n")).toBe(seedEntries * 10);

    const queries = ["stoic", "breath", "marcus aurelius", "medit", "the", "control anger", "xylophonist"];
    const timings: string[] = [];
    for (const query of queries) {
      const times: number[] = [];
      for (let run = 0; run < 15; run++) {
        const started = performance.now();
        await search(query);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      timings.push(`"${query}": p50 ${times[7]?.toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms`);
    }
    console.log(`Search over ${seedEntries * 10} entries (10x the seed), per search:\n  ${timings.join("\n  ")}`);
  });
});
