/**
 * The admin's half of the content-type registry, by key: the shared half (app/lib/content-types/registry.ts: names,
 * schemas, fields, defaults) and the React parts an edit page adds (a course's outline editor), typed by the key:
 * an `EditorExtra` takes the data its server entry's `loadEditorData` reads (`EditorDataOf<K>`).
 */
import type { ComponentType } from "react";
import type { ContentTypeKey } from "~/lib/content-types";
import { CONTENT_TYPE_SPECS, type EditorDataOf, type SpecOf } from "~/lib/content-types/registry";
import { CourseOutlineEditor } from "./course-outline-editor";

/**
 * What an `EditorExtra` is given: the item, what the server entry's `loadEditorData` read (a course's outline), and
 * `version`: the item's version, shared with the form above (a course's outline save moves the course's version on,
 * and so does the form's save); `onVersion` passes on the version a save returned.
 */
export type EditorExtraProps<Data> = {
  itemId: number;
  data: Data;
  version: string;
  onVersion: (version: string) => void;
  historyPath: string;
};

export type ContentTypeForm<K extends ContentTypeKey> = SpecOf<K> & {
  /** Shown on the edit page below the form, with what the server entry's `loadEditorData` read (a course's outline). */
  EditorExtra?: ComponentType<EditorExtraProps<EditorDataOf<K>>>;
};

export const CONTENT_TYPE_FORMS: { [K in ContentTypeKey]: ContentTypeForm<K> } = {
  ...CONTENT_TYPE_SPECS,
  course: { ...CONTENT_TYPE_SPECS.course, EditorExtra: CourseOutlineEditor },
};

/** The admin half of the type `key`, typed by it. */
export function contentTypeForm<K extends ContentTypeKey>(key: K): ContentTypeForm<K> {
  return CONTENT_TYPE_FORMS[key];
}
