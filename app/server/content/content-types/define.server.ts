import { type SQL, eq } from "drizzle-orm";
import type { SQLiteInsertValue, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { EditedVersion } from "~/lib/content-types/types";
import type { Database } from "../../core/db.server";
import type { AdminColumns, ContentRow, ContentTable, ContentTypeServer, UpdateFields } from "./types";

/** What a server entry declares: its shared half, its table and columns, how the validated input becomes columns, and the rest of `ContentTypeServer`. */
export type ContentTypeDefinition<
  Table extends ContentTable,
  Columns extends AdminColumns,
  Create extends object,
  Update extends EditedVersion,
  Extra,
> = Omit<
  ContentTypeServer<ContentRow, Create, Update, Extra>,
  "noun" | "withArticle" | "path" | "table" | "columns" | "read" | "insert" | "update"
> & {
  table: Table;
  columns: Columns;
  /** The row to insert from the validated create input (checked against the table's columns). */
  toInsert: (input: Create, now: Date) => SQLiteInsertValue<Table>;
  /** The columns to set from the validated update input (checked against the table's columns). */
  toUpdate: (fields: UpdateFields<Update>) => SQLiteUpdateSetSource<Table>;
};

/**
 * A type's server half. `Create` and `Update` come from its shared half's schemas, the row from its columns: the
 * statements it makes (`read`, `insert`, `update`) are typed by them, and so is everything the generic code
 * (app/server/admin/content.server.ts, the admin pages, the API) reads through `contentTypeServer(key)`.
 */
export function defineContentType<
  Table extends ContentTable,
  Columns extends AdminColumns,
  Create extends object,
  Update extends EditedVersion,
  Extra = null,
>(definition: ContentTypeDefinition<Table, Columns, Create, Update, Extra>) {
  const { spec, table, columns, toInsert, toUpdate } = definition;
  return {
    ...definition,
    noun: spec.noun,
    withArticle: spec.withArticle,
    path: spec.path,
    read: (db: Database, id: number) => db.select(columns).from(table).where(eq(table.id, id)).get(),
    insert: (db: Database, input: Create, now: Date) => db.insert(table).values(toInsert(input, now)).returning(columns),
    update: (db: Database, where: SQL | undefined, fields: UpdateFields<Update>, updatedAt: string) =>
      db
        .update(table)
        .set({ ...toUpdate(fields), updatedAt })
        .where(where)
        .returning(columns),
  };
}
