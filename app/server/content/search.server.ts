/**
 * Site search over D1's FTS5 (the `search_index` virtual table of db/migrations/0005_search_index.sql).
 *
 * The index holds what a reader sees, as plain text: an article's title, excerpt and body (its Markdown, or
 * the static essay an article without one shows), a practice's title, description and script (without its stage directions), a
 * resource's title, author and description, and a course's title, description, module and lesson titles
 * and the bodies of its free-preview lessons (paid lessons stay out: their words are not public).
 *
 * The application keeps it in sync, not SQL triggers: a trigger cannot compute an article's static-essay
 * body or turn Markdown into text. Every admin write re-indexes its row (admin/content.server.ts), the seed
 * rebuilds the index, and `npm run search:rebuild` (scripts/search-rebuild.ts) rebuilds it from the same
 * reads and documents as `rebuildSearchIndex` here.
 */
import { type HighlightPart, HIGHLIGHT_END, HIGHLIGHT_START, SEARCH_TYPES, type SearchType, splitHighlights } from "~/lib/search";
import type { Block, Inline } from "~/lib/markdown";
import { articleBody } from "./article-body.server";
import { parseMarkdown } from "./markdown.server";
import { practiceScript } from "./practice-script.server";
import { PUBLISHED_SQL } from "./published.server";

/** Anything with the D1 client drizzle wraps (the app's Database, or the seed's). */
type WithD1 = { $client: D1Database };

/** The results shown per group; the group's heading gives the full count. */
export const RESULTS_PER_GROUP = 10;
/** bm25 weights by column (type, ref_id, title, body): a match in the title counts ten times one in the body. */
const BM25_WEIGHTS = "0.0, 0.0, 10.0, 1.0";
/** Words of context in a snippet. */
const SNIPPET_TOKENS = 24;

const TYPE_NUMBER: Record<SearchType, number> = { article: 0, practice: 1, resource: 2, course: 3 };
/** The index row of a piece of content: one per (type, id), so a write replaces its row by rowid. */
export const searchRowId = (type: SearchType, id: number) => id * 4 + TYPE_NUMBER[type];

export type SearchDocument = { type: SearchType; refId: number; title: string; body: string };

// ---------------------------------------------------------------- reading the content

/**
 * The reads that feed the index, by type; `:id` narrows one to a single row. Plain SQL, so that
 * scripts/lib/search-index.ts (`npm run search:rebuild`, the bench) runs the very same reads through `wrangler d1 execute` (locally or on production).
 * Only published articles, practices and courses are indexed (published.server.ts): a draft or a scheduled one is off
 * the public pages.
 */
export const SEARCH_SOURCE_SQL = {
  article: `SELECT id, title, excerpt, content, category FROM articles WHERE ${PUBLISHED_SQL}`,
  practice: `SELECT id, title, description, transcript FROM practices WHERE ${PUBLISHED_SQL}`,
  resource: "SELECT id, title, author, description FROM resources",
  course: `SELECT id, title, description FROM courses WHERE ${PUBLISHED_SQL}`,
  courseModule: "SELECT course_id AS courseId, title, description FROM course_modules ORDER BY course_id, position",
  courseLesson: `SELECT m.course_id AS courseId, l.title, l.body, l.free_preview AS freePreview
    FROM lessons l JOIN course_modules m ON m.id = l.module_id ORDER BY m.course_id, m.position, l.position`,
} as const;

export type SearchSourceRows = {
  article: { id: number; title: string; excerpt: string; content: string; category: string }[];
  practice: { id: number; title: string; description: string; transcript: string }[];
  resource: { id: number; title: string; author: string; description: string }[];
  course: { id: number; title: string; description: string }[];
  courseModule: { courseId: number; title: string; description: string }[];
  courseLesson: { courseId: number; title: string; body: string; freePreview: number }[];
};

