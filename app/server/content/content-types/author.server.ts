import { asc, sql } from "drizzle-orm";
import { articles, authors } from "../../../../db/schema";
import { authorSpec } from "~/lib/content-types/author";
import { listAuthors, getAuthor } from "../authors.server";
import { defineContentType } from "./define.server";

/** The stored JSON links as the admin's textarea shows them: "Label | url", one a line (app/lib/author-links.ts). */
const linkLines = sql<string>`coalesce((SELECT group_concat(json_extract(value, '$.label') || ' | ' || json_extract(value, '$.url'), char(10)) FROM json_each(${authors.links})), '')`;

/** The titles of the articles by an author, for the refusal to delete them. */
const articlesOf = (id: number) => sql`SELECT 1 FROM ${articles} WHERE ${articles.authorId} = ${id}`;

export const authorServer = defineContentType({
  spec: authorSpec,
  table: authors,
  columns: {
    id: authors.id,
    // The generic admin code names an item by its title (lists, audit, history). An expression, not the column again:
    // a RETURNING that names one column twice answers with its values shifted.
    title: sql<string>`${authors.name}`.as("title"),
    name: authors.name,
    role: authors.role,
    bio: authors.bio,
    portrait: authors.portrait,
    links: linkLines.as("links"),
    position: authors.position,
    createdAt: authors.createdAt,
    updatedAt: authors.updatedAt,
  },
  async listForAdmin(db) {
    const rows = await db
      .select({
        id: authors.id,
        name: authors.name,
        role: authors.role,
        // Both columns named with their table: drizzle writes the outer query's column bare, and a bare "id" inside the
        // subquery is the article's own (every author then counted the articles whose id equals their author's).
        articleCount: sql<number>`(SELECT count(*) FROM ${articles} WHERE ${articles}.${sql.identifier("author_id")} = ${authors}.${sql.identifier("id")})`,
      })
      .from(authors)
      .orderBy(asc(authors.position), asc(authors.id));
    return rows.map((row) => ({
      id: row.id,
      title: row.name,
      details: [row.role, row.articleCount === 1 ? "1 article" : `${row.articleCount} articles`].filter(Boolean),
    }));
  },
  listPublic: listAuthors,
  getPublic: getAuthor,
  toInsert: (input) => input,
  toUpdate: (fields) => fields,
  deleteRefusal: {
    blockedBy: (id) => sql`EXISTS (${articlesOf(id)})`,
    message: async (db, id) => {
      const rows = await db
        .select({ title: articles.title })
        .from(articles)
        .where(sql`${articles.authorId} = ${id}`)
        .orderBy(asc(articles.id));
      const titles = rows.map((row) => `“${row.title}”`).join(", ");
      return `This author wrote ${rows.length === 1 ? "an article" : `${rows.length} articles`} (${titles}), so they cannot be deleted. Give those articles another author first.`;
    },
  },
});
