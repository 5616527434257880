/**
 * The content types the admin edits, by key, with their names and URL paths. The one list app/site-routes.ts
 * registers pages and APIs from, so it imports nothing else (./registry.ts, with the fields and schemas, app/components/admin/content-types.ts
 * and app/server/content/content-types/ add the rest).
 * A course's modules, lessons and assessments are part of the course type (its outline), not types of their own.
 */
export type ContentTypeNames = {
  /** "Article": headings, buttons and toasts. */
  noun: string;
  /** "an article": in sentences ("Create an article with a POST request."). */
  withArticle: string;
  /** The path segment under /, /admin and /api: "articles". */
  path: string;
  /** "Categories": the list's heading (by default the noun and an "s"). */
  plural?: string;
  /** Where an item is on the site, for a type with no page of its own at /{path}/{id} (a category: its filtered list). */
  publicHref?: (item: { id: number; title: string }) => string;
};

export const CONTENT_TYPE_NAMES = {
  article: { noun: "Article", withArticle: "an article", path: "articles" },
  practice: { noun: "Practice", withArticle: "a practice", path: "practices" },
  resource: { noun: "Resource", withArticle: "a resource", path: "resources" },
  course: { noun: "Course", withArticle: "a course", path: "courses" },
  author: { noun: "Author", withArticle: "an author", path: "authors" },
  category: {
    noun: "Category",
    plural: "Categories",
    withArticle: "a category",
    path: "categories",
    publicHref: (item) => `/articles?category=${encodeURIComponent(item.title)}`,
  },
  book: { noun: "Book", withArticle: "a book", path: "books", publicHref: () => "/recommended-reading" },
} as const satisfies Record<string, ContentTypeNames>;

export type ContentTypeKey = keyof typeof CONTENT_TYPE_NAMES;

/**
 * The types with a preview page (/admin/<path>/:id/preview: a draft or scheduled item as it will look). Their edit page
 * offers "Preview" while the item is not published, "View on site" once it is.
 */
export const PREVIEW_TYPES = ["article", "practice", "course"] as const satisfies readonly ContentTypeKey[];
export type PreviewType = (typeof PREVIEW_TYPES)[number];

/** Whether the type `key` has a preview page. */
export const hasPreview = (key: ContentTypeKey): key is PreviewType => (PREVIEW_TYPES as readonly string[]).includes(key);

/** The list's heading: "Articles", "Categories". */
export const pluralOf = (names: ContentTypeNames) => names.plural ?? `${names.noun}s`;

/** Where an item shows on the site: /{path}/{id}, or the type's own place for it. */
export const publicHrefOf = (names: ContentTypeNames, item: { id: number; title: string }) =>
  names.publicHref ? names.publicHref(item) : `/${names.path}/${item.id}`;

/** An object's own keys, typed as its keys (a for-in over a generic object gives them so). */
function keysOf<T extends object>(record: T): Extract<keyof T, string>[] {
  const keys: Extract<keyof T, string>[] = [];
  for (const key in record) if (Object.hasOwn(record, key)) keys.push(key);
  return keys;
}

export const CONTENT_TYPE_KEYS: ContentTypeKey[] = keysOf(CONTENT_TYPE_NAMES);