/** The documents of every row read, in the index's plain text. */
export function searchDocuments(rows: Partial<SearchSourceRows>): SearchDocument[] {
  const lines = (...parts: string[]) => parts.filter((part) => part.trim()).join("\n");
  const documents: SearchDocument[] = [];
  for (const a of rows.article ?? []) {
    documents.push({ type: "article", refId: a.id, title: a.title, body: lines(a.excerpt, blocksText(articleBody(a))) });
  }
  for (const p of rows.practice ?? []) {
    documents.push({ type: "practice", refId: p.id, title: p.title, body: lines(p.description, blocksText(practiceScript(p.transcript))) });
  }
  for (const r of rows.resource ?? []) {
    documents.push({ type: "resource", refId: r.id, title: r.title, body: lines(r.author, r.description) });
  }
  for (const c of rows.course ?? []) {
    const modules = (rows.courseModule ?? []).filter((m) => m.courseId === c.id);
    const lessons = (rows.courseLesson ?? []).filter((l) => l.courseId === c.id);
    const body = lines(
      c.description,
      ...modules.map((m) => lines(m.title, m.description)),
      ...lessons.map((l) => (l.freePreview ? lines(l.title, blocksText(parseMarkdown(l.body))) : l.title)),
    );
    documents.push({ type: "course", refId: c.id, title: c.title, body });
  }
  return documents;
}

/** The words a reader sees in a Markdown tree: text, code, link text, image descriptions and captions. */
function blocksText(blocks: Block[]): string {
  const inline = (items: Inline[]): string =>
    items
      .map((item) => {
        if (item.type === "text" || item.type === "code") return item.text;
        if (item.type === "br") return "\n";
        if (item.type === "image") return ` ${item.alt} ${item.caption ?? ""} `;
        return inline(item.children);
      })
      .join("");
  return blocks
    .map((block) => {
      switch (block.type) {
        case "heading":
        case "paragraph":
          return inline(block.children);
        case "list":
          return block.items.map(blocksText).join("\n");
        case "blockquote":
          return blocksText(block.children);
        case "code":
          return block.text;
        case "gallery":
          return block.images.map((image) => `${image.alt} ${image.caption ?? ""}`).join("\n");
        case "pullquote":
          return `${block.text} ${block.caption ?? ""}`;
        default:
          return ""; // a rule
      }
    })
    .filter(Boolean)
    .join("\n");
}

// ---------------------------------------------------------------- writing the index

const INSERT_SQL = "INSERT INTO search_index (rowid, type, ref_id, title, body) VALUES (?, ?, ?, ?, ?)";
const DELETE_ONE_SQL = "DELETE FROM search_index WHERE rowid = ?";

const insertValues = (d: SearchDocument) => [searchRowId(d.type, d.refId), d.type, d.refId, d.title, d.body] as const;

