import type { SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { ContentTypeNames } from "~/lib/content-types";
import type { LoadedOptions } from "~/lib/content-types/fields";
import type { ListItem } from "~/lib/content-types/types";
import type { Database } from "../../core/db.server";

/** A content table: an integer id and the bookkeeping `updatedAt` every write sets. */
export type ContentTable = SQLiteTable & { id: SQLiteColumn; updatedAt: SQLiteColumn };

/**
 * The server half of a content type (the shared half is app/lib/content-types/): its
 * table and columns, the admin list and its rows, the public API's reads, and the checks and values a
 * write adds to the validated input. app/server/admin/content.server.ts runs the writes from it.
 */
export type ContentTypeServer = ContentTypeNames & {
  table: ContentTable;
  /** Every column the admin reads back: the API's write answers and the edit page (an expression for a derived one, a course's price in dollars). */
  columns: Record<string, SQLiteColumn | SQL.Aliased>;
  /** The admin list, newest first, as rows of the list (title, details, badge). */
  listForAdmin: (db: Database) => Promise<ListItem[]>;
  /** GET /api/{path} and GET /api/{path}/{id}: the public reads, unchanged from the public pages. */
  listPublic: (db: Database) => Promise<unknown[]>;
  getPublic: (db: Database, id: number) => Promise<unknown>;
  /** Options of selects that come from the database, by field name. */
  loadOptions?: (db: Database) => Promise<LoadedOptions>;
  /** Refuses input the schema cannot judge alone (an unknown category id) with an HttpError naming the field. */
  checkInput?: (db: Database, input: Record<string, unknown>) => Promise<void>;
  /** The row to insert from the validated create input (by default the input itself). */
  toInsert?: (input: Record<string, unknown>, now: Date) => Record<string, unknown>;
  /** The columns to set from the validated update input (by default the input itself). */
  toUpdate?: (input: Record<string, unknown>) => Record<string, unknown>;
  /** When a row may not be deleted (a course with enrolments): the condition, checked in the DELETE itself, and the 409's message. */
  deleteRefusal?: { blockedBy: (id: number) => SQL; message: string };
  /** What the edit page shows below the form besides the row (a course's outline), passed to the admin entry's `EditorExtra` (app/components/admin/content-types.ts). */
  loadEditorData?: (db: Database, id: number) => Promise<unknown>;
  /**
   * What a revision keeps besides the form's fields (a course's outline): `read` gives the stored state, `restore`
   * validates and saves a revision's (throwing an HttpError for one that no longer passes) without recording a revision.
   */
  revisions?: {
    read: (db: Database, id: number) => Promise<unknown>;
    check: (db: Database, id: number, extra: unknown) => Promise<unknown>;
    restore: (db: Database, id: number, checked: unknown) => Promise<void>;
  };
};
