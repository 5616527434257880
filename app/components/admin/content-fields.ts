/** The three creation/edit forms' fields, their defaults and their paths. */
import {
  ARTICLE_CATEGORIES,
  ARTICLE_DEFAULTS,
  LIMITS,
  PRACTICE_CATEGORIES,
  PRACTICE_DEFAULTS,
  RESOURCE_DEFAULTS,
} from "~/lib/admin-schemas";
import type { FieldSpec, FormValues } from "./content-form";

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const URL_HINT = "A path on this site such as /images/… (images are served from this site only).";

export const ARTICLE_FIELDS: FieldSpec[] = [
  { name: "title", label: "Title", kind: "text", required: true, maxLength: LIMITS.title, wide: true },
  { name: "excerpt", label: "Excerpt", kind: "textarea", required: true, maxLength: LIMITS.excerpt, rows: 3 },
  { name: "content", label: "Content", kind: "markdown", required: true, maxLength: LIMITS.content, rows: 18, hint: "Markdown. Quotes and lists may nest up to 20 levels." },
  { name: "imageUrl", label: "Image URL", kind: "url", required: true, maxLength: LIMITS.url, hint: URL_HINT, placeholder: "e.g. /images/articles/article-1.svg" },
  { name: "category", label: "Category", kind: "select", required: true, options: choices(ARTICLE_CATEGORIES) },
  { name: "readingTime", label: "Reading time (minutes)", kind: "number", required: true },
  { name: "author", label: "Author", kind: "text", required: true, maxLength: LIMITS.author },
  { name: "featured", label: "Featured", kind: "checkbox", hint: "Featured articles appear on the home page (the newest three)." },
];

export const ARTICLE_EDIT_FIELDS: FieldSpec[] = [
  ...ARTICLE_FIELDS.slice(0, -1),
  { name: "publishedDate", label: "Publication date", kind: "date" },
  ARTICLE_FIELDS[ARTICLE_FIELDS.length - 1],
];

export const ARTICLE_INITIAL: FormValues = {
  title: "",
  excerpt: "",
  content: "",
  imageUrl: "",
  category: ARTICLE_DEFAULTS.category,
  readingTime: String(ARTICLE_DEFAULTS.readingTime),
  author: "",
  featured: ARTICLE_DEFAULTS.featured,
};

/** The practice categories offered, plus "Stoic", the value the seed practices use. */
export const PRACTICE_FIELDS: FieldSpec[] = [
  { name: "title", label: "Title", kind: "text", required: true, maxLength: LIMITS.title, wide: true },
  { name: "description", label: "Description", kind: "textarea", required: true, maxLength: LIMITS.description, rows: 3 },
  { name: "imageUrl", label: "Image URL", kind: "url", required: true, maxLength: LIMITS.url, hint: URL_HINT, placeholder: "e.g. /images/practices/practice-1.svg" },
  { name: "category", label: "Category", kind: "select", required: true, options: choices(PRACTICE_CATEGORIES) },
  { name: "duration", label: "Duration (minutes)", kind: "number", required: true },
  { name: "focus", label: "Focus", kind: "text", required: true, maxLength: LIMITS.focus },
  { name: "audioUrl", label: "Audio URL", kind: "url", required: true, maxLength: LIMITS.url, hint: "A path on this site such as /audio/… (recordings are served from this site only).", placeholder: "e.g. /audio/practice-1.ogg" },
  { name: "transcript", label: "Transcript", kind: "textarea", maxLength: LIMITS.transcript, rows: 6, hint: "The spoken guidance as text, shown under the player." },
  { name: "featured", label: "Featured", kind: "checkbox", hint: "Featured practices appear on the home page (the first two)." },
];

export const PRACTICE_INITIAL: FormValues = {
  title: "",
  description: "",
  imageUrl: "",
  category: PRACTICE_DEFAULTS.category,
  duration: String(PRACTICE_DEFAULTS.duration),
  focus: "",
  audioUrl: "",
  transcript: "",
  featured: PRACTICE_DEFAULTS.featured,
};

export function resourceFields(categories: ReadonlyArray<{ id: number; name: string }>): FieldSpec[] {
  return [
    { name: "title", label: "Title", kind: "text", required: true, maxLength: LIMITS.title, wide: true },
    { name: "author", label: "Author", kind: "text", required: true, maxLength: LIMITS.author },
    {
      name: "categoryId",
      label: "Category",
      kind: "select",
      required: true,
      numeric: true,
      options: categories.map((category) => ({ value: String(category.id), label: category.name })),
    },
    { name: "description", label: "Description", kind: "textarea", required: true, maxLength: LIMITS.description, rows: 4 },
    { name: "url", label: "URL", kind: "url", required: true, maxLength: LIMITS.url, wide: true, hint: "Where “View Resource” leads: an http(s) address or a path on this site.", placeholder: "e.g. https://example.org/text" },
  ];
}

export function resourceInitial(categories: ReadonlyArray<{ id: number }>): FormValues {
  const categoryId = categories.some((category) => category.id === RESOURCE_DEFAULTS.categoryId) ? RESOURCE_DEFAULTS.categoryId : (categories[0]?.id ?? RESOURCE_DEFAULTS.categoryId);
  return { title: "", author: "", categoryId: String(categoryId), description: "", url: "" };
}
