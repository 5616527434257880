import { AUTHOR_DEFAULTS, AUTHOR_LIMITS, LIMITS, authorSchema, authorUpdateSchema } from "~/lib/admin-schemas";
import { CONTENT_TYPE_NAMES } from ".";
import { defineContentSpec } from "./types";

/**
 * The people who write for the site (db/schema.ts `authors`): About lists them, /authors/{id} shows one, and an article
 * picks its author from them. They have no drafts: a saved author is public at once.
 */
export const authorSpec = defineContentSpec({
  ...CONTENT_TYPE_NAMES.author,
  createSchema: authorSchema,
  updateSchema: authorUpdateSchema,
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, maxLength: LIMITS.author, wide: true },
    {
      name: "role",
      label: "Role",
      kind: "text",
      maxLength: AUTHOR_LIMITS.role,
      hint: "One line under the name, e.g. “Philosopher and editor”. Optional.",
    },
    {
      name: "bio",
      label: "Bio",
      kind: "markdown",
      maxLength: AUTHOR_LIMITS.bio,
      rows: 6,
      visual: true,
      hint: "Shown on the author's page, on About and at the end of their articles.",
    },
    {
      name: "portrait",
      media: "image",
      label: "Portrait",
      kind: "url",
      maxLength: LIMITS.url,
      hint: "Choose or upload one from the media library below, or a path on this site such as /images/…. Optional.",
      placeholder: "e.g. /images/contributors/elena-marsh.svg",
    },
    {
      name: "links",
      label: "Links",
      kind: "textarea",
      maxLength: AUTHOR_LIMITS.links,
      rows: 3,
      hint: "One a line: a label, “|”, then an http(s) address or a path on this site, e.g. “Website | https://example.org”.",
    },
    { name: "position", label: "Position on About", kind: "number", required: true, hint: "Smaller numbers come first." },
  ],
  defaults: AUTHOR_DEFAULTS,
  listDescription: "The people who write for the site, in their order on About. An author whose articles remain cannot be deleted.",
  newDescription: "Listed on About and given a page at /authors/{id} at once; articles can then pick them as their author.",
});
