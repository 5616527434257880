/**
 * Migration drift: the SQL migrations (applied to this test's D1 exactly as production applies them)
 * produce exactly the schema described by db/schema.ts, and migrations are append-only.
 *
 * After `npm run db:generate` writes a new migration, add its checksum to db/migrations/checksums.json
 * (this test prints the line to add). An applied migration is never edited: change the schema with a new one.
 */
import { env } from "cloudflare:test";
import { is } from "drizzle-orm";
import { SQLiteTable, getTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import checksums from "./migrations/checksums.json";
import journal from "./migrations/meta/_journal.json";
import * as schema from "./schema";

const SQL_FILES = import.meta.glob<string>("/db/migrations/*.sql", { query: "?raw", import: "default", eager: true });
const SNAPSHOTS = import.meta.glob("/db/migrations/meta/*_snapshot.json");

const migrationFiles = Object.keys(SQL_FILES)
  .map((path) => path.slice("/db/migrations/".length))
  .sort();

// ---- the schema as db/schema.ts describes it, and as D1 has it ---------------------------------------

type ColumnShape = { name: string; type: string; notNull: boolean; hasDefault: boolean };
type IndexShape = { name: string; columns: (string | null)[]; unique: boolean };
type ForeignKeyShape = { columns: string[]; table: string; foreignColumns: string[]; onDelete: string };
type TableShape = { columns: ColumnShape[]; primaryKey: string[]; indexes: IndexShape[]; foreignKeys: ForeignKeyShape[] };

function declaredSchema(): Record<string, TableShape> {
  const tables: Record<string, TableShape> = {};
  for (const value of Object.values(schema)) {
    if (!is(value, SQLiteTable)) continue;
    const config = getTableConfig(value);
    const compositeKey = config.primaryKeys[0]?.columns.map((column) => column.name);
    tables[config.name] = {
      columns: config.columns
        .map((column) => ({
          name: column.name,
          type: column.getSQLType().toUpperCase(),
          // SQLite reports a single-column INTEGER PRIMARY KEY as nullable-free only when declared so; drizzle-kit declares it.
          notNull: column.notNull || column.primary,
          hasDefault: column.hasDefault && column.default !== undefined,
        }))
        .sort(byName),
      primaryKey: compositeKey ?? config.columns.filter((column) => column.primary).map((column) => column.name),
      indexes: [
        ...config.indexes.map((index) => ({
          name: index.config.name,
          // An expression (lower(name)) has no column name: null, as SQLite's pragma_index_info says.
          columns: index.config.columns.map((column) => (column as { name?: string }).name ?? null),
          unique: index.config.unique,
        })),
        // A column's `.unique()` becomes a unique index named <table>_<column>_unique.
        ...config.columns
          .filter((column) => column.isUnique)
          .map((column) => ({ name: column.uniqueName ?? `${config.name}_${column.name}_unique`, columns: [column.name], unique: true })),
      ].sort(byName),
      foreignKeys: config.foreignKeys
        .map((foreignKey) => {
          const reference = foreignKey.reference();
          return {
            columns: reference.columns.map((column) => column.name),
            table: getTableConfig(reference.foreignTable).name,
            foreignColumns: reference.foreignColumns.map((column) => column.name),
            onDelete: (foreignKey.onDelete ?? "no action").toUpperCase(),
          };
        })
        .sort(byColumns),
    };
  }
  return tables;
}

async function liveSchema(): Promise<Record<string, TableShape>> {
  const all = async <T>(sql: string, ...bindings: unknown[]) =>
    (
      await env.DB.prepare(sql)
        .bind(...bindings)
        .all<T>()
    ).results;
  // Ordinary tables: the FTS5 search index (virtual, with shadow tables) is no drizzle table (db/schema.test.ts checks it).
  const names = await all<{ name: string }>(
    `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'
      AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'`,
  );
  const tables: Record<string, TableShape> = {};
  for (const { name } of names) {
    const columns = await all<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
      "SELECT * FROM pragma_table_info(?)",
      name,
    );
    const indexList = await all<{ name: string; unique: number; origin: string }>("SELECT * FROM pragma_index_list(?)", name);
    const indexes: IndexShape[] = [];
    for (const index of indexList.filter((entry) => entry.origin !== "pk")) {
      const indexColumns = await all<{ seqno: number; name: string }>("SELECT * FROM pragma_index_info(?) ORDER BY seqno", index.name);
      indexes.push({ name: index.name, columns: indexColumns.map((column) => column.name), unique: index.unique === 1 });
    }
    const foreignKeys = await all<{ id: number; seq: number; table: string; from: string; to: string; on_delete: string }>(
      "SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq",
      name,
    );
    tables[name] = {
      columns: columns
        .map((column) => ({
          name: column.name,
          type: column.type.toUpperCase(),
          notNull: column.notnull === 1 || column.pk > 0,
          hasDefault: column.dflt_value !== null,
        }))
        .sort(byName),
      primaryKey: columns
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      indexes: indexes.sort(byName),
      foreignKeys: Object.values(
        foreignKeys.reduce<Record<number, ForeignKeyShape>>((byId, row) => {
          const foreignKey = byId[row.id] ?? { columns: [], table: row.table, foreignColumns: [], onDelete: row.on_delete.toUpperCase() };
          byId[row.id] = foreignKey;
          foreignKey.columns.push(row.from);
          foreignKey.foreignColumns.push(row.to);
          return byId;
        }, {}),
      ).sort(byColumns),
    };
  }
  return tables;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
const byColumns = (a: { columns: string[] }, b: { columns: string[] }) => a.columns.join().localeCompare(b.columns.join());

describe("the migrations produce exactly db/schema.ts", () => {
  it("same tables, columns (type, NOT NULL, default), primary keys, indexes (uniqueness) and foreign keys", async () => {
    const declared = declaredSchema();
    const live = await liveSchema();
    expect(Object.keys(live).sort()).toEqual(Object.keys(declared).sort());
    for (const table of Object.keys(declared)) expect(live[table], table).toEqual(declared[table]);
  });

  it("the comparison sees what matters (a sample of known facts)", () => {
    const declared = declaredSchema();
    expect(declared.enrollments?.indexes).toContainEqual({
      name: "enrollments_payment_intent_uq",
      columns: ["payment_intent_id"],
      unique: true,
    });
    expect(declared.newsletter_subscribers?.indexes).toContainEqual({
      name: "newsletter_subscribers_email_unique",
      columns: ["email"],
      unique: true,
    });
    expect(declared.rate_limits?.primaryKey).toEqual(["bucket", "client", "window_start"]);
    expect(declared.lessons?.foreignKeys).toEqual([
      { columns: ["module_id"], table: "course_modules", foreignColumns: ["id"], onDelete: "CASCADE" },
    ]);
  });
});

describe("migrations are append-only", () => {
  it("the journal lists exactly the .sql files, in order, numbered from 0000 without gaps", () => {
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(migrationFiles);
    journal.entries.forEach((entry, position) => {
      expect(entry.idx).toBe(position);
      expect(entry.tag.slice(0, 4)).toBe(String(position).padStart(4, "0"));
      const previous = journal.entries[position - 1];
      if (previous) expect(entry.when).toBeGreaterThan(previous.when);
    });
    // drizzle-kit diffs the next migration against the last snapshot: each migration keeps its own.
    for (const entry of journal.entries)
      expect(Object.keys(SNAPSHOTS)).toContain(`/db/migrations/meta/${entry.tag.slice(0, 4)}_snapshot.json`);
  });

  it("no migration has changed since its checksum was recorded, and every migration has one", async () => {
    const recorded = checksums as Record<string, string>;
    for (const file of migrationFiles) {
      const digest = await sha256(SQL_FILES[`/db/migrations/${file}`] ?? "");
      expect(recorded[file], `add to db/migrations/checksums.json: "${file}": "${digest}"`).toBeDefined();
      expect(digest, `${file} was edited after it was recorded: migrations are append-only, write a new one instead`).toBe(recorded[file]);
    }
    expect(Object.keys(recorded).sort(), "checksums.json names a migration file that is gone").toEqual(migrationFiles);
  });
});

async function sha256(text: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
