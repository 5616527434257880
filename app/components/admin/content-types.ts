/**
 * The admin's half of the content-type registry, by key: the shared half (app/lib/content-types/registry.ts: names,
 * schemas, fields, defaults) and the React parts an edit page adds (a course's outline editor).
 */
import type { ComponentType } from "react";
import type { ContentTypeKey } from "~/lib/content-types";
import { CONTENT_TYPE_SPECS, type ContentTypeSpec } from "~/lib/content-types/registry";
import { CourseOutlineEditor } from "./course-outline-editor";

export type ContentTypeForm = ContentTypeSpec & {
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

export const CONTENT_TYPE_FORMS: Record<ContentTypeKey, ContentTypeForm> = {
  ...CONTENT_TYPE_SPECS,
  course: { ...CONTENT_TYPE_SPECS.course, EditorExtra: CourseOutlineEditor },
};
