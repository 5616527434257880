/**
 * The server half of the content-type registry, by key: one module per type in app/server/content-types/
 * (the shared half, with the schemas and form fields, is app/lib/content-types/).
 */
import { HttpError } from "../core/http.server";
import { CONTENT_TYPE_NAMES, type ContentTypeKey } from "~/lib/content-types";
import { policyFor } from "~/site-routes";
import { articleServer } from "./content-types/article.server";
import { courseServer } from "./content-types/course.server";
import { practiceServer } from "./content-types/practice.server";
import { resourceServer } from "./content-types/resource.server";
import type { ContentTypeServer } from "./content-types/types";

export const CONTENT_TYPE_SERVERS: Record<ContentTypeKey, ContentTypeServer> = {
  article: articleServer,
  practice: practiceServer,
  resource: resourceServer,
  course: courseServer,
};

/**
 * The type a generic admin page or API route serves: its route's policy names it (app/site-routes.ts registers the
 * generic modules once per type). 404 for a route that names none.
 */
export function contentTypeOfRequest(request: Request): ContentTypeKey {
  const key = policyFor(new URL(request.url).pathname).contentType;
  if (!key) throw new HttpError(404, "Not found.");
  return key;
}

/** "Article not found." */
export const notFoundMessage = (key: ContentTypeKey) => `${CONTENT_TYPE_NAMES[key].noun} not found.`;

export type { ContentTypeServer };
