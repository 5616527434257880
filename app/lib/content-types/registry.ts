/** The shared half of the content-type registry, by key (names and paths come from ./index.ts, the one list app/routes.ts reads). */
import type { ContentTypeKey } from ".";
import { articleSpec } from "./article";
import { courseSpec } from "./course";
import { practiceSpec } from "./practice";
import { resourceSpec } from "./resource";
import type { ContentTypeSpec } from "./types";

export const CONTENT_TYPE_SPECS: Record<ContentTypeKey, ContentTypeSpec> = {
  article: articleSpec,
  practice: practiceSpec,
  resource: resourceSpec,
  course: courseSpec,
};

export type { ContentTypeSpec } from "./types";
export { type FieldSpec, type FormValues, type LoadedOptions, initialValues, storedValues, toPayload, withOptions } from "./fields";