/** The index's statements as one SQL text (scripts/lib/search-index.ts runs it with `wrangler d1 execute --file`). */
export function rebuildSql(documents: SearchDocument[]): string {
  const literal = (value: string | number) => (typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`);
  const inserts = documents.map(
    (d) => `INSERT INTO search_index (rowid, type, ref_id, title, body) VALUES (${insertValues(d).map(literal).join(", ")});`,
  );
  return ["DELETE FROM search_index;", ...inserts].join("\n");
}

/** The reads of one row: a course's modules and lessons are narrowed by their course. */
const ONE_ROW_SQL: Record<keyof SearchSourceRows, string> = {
  article: `${SEARCH_SOURCE_SQL.article} AND id = ?`,
  practice: `${SEARCH_SOURCE_SQL.practice} AND id = ?`,
  resource: `${SEARCH_SOURCE_SQL.resource} WHERE id = ?`,
  course: `${SEARCH_SOURCE_SQL.course} AND id = ?`,
  courseModule: "SELECT course_id AS courseId, title, description FROM course_modules WHERE course_id = ? ORDER BY position",
  courseLesson: `SELECT m.course_id AS courseId, l.title, l.body, l.free_preview AS freePreview
    FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = ? ORDER BY m.position, l.position`,
};

async function readSources(db: WithD1, types: readonly (keyof SearchSourceRows)[], id?: number): Promise<Partial<SearchSourceRows>> {
  const statements = types.map((type) =>
    id === undefined ? db.$client.prepare(SEARCH_SOURCE_SQL[type]) : db.$client.prepare(ONE_ROW_SQL[type]).bind(id),
  );
  const results = await db.$client.batch(statements);
  return Object.fromEntries(types.map((type, i) => [type, results[i]?.results ?? []]));
}

/** Empties the index and fills it from every published row, in one atomic batch. */
export async function rebuildSearchIndex(db: WithD1): Promise<number> {
  const documents = searchDocuments(await readSources(db, Object.keys(SEARCH_SOURCE_SQL) as (keyof SearchSourceRows)[]));
  await db.$client.batch([
    db.$client.prepare("DELETE FROM search_index"),
    ...documents.map((d) => db.$client.prepare(INSERT_SQL).bind(...insertValues(d))),
  ]);
  return documents.length;
}

/** The reads one type's document is made of (a course's include its modules and lessons). */
const SOURCES_OF: Record<SearchType, (keyof SearchSourceRows)[]> = {
  article: ["article"],
  practice: ["practice"],
  resource: ["resource"],
  course: ["course", "courseModule", "courseLesson"],
};

/** Re-indexes one row after a write: its new text, or nothing once it is deleted or not published. */
export async function reindexSearchEntry(db: WithD1, type: SearchType, id: number) {
  const [document] = searchDocuments(await readSources(db, SOURCES_OF[type], id));
  const remove = db.$client.prepare(DELETE_ONE_SQL).bind(searchRowId(type, id));
  await db.$client.batch(document ? [remove, db.$client.prepare(INSERT_SQL).bind(...insertValues(document))] : [remove]);
}

// ---------------------------------------------------------------- searching

export type SearchHit = { id: number; href: string; title: HighlightPart[]; snippet: HighlightPart[] };
export type SearchGroup = { type: SearchType; total: number; hits: SearchHit[] };
export type SearchResults = { total: number; groups: SearchGroup[] };

const HITS_SQL = `SELECT ref_id AS id, highlight(search_index, 2, ?1, ?2) AS title,
    snippet(search_index, 3, ?1, ?2, '…', ${SNIPPET_TOKENS}) AS snippet
  FROM search_index WHERE search_index MATCH ?3 AND type = ?4
  ORDER BY bm25(search_index, ${BM25_WEIGHTS}) LIMIT ?5`;
const COUNTS_SQL = "SELECT type, count(*) AS total FROM search_index WHERE search_index MATCH ?1 GROUP BY type";

const HREF_PREFIX: Record<SearchType, string> = {
  article: "/articles/",
  practice: "/practices/",
  resource: "/resources/",
  course: "/courses/",
};

/**
 * The best matches of each type for a MATCH expression from `parseSearchQuery` (never raw visitor input),
 * best first, with highlighted titles and snippets, and how many of each type match. One round trip.
 */
export async function searchSite(db: WithD1, match: string): Promise<SearchResults> {
  const client = db.$client;
  const [counts, ...perType] = await client.batch<Record<string, unknown>>([
    client.prepare(COUNTS_SQL).bind(match),
    ...SEARCH_TYPES.map((type) => client.prepare(HITS_SQL).bind(HIGHLIGHT_START, HIGHLIGHT_END, match, type, RESULTS_PER_GROUP)),
  ]);
  const totals = new Map(((counts?.results ?? []) as { type: SearchType; total: number }[]).map((row) => [row.type, row.total]));
  const groups = SEARCH_TYPES.map((type, i) => ({
    type,
    total: totals.get(type) ?? 0,
    hits: ((perType[i]?.results ?? []) as { id: number; title: string; snippet: string }[]).map((row) => ({
      id: row.id,
      href: `${HREF_PREFIX[type]}${row.id}`,
      title: splitHighlights(row.title),
      snippet: splitHighlights(row.snippet),
    })),
  })).filter((group) => group.total > 0);
  return { total: groups.reduce((sum, group) => sum + group.total, 0), groups };
}
