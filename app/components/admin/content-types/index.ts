/** The browser half of the content-type registry, by key (names and paths come from app/lib/content-types.ts). */
import type { ContentTypeKey } from "~/lib/content-types";
import { articleForm } from "./article";
import { courseForm } from "./course";
import { practiceForm } from "./practice";
import { resourceForm } from "./resource";
import type { ContentTypeForm } from "./types";

export const CONTENT_TYPE_FORMS: Record<ContentTypeKey, ContentTypeForm> = {
  article: articleForm,
  practice: practiceForm,
  resource: resourceForm,
  course: courseForm,
};

export type { ContentTypeForm, LoadedOptions } from "./types";
export { initialValues, storedValues, withOptions } from "./fields";
