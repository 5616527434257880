import type { SQL } from "drizzle-orm";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { ContentTypeNames } from "~/lib/content-types";
import type { LoadedOptions } from "~/lib/content-types/fields";
import type { ContentTypeSpec, EditedVersion, ListItem } from "~/lib/content-types/types";
import type { Database } from "../../core/db.server";

/** A content table: an integer id and the bookkeeping `updatedAt` every write sets. */
export type ContentTable = SQLiteTable & { id: SQLiteColumn; updatedAt: SQLiteColumn };

/** The columns the admin reads back, by name (an expression for a derived one, a course's price in dollars). */
export type AdminColumns = Record<string, SQLiteColumn | SQL.Aliased>;

/** Where a type's revisions read an item's fields from: its table and the columns the admin reads back. */
export type SnapshotSource = { table: ContentTable; columns: AdminColumns };

/** What every type's admin row has: the generic code names, audits and versions an item by these. */
export type ContentRow = { id: number; title: string; updatedAt: string | null };

/** An update's columns: its validated input without the `version` it was edited from (which is not a column). */
export type UpdateFields<Update extends EditedVersion> = Omit<Update, "version">;

/** A statement of a save's batch that answers with the rows it wrote. */
export type RowsStatement<Row> = RunnableQuery<Row[], "sqlite">;

/**
 * What a revision keeps besides the form's fields (a course's outline): `read` gives the stored state, `check` validates
 * a revision's (throwing an HttpError for one that no longer passes) and `restore` saves it without recording a revision.
 */
export type RevisionExtras<Extra> = {
  read: (db: Database, id: number) => Promise<Extra>;
  check: (db: Database, id: number, extra: unknown) => Promise<Extra>;
  restore: (db: Database, id: number, checked: Extra) => Promise<void>;
};

/**
 * The server half of a content type (the shared half is app/lib/content-types/), as `defineContentType`
 * (./define.server.ts) makes it: its table and columns with the row they read (`Row`), the statements that write the
 * validated input of its schemas (`Create`, `Update`), the admin list and its rows, the public API's reads, and what it
 * edits besides its fields (`Extra`, a course's outline). app/server/admin/content.server.ts runs the writes from it.
 */
export type ContentTypeServer<Row extends ContentRow, Create extends object, Update extends EditedVersion, Extra> = ContentTypeNames & {
  spec: ContentTypeSpec<Create, Update>;
  table: ContentTable;
  /** Every column the admin reads back: the API's write answers, the edit page and the revisions' snapshots. */
  columns: AdminColumns;
  /** One row with every admin column, or undefined. */
  read: (db: Database, id: number) => Promise<Row | undefined>;
  /** The INSERT of a create (the row `toInsert` makes of the input), answering with the row as stored. */
  insert: (db: Database, input: Create, now: Date) => RowsStatement<Row>;
  /** The UPDATE of a save (the columns `toUpdate` makes of the input, and `updatedAt`) of the rows `where` picks, answering with them. */
  update: (db: Database, where: SQL | undefined, fields: UpdateFields<Update>, updatedAt: string) => RowsStatement<Row>;
  /** The admin list, newest first, as rows of the list (title, details, badge). */
  listForAdmin: (db: Database) => Promise<ListItem[]>;
  /** GET /api/{path} and GET /api/{path}/{id}: the public reads, unchanged from the public pages. */
  listPublic: (db: Database) => Promise<readonly object[]>;
  getPublic: (db: Database, id: number) => Promise<object | null | undefined>;
  /**
   * The JSON API's body before its schema reads it, for what a script may send otherwise than the form (an article's
   * author by name: `author` becomes `authorId`); an HttpError for what cannot be read so.
   */
  apiBody?: (db: Database, body: unknown) => Promise<unknown>;
  /** Options of selects that come from the database, by field name. */
  loadOptions?: (db: Database) => Promise<LoadedOptions>;
  /**
   * Refuses input the schema cannot judge alone (an unknown category id, a name another row has) with an HttpError
   * naming the field; `id` is the row an update saves (none for a create).
   */
  checkInput?: (db: Database, input: Create | UpdateFields<Update>, id?: number) => Promise<void>;
  /**
   * When a row may not be deleted (a course with enrolments, an author with articles): the condition, checked in the
   * DELETE itself, and the 409's message (or how to write it, naming what blocks it).
   */
  deleteRefusal?: { blockedBy: (id: number) => SQL; message: string | ((db: Database, id: number) => Promise<string>) };
  /** What the edit page shows below the form besides the row (a course's outline), passed to the admin entry's `EditorExtra` (app/components/admin/content-types.ts). */
  loadEditorData?: (db: Database, id: number) => Promise<Extra>;
  revisions?: RevisionExtras<Extra>;
};
