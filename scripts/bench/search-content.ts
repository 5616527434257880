/**
 * Ten times the seed's searchable content, for the search-latency step of `npm run bench` (scripts/bench/search-time.ts):
 * nine copies of every article, practice, resource and course (with its modules and lessons), each copy with its own
 * id and a title of its own. Plain `INSERT … SELECT` statements with no bound parameters (far inside D1's 100), built
 * from the columns of db/schema.ts so that a column added later is copied too. Pure: no I/O, tested in workerd by
 * tests/bench-search-content.test.ts.
 */
import { getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { articles, courseModules, courses, lessons, practices, resources } from "../../db/schema";

/** Copies beside the seed's own rows: ten times the seed in all. */
export const SEARCH_BENCH_COPIES = 9;
/** Copy k's ids are the seed's plus k times this, far above any id the seed or the admin gives. */
export const COPY_ID_STEP = 1_000_000;

/** The tables copied, parents first (a module's course and a lesson's module exist before it is inserted). */
const COPIED: { table: SQLiteTable; offsetColumns: string[] }[] = [
  { table: articles, offsetColumns: ["id"] },
  { table: practices, offsetColumns: ["id"] },
  { table: resources, offsetColumns: ["id"] },
  { table: courses, offsetColumns: ["id"] },
  { table: courseModules, offsetColumns: ["id", "course_id"] },
  { table: lessons, offsetColumns: ["id", "module_id"] },
];

export const SEARCH_BENCH_TABLES = COPIED.map(({ table }) => getTableName(table));

/** The statements that add `copies` copies of the seed's rows (run them on a freshly seeded database, once). */
export function tenfoldContentSql(copies = SEARCH_BENCH_COPIES): string[] {
  const statements: string[] = [];
  for (let copy = 1; copy <= copies; copy++) {
    for (const { table, offsetColumns } of COPIED) {
      const names = Object.values(getTableColumns(table)).map((column) => column.name);
      const values = names.map((name) => {
        if (offsetColumns.includes(name)) return `${name} + ${copy * COPY_ID_STEP}`;
        // "The Stoic Mind (2)": every copy's title differs from the seed's and from the other copies'.
        if (name === "title") return `title || ' (${copy + 1})'`;
        return name;
      });
      statements.push(
        `INSERT INTO ${getTableName(table)} (${names.join(", ")}) SELECT ${values.join(", ")} FROM ${getTableName(table)} WHERE id < ${COPY_ID_STEP};`,
      );
    }
  }
  return statements;
}

/**
 * The searches measured, one of each kind a visitor types: a common word, a rare one, two words, a phrase with no
 * hits, and "the" (FTS5 has no stop words, so it matches nearly every entry: the worst case).
 */
export const SEARCH_BENCH_QUERIES = [
  { kind: "common word", query: "mind" },
  { kind: "rare word", query: "heraclitus" },
  { kind: "two words", query: "marcus aurelius" },
  { kind: "phrase with no hits", query: "quantum chromodynamics lattice" },
  { kind: "the", query: "the" },
] as const;
