import { and, asc, eq, ne, sql } from "drizzle-orm";
import { articleCategories, articles } from "../../../../db/schema";
import { categorySpec } from "~/lib/content-types/category";
import { CATEGORY_COLOUR_LABELS, isCategoryColour } from "~/lib/category-colours";
import { formatCount } from "~/lib/format";
import type { Database } from "../../core/db.server";
import { HttpError } from "../../core/http.server";
import { sharedRead } from "../shared-reads.server";
import { defineContentType } from "./define.server";

const publicColumns = {
  id: articleCategories.id,
  name: articleCategories.name,
  description: articleCategories.description,
  colour: articleCategories.colour,
  position: articleCategories.position,
};

/** Every category, in order (GET /api/categories; the article form's select). */
export function listCategories(db: Database) {
  return sharedRead(db, "categories", () =>
    db.select(publicColumns).from(articleCategories).orderBy(asc(articleCategories.position), asc(articleCategories.id)),
  );
}

function getCategory(db: Database, id: number) {
  return db.select(publicColumns).from(articleCategories).where(eq(articleCategories.id, id)).get();
}

/** Whether an article (any status) is filed under the category `id`. */
const inCategory = (id: number) =>
  sql`${articles.category} = (SELECT ${articleCategories.name} FROM ${articleCategories} WHERE ${articleCategories.id} = ${id})`;

export const categoryServer = defineContentType({
  spec: categorySpec,
  table: articleCategories,
  columns: {
    // The generic admin code names an item by its title; an expression, not the column again (see author.server.ts).
    title: sql<string>`${articleCategories.name}`.as("title"),
    ...publicColumns,
    createdAt: articleCategories.createdAt,
    updatedAt: articleCategories.updatedAt,
  },
  async listForAdmin(db) {
    const rows = await db
      .select({
        ...publicColumns,
        articleCount: sql<number>`(SELECT count(*) FROM ${articles} WHERE ${articles.category} = ${articleCategories.name})`,
      })
      .from(articleCategories)
      .orderBy(asc(articleCategories.position), asc(articleCategories.id));
    return rows.map((row) => ({
      id: row.id,
      title: row.name,
      details: [
        `position ${row.position}`,
        isCategoryColour(row.colour) ? CATEGORY_COLOUR_LABELS[row.colour] : row.colour,
        row.articleCount === 1 ? "1 article" : `${formatCount(row.articleCount)} articles`,
      ],
    }));
  },
  listPublic: listCategories,
  getPublic: getCategory,
  toInsert: (input) => input,
  // A rename moves the category's articles in the same statement: the trigger of migration 0022 renames them.
  toUpdate: (fields) => fields,
  async checkInput(db, input, id) {
    // Names are unique whatever their case: the public filter finds a category by its name, case-insensitively.
    const same = sql`lower(${articleCategories.name}) = lower(${input.name})`;
    const taken = await db
      .select({ id: articleCategories.id })
      .from(articleCategories)
      .where(id === undefined ? same : and(same, ne(articleCategories.id, id)))
      .get();
    if (taken) throw new HttpError(409, `There is already a category named “${input.name}”. Choose another name.`, "name");
  },
  deleteRefusal: {
    blockedBy: (id) => sql`EXISTS (SELECT 1 FROM ${articles} WHERE ${inCategory(id)})`,
    message: async (db, id) => {
      const rows = await db.select({ title: articles.title }).from(articles).where(inCategory(id)).orderBy(asc(articles.id));
      const titles = rows.map((row) => `“${row.title}”`).join(", ");
      return `This category has ${rows.length === 1 ? "an article" : `${rows.length} articles`} (${titles}), so it cannot be deleted. Move those articles to another category first.`;
    },
  },
});
