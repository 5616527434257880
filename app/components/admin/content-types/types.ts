import type { ComponentType } from "react";
import type { z } from "zod";
import type { ContentTypeNames } from "~/lib/content-types";
import type { FieldSpec } from "../content-form";

/** Options a server entry loads for a select, by field name (e.g. the resource categories for "categoryId"). */
export type LoadedOptions = Record<string, ReadonlyArray<{ value: string; label: string }>>;

/**
 * The browser-safe half of a content type (the server half is in app/server/content-types/): what the
 * admin pages and forms need. Adding a field: a FieldSpec here, the schema in app/lib/admin-schemas.ts,
 * the column in db/schema.ts and its migration.
 */
export type ContentTypeForm = ContentTypeNames & {
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  /** The create form's fields, in order; a select whose options are loaded leaves `options` out. */
  fields: FieldSpec[];
  /** The edit form's fields (by default the create form's). */
  editFields?: FieldSpec[];
  /** A new item's values where they are not empty. */
  defaults: Record<string, string | number | boolean>;
  /** The texts of the list and new pages. */
  listDescription: string;
  newDescription: string;
  /** Shown on the edit page below the form, with what the server entry's `loadEditorData` read (a course's outline). */
  /**
   * `version`: the item's version, shared with the form above (a course's outline save moves the course's version on,
   * and so does the form's save); `onVersion` passes on the version a save returned.
   */
  EditorExtra?: ComponentType<{
    itemId: number;
    data: unknown;
    version: string;
    onVersion: (version: string) => void;
    historyPath: string;
  }>;
};
