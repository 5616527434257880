/**
 * The shared half of the content-type registry, by key (names and paths come from ./index.ts, the one list app/routes.ts
 * reads). Each entry keeps its own types: `CreateOf<"article">` is what the article's create schema gives, and
 * `contentTypeSpec(key)` answers with the entry of that key, typed by it, so generic code needs no casts.
 */
import type { ContentTypeKey } from ".";
import type { CourseOutline } from "~/lib/admin-schemas";
import { articleSpec } from "./article";
import { authorSpec } from "./author";
import { bookSpec } from "./book";
import { categorySpec } from "./category";
import { courseSpec } from "./course";
import { practiceSpec } from "./practice";
import { resourceSpec } from "./resource";
import type { ContentTypeSpec, EditedVersion } from "./types";

const SPECS = {
  article: articleSpec,
  practice: practiceSpec,
  resource: resourceSpec,
  course: courseSpec,
  author: authorSpec,
  category: categorySpec,
  book: bookSpec,
};

/** A create's validated input (what the type's create schema gives); for a union of keys, the union of theirs. */
export type CreateOf<K extends ContentTypeKey> = K extends ContentTypeKey
  ? (typeof SPECS)[K] extends ContentTypeSpec<infer Create extends object, infer _Update extends EditedVersion>
    ? Create
    : never
  : never;
/** An update's validated input, with the `version` it was edited from; for a union of keys, the union of theirs. */
export type UpdateOf<K extends ContentTypeKey> = K extends ContentTypeKey
  ? (typeof SPECS)[K] extends ContentTypeSpec<infer _Create extends object, infer Update extends EditedVersion>
    ? Update
    : never
  : never;
/**
 * What a type edits besides its form's fields, or null: a course's outline, which the server entry reads, checks and saves
 * (`loadEditorData`, `revisions`) and the admin entry's `EditorExtra` edits (app/components/admin/content-types.ts).
 */
export type EditorDataOf<K extends ContentTypeKey> = {
  article: null;
  practice: null;
  resource: null;
  course: CourseOutline;
  author: null;
  category: null;
  book: null;
}[K];

export type SpecOf<K extends ContentTypeKey> = ContentTypeSpec<CreateOf<K>, UpdateOf<K>>;

/** Every type's shared half, by key. TypeScript refuses the map until it has an entry for every key. */
export const CONTENT_TYPE_SPECS: { [K in ContentTypeKey]: SpecOf<K> } = SPECS;

/** The shared half of the type `key`, typed by it (`contentTypeSpec("article").createSchema` parses to `CreateOf<"article">`). */
export function contentTypeSpec<K extends ContentTypeKey>(key: K): SpecOf<K> {
  return CONTENT_TYPE_SPECS[key];
}

export type { ContentTypeSpec, EditedVersion } from "./types";
export { type FieldSpec, type FormValues, type LoadedOptions, initialValues, storedValues, toPayload, withOptions } from "./fields";
