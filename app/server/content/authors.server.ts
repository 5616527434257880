/**
 * The public reads of the authors (db/schema.ts `authors`): About's list, an author's page with their published
 * articles, and the bio at the end of an article. Bios are Markdown, parsed into the same safe tree as an article's
 * body; links are checked again by safeUrl as they are read (app/lib/author-links.ts).
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { articles, authors } from "../../../db/schema";
import { storedLinks } from "~/lib/author-links";
import type { Block } from "~/lib/markdown";
import type { Database } from "../core/db.server";
import { parseMarkdown } from "./markdown.server";
import { isPublished } from "./published.server";
import { sharedRead } from "./shared-reads.server";

const authorColumns = {
  id: authors.id,
  name: authors.name,
  role: authors.role,
  bio: authors.bio,
  portrait: authors.portrait,
  links: authors.links,
};

type AuthorRow = { id: number; name: string; role: string; bio: string; portrait: string; links: string };

/** An author as the public pages show them: the bio as a safe Markdown tree, the links checked. */
export type PublicAuthor = Omit<AuthorRow, "bio" | "links"> & { bio: Block[]; links: { label: string; url: string }[] };

const toPublic = ({ bio, links, ...author }: AuthorRow): PublicAuthor => ({
  ...author,
  bio: parseMarkdown(bio),
  links: storedLinks(links),
});

/** Every author, in their order on About. */
export function listAuthors(db: Database): Promise<PublicAuthor[]> {
  return sharedRead(db, "authors", async () => {
    const rows = await db.select(authorColumns).from(authors).orderBy(asc(authors.position), asc(authors.id));
    return rows.map(toPublic);
  });
}

/** One author, or null. */
export function getAuthor(db: Database, id: number): Promise<PublicAuthor | null> {
  return sharedRead(db, `author:${id}`, async () => {
    const row = await db.select(authorColumns).from(authors).where(eq(authors.id, id)).get();
    return row ? toPublic(row) : null;
  });
}

/** An author's published articles, newest first. */
export function listAuthorArticles(db: Database, authorId: number) {
  return sharedRead(db, `author-articles:${authorId}`, () =>
    db
      .select({
        id: articles.id,
        title: articles.title,
        excerpt: articles.excerpt,
        category: articles.category,
        readingTime: articles.readingTime,
        publishedDate: articles.publishedDate,
      })
      .from(articles)
      .where(and(eq(articles.authorId, authorId), isPublished(articles)))
      .orderBy(desc(articles.publishedDate), desc(articles.id)),
  );
}
