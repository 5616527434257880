import { BOOK_DEFAULTS, BOOK_LIMITS, LIMITS, bookSchema, bookUpdateSchema } from "~/lib/admin-schemas";
import { CONTENT_TYPE_NAMES } from ".";
import { defineContentSpec } from "./types";

/** The books of Recommended Reading (db/schema.ts `recommended_books`), in their order on the page. No drafts. */
export const bookSpec = defineContentSpec({
  ...CONTENT_TYPE_NAMES.book,
  createSchema: bookSchema,
  updateSchema: bookUpdateSchema,
  fields: [
    { name: "title", label: "Title", kind: "text", required: true, maxLength: LIMITS.title, wide: true },
    {
      name: "author",
      label: "Author",
      kind: "text",
      required: true,
      maxLength: LIMITS.author,
      hint: "As the byline should read, e.g. “Seneca (trans. Robin Campbell)”.",
    },
    { name: "description", label: "Description", kind: "textarea", required: true, maxLength: LIMITS.description, rows: 4 },
    {
      name: "coverUrl",
      media: "image",
      label: "Cover",
      kind: "url",
      required: true,
      maxLength: LIMITS.url,
      hint: "Choose or upload one from the media library below, or a path on this site such as /images/books/….",
      placeholder: "e.g. /images/books/book-1.svg",
    },
    {
      name: "amazonUrl",
      label: "Link",
      kind: "url",
      required: true,
      maxLength: LIMITS.url,
      hint: "Where to find the book: an http(s) address or a path on this site.",
    },
    {
      name: "category",
      label: "Shelf",
      kind: "text",
      required: true,
      maxLength: BOOK_LIMITS.category,
      hint: "The page's filter groups books by it, e.g. “Stoicism”.",
    },
    { name: "position", label: "Position", kind: "number", required: true, hint: "Smaller numbers come first on the page." },
  ],
  defaults: BOOK_DEFAULTS,
  listDescription: "The books on /recommended-reading, in their order on the page.",
  newDescription: "Shown on /recommended-reading as soon as it is saved.",
});
