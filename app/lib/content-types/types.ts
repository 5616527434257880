import type { z } from "zod";
import type { ContentTypeNames } from ".";
import type { FieldSpec } from "./fields";

/** What every update schema has: the version the edit started from (the form sends it itself, with no field of its own). */
export type EditedVersion = { version?: string };

/** The names a form's fields may take: the schema's keys, but `version`. */
export type FieldName<Input> = Exclude<keyof Input & string, "version">;

/**
 * The shared half of a content type (the server half is in app/server/content/content-types/, the admin's React parts in
 * app/components/admin/content-types.ts): what the admin pages, the forms and the server's writes need. `Create` and
 * `Update` are what its schemas give (`defineContentSpec` reads them off the schemas), so a field's `name` must be a key
 * of its schema. Adding a field: a FieldSpec here, the schema in app/lib/admin-schemas.ts, the column in db/schema.ts
 * and its migration.
 */
export type ContentTypeSpec<Create extends object, Update extends EditedVersion> = ContentTypeNames & {
  createSchema: z.ZodType<Create>;
  updateSchema: z.ZodType<Update>;
  /** The create form's fields, in order; a select whose options are loaded leaves `options` out. */
  fields: FieldSpec<FieldName<Create>>[];
  /** The edit form's fields (by default the create form's). */
  editFields?: FieldSpec<FieldName<Update>>[];
  /** A new item's values where they are not empty. */
  defaults: Partial<Record<FieldName<Create>, string | number | boolean>>;
  /** The texts of the list and new pages. */
  listDescription: string;
  newDescription: string;
};

/** A type's shared half, its `Create` and `Update` inferred from its schemas (and its fields' names checked against them). */
export function defineContentSpec<Create extends object, Update extends EditedVersion>(
  spec: ContentTypeSpec<Create, Update>,
): ContentTypeSpec<Create, Update> {
  return spec;
}

/** A row of an admin list. `status`: a type with drafts and scheduling shows it (app/lib/publication.ts's `statusText`). */
export type ListItem = {
  id: number;
  title: string;
  details: string[];
  badge?: string;
  /** The status ("draft", "review", "scheduled", "published") and how the list says it. */
  /** `at`: a scheduled item's publish time, which the list shows in the owner's zone. */
  status?: { value: string; text: string; at?: string | null };
  /** Whether the signed-in account may delete it (its route's policy: app/site-routes.ts); the list hides Delete otherwise. */
  mayDelete?: boolean;
};
