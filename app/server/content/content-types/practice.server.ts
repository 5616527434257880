import { desc } from "drizzle-orm";
import { practices } from "../../../../db/schema";
import { practiceSpec } from "~/lib/content-types/practice";
import { statusText } from "~/lib/publication";
import { getPractice, listPractices, practiceDetailColumns } from "../content.server";
import { defineContentType } from "./define.server";

export const practiceServer = defineContentType({
  spec: practiceSpec,
  table: practices,
  columns: {
    ...practiceDetailColumns,
    status: practices.status,
    publishAt: practices.publishAt,
    createdAt: practices.createdAt,
    updatedAt: practices.updatedAt,
  },
  async listForAdmin(db) {
    const rows = await db
      .select({
        id: practices.id,
        title: practices.title,
        category: practices.category,
        duration: practices.duration,
        featured: practices.featured,
        status: practices.status,
        publishAt: practices.publishAt,
      })
      .from(practices)
      .orderBy(desc(practices.id));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      details: [row.category, `${row.duration} min`],
      badge: row.featured ? "Featured" : undefined,
      status: { value: row.status, text: statusText(row.status, row.publishAt), at: row.publishAt },
    }));
  },
  listPublic: listPractices,
  getPublic: getPractice,
  toInsert: (input) => input,
  toUpdate: (fields) => fields,
});
