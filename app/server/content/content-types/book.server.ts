import { asc, eq } from "drizzle-orm";
import { recommendedBooks } from "../../../../db/schema";
import { bookSpec } from "~/lib/content-types/book";
import type { Database } from "../../core/db.server";
import { bookColumns, listRecommendedBooks } from "../content.server";
import { defineContentType } from "./define.server";

function getRecommendedBook(db: Database, id: number) {
  return db.select(bookColumns).from(recommendedBooks).where(eq(recommendedBooks.id, id)).get();
}

export const bookServer = defineContentType({
  spec: bookSpec,
  table: recommendedBooks,
  columns: { ...bookColumns, position: recommendedBooks.position, updatedAt: recommendedBooks.updatedAt },
  async listForAdmin(db) {
    const rows = await db
      .select({
        id: recommendedBooks.id,
        title: recommendedBooks.title,
        author: recommendedBooks.author,
        category: recommendedBooks.category,
        position: recommendedBooks.position,
      })
      .from(recommendedBooks)
      .orderBy(asc(recommendedBooks.position), asc(recommendedBooks.id));
    return rows.map((row) => ({ id: row.id, title: row.title, details: [`position ${row.position}`, row.author, row.category] }));
  },
  listPublic: listRecommendedBooks,
  getPublic: getRecommendedBook,
  toInsert: (input) => input,
  toUpdate: (fields) => fields,
});
