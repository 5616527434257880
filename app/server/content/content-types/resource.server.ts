import { asc, desc, eq } from "drizzle-orm";
import { resourceCategories, resources } from "../../../../db/schema";
import { resourceSpec } from "~/lib/content-types/resource";
import { getResource, resourceDetailColumns } from "../content.server";
import type { Database } from "../../core/db.server";
import { HttpError } from "../../core/http.server";
import { defineContentType } from "./define.server";

/** Every resource with its url (the public flat list, GET /api/resources). */
export function listResourcesWithUrls(db: Database) {
  return db.select(resourceDetailColumns).from(resources).orderBy(asc(resources.id));
}

export const resourceServer = defineContentType({
  spec: resourceSpec,
  table: resources,
  columns: { ...resourceDetailColumns, createdAt: resources.createdAt, updatedAt: resources.updatedAt },
  async listForAdmin(db) {
    const rows = await db
      .select({ id: resources.id, title: resources.title, author: resources.author, categoryName: resourceCategories.name })
      .from(resources)
      .innerJoin(resourceCategories, eq(resources.categoryId, resourceCategories.id))
      .orderBy(desc(resources.id));
    return rows.map((row) => ({ id: row.id, title: row.title, details: [row.author, row.categoryName] }));
  },
  listPublic: listResourcesWithUrls,
  getPublic: getResource,
  toInsert: (input) => input,
  toUpdate: (fields) => fields,
  async loadOptions(db) {
    const categories = await db
      .select({ id: resourceCategories.id, name: resourceCategories.name })
      .from(resourceCategories)
      .orderBy(asc(resourceCategories.id));
    return { categoryId: categories.map((category) => ({ value: String(category.id), label: category.name })) };
  },
  async checkInput(db, input) {
    const found = await db
      .select({ id: resourceCategories.id })
      .from(resourceCategories)
      .where(eq(resourceCategories.id, input.categoryId))
      .get();
    if (!found) throw new HttpError(400, 'The field "categoryId" must be the id of an existing resource category.', "categoryId");
  },
});
