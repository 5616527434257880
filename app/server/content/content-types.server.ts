/**
 * The server half of the content-type registry, by key: one module per type in app/server/content/content-types/,
 * each made by `defineContentType` (the shared half, with the schemas and form fields, is app/lib/content-types/).
 * Each entry keeps its own types: `contentTypeServer(key)` answers with the entry of that key, typed by it
 * (`RowOf<K>` the row it reads, `CreateOf<K>` and `UpdateOf<K>` what its schemas give), so generic code needs no casts.
 */
import { HttpError } from "../core/http.server";
import { CONTENT_TYPE_NAMES, type ContentTypeKey } from "~/lib/content-types";
import type { CreateOf, EditorDataOf, UpdateOf } from "~/lib/content-types/registry";
import { policyFor } from "~/site-routes";
import { articleServer } from "./content-types/article.server";
import { authorServer } from "./content-types/author.server";
import { bookServer } from "./content-types/book.server";
import { categoryServer } from "./content-types/category.server";
import { courseServer } from "./content-types/course.server";
import { practiceServer } from "./content-types/practice.server";
import { resourceServer } from "./content-types/resource.server";
import type { ContentTypeServer } from "./content-types/types";

const SERVERS = {
  article: articleServer,
  practice: practiceServer,
  resource: resourceServer,
  course: courseServer,
  author: authorServer,
  category: categoryServer,
  book: bookServer,
};

/** A type's admin row: every column its entry reads back (the edit page's values, the API's write answers). */
export type RowOf<K extends ContentTypeKey> = NonNullable<Awaited<ReturnType<(typeof SERVERS)[K]["read"]>>>;

/** The server half of the type `K`, typed by it. */
export type ServerOf<K extends ContentTypeKey> = ContentTypeServer<RowOf<K>, CreateOf<K>, UpdateOf<K>, EditorDataOf<K>>;

/** Every type's server half, by key. TypeScript refuses the map until it has an entry for every key. */
export const CONTENT_TYPE_SERVERS: { [K in ContentTypeKey]: ServerOf<K> } = SERVERS;

/** The server half of the type `key`, typed by it. */
export function contentTypeServer<K extends ContentTypeKey>(key: K): ServerOf<K> {
  return CONTENT_TYPE_SERVERS[key];
}

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
