import { LIMITS, RESOURCE_DEFAULTS, resourceSchema, resourceUpdateSchema } from "~/lib/admin-schemas";
import { CONTENT_TYPE_NAMES } from ".";
import { defineContentSpec } from "./types";

export const resourceSpec = defineContentSpec({
  ...CONTENT_TYPE_NAMES.resource,
  createSchema: resourceSchema,
  updateSchema: resourceUpdateSchema,
  fields: [
    { name: "title", label: "Title", kind: "text", required: true, maxLength: LIMITS.title, wide: true },
    { name: "author", label: "Author", kind: "text", required: true, maxLength: LIMITS.author },
    // Its options are the resource categories, loaded by app/server/content/content-types/resource.server.ts.
    { name: "categoryId", label: "Category", kind: "select", required: true, numeric: true },
    { name: "description", label: "Description", kind: "textarea", required: true, maxLength: LIMITS.description, rows: 4 },
    {
      name: "url",
      label: "URL",
      kind: "url",
      required: true,
      maxLength: LIMITS.url,
      wide: true,
      hint: "Where “View Resource” leads: an http(s) address or a path on this site.",
      placeholder: "e.g. https://example.org/text",
    },
  ],
  defaults: RESOURCE_DEFAULTS,
  listDescription: "The resource library on /resources, newest first.",
  newDescription: "Added to the resource library at once.",
});
