import type { z } from "zod";
import type { ContentTypeNames } from ".";
import type { FieldSpec } from "./fields";

/**
 * The shared half of a content type (the server half is in app/server/content-types/, the admin's React parts in
 * app/components/admin/content-types.ts): what the admin pages, the forms and the server's writes need. Adding a field:
 * a FieldSpec here, the schema in app/lib/admin-schemas.ts, the column in db/schema.ts and its migration.
 */
export type ContentTypeSpec = ContentTypeNames & {
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
};

/** A row of an admin list. `status`: a type with drafts and scheduling shows it (app/lib/publication.ts's `statusText`). */
export type ListItem = { id: number; title: string; details: string[]; badge?: string; status?: { value: string; text: string } };
