import { ARTICLE_DEFAULTS, type ArticleInput, LIMITS, articleSchema, articleUpdateSchema } from "~/lib/admin-schemas";
import { CONTENT_TYPE_NAMES } from ".";
import type { FieldSpec } from "./fields";
import { PUBLICATION_FIELDS, coverImageField } from "./fields";
import { type FieldName, defineContentSpec } from "./types";
import { WORDS_PER_MINUTE, readingTimeOf } from "~/lib/reading-time";

const fields: FieldSpec<FieldName<ArticleInput>>[] = [
  { name: "title", label: "Title", kind: "text", required: true, maxLength: LIMITS.title, wide: true },
  { name: "excerpt", label: "Excerpt", kind: "textarea", required: true, maxLength: LIMITS.excerpt, rows: 3 },
  {
    name: "content",
    label: "Content",
    kind: "markdown",
    visual: true,
    required: true,
    maxLength: LIMITS.content,
    rows: 18,
    hint: "Quotes and lists may nest up to 20 levels.",
  },
  coverImageField("e.g. /images/articles/article-1.svg"),
  {
    name: "imageCaption",
    label: "Image caption",
    kind: "text",
    maxLength: LIMITS.imageCaption,
    hint: "Shown under the cover image: what it shows and who made it. Optional.",
  },
  // Its options are the categories (Admin → Categories), loaded by app/server/content/content-types/article.server.ts.
  { name: "category", label: "Category", kind: "select", required: true },
  {
    name: "readingTime",
    label: "Reading time (minutes)",
    kind: "number",
    computed: { from: "content", value: readingTimeOf },
    hint: `Leave empty to compute it from the words (${WORDS_PER_MINUTE} a minute, rounded up); type a number to override it.`,
  },
  // Its options are the authors (Admin → Authors), loaded by app/server/content/content-types/article.server.ts.
  { name: "authorId", label: "Author", kind: "select", required: true, numeric: true },
  { name: "featured", label: "Featured", kind: "checkbox", hint: "Featured articles appear on the home page (the newest three)." },
  ...PUBLICATION_FIELDS,
];

export const articleSpec = defineContentSpec({
  ...CONTENT_TYPE_NAMES.article,
  createSchema: articleSchema,
  updateSchema: articleUpdateSchema,
  fields,
  // An edit may change the publication date (a new article is published today).
  editFields: [...fields.slice(0, -3), { name: "publishedDate", label: "Publication date", kind: "date" }, ...fields.slice(-3)],
  defaults: ARTICLE_DEFAULTS,
  listDescription: "Every article, newest first, with its status: only published ones are on /articles.",
  newDescription:
    "A new article is a draft: save it, preview it, then publish or schedule it from its edit page. Use the Preview tab to see the content as readers will.",
});
