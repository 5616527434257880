import { CATEGORY_DEFAULTS, CATEGORY_LIMITS, categorySchema, categoryUpdateSchema } from "~/lib/admin-schemas";
import { CATEGORY_COLOURS, CATEGORY_COLOUR_LABELS } from "~/lib/category-colours";
import { CONTENT_TYPE_NAMES } from ".";
import { defineContentSpec } from "./types";

/**
 * The articles' categories (db/schema.ts `article_categories`): the articles list's filter and the footer show them in
 * order, and an article picks one. No drafts: a saved category is public at once, and a rename moves its articles.
 */
export const categorySpec = defineContentSpec({
  ...CONTENT_TYPE_NAMES.category,
  createSchema: categorySchema,
  updateSchema: categoryUpdateSchema,
  fields: [
    {
      name: "name",
      label: "Name",
      kind: "text",
      required: true,
      maxLength: CATEGORY_LIMITS.name,
      hint: "Renaming a category renames it in all its articles.",
    },
    {
      name: "colour",
      label: "Colour",
      kind: "select",
      required: true,
      options: CATEGORY_COLOURS.map((value) => ({ value, label: CATEGORY_COLOUR_LABELS[value] })),
      hint: "The badge's colour, from the site's palette (readable in both themes).",
    },
    {
      name: "description",
      label: "Description",
      kind: "textarea",
      maxLength: CATEGORY_LIMITS.description,
      rows: 3,
      wide: true,
      hint: "One or two sentences, shown above the articles list when it is filtered by this category. Optional.",
    },
    {
      name: "position",
      label: "Position",
      kind: "number",
      required: true,
      hint: "Smaller numbers come first in the filter and the footer.",
    },
  ],
  defaults: CATEGORY_DEFAULTS,
  listDescription:
    "The articles' categories, in their order on the site (the articles list's filter and the footer). A category used by an article cannot be deleted.",
  newDescription: "Articles can pick it at once; it shows in the filter and the footer once a published article has it.",
});
