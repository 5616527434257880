/**
 * The excerpt an issue made from an article is e-mailed as (format "excerpt"): the cover, the first paragraphs and a
 * "Continue reading" link, written as Markdown so that every template renders it like any issue body.
 */
import { eq } from "drizzle-orm";
import { articles } from "../../../db/schema";
import type { Database } from "../core/db.server";

/** How many paragraphs of an article an excerpt issue carries, and about how much text at most. */
const EXCERPT_PARAGRAPHS = 3;
const EXCERPT_MAX_CHARS = 1_200;

type ExcerptSource = { id: number; title: string; imageUrl: string; imageCaption: string; content: string };

/**
 * The Markdown of an article's excerpt issue: its cover (alt text: the caption, else the title), its first paragraphs
 * (text paragraphs only, up to three and about 1,200 characters) and a "Continue reading" link to the article.
 */
export function excerptMarkdown(article: ExcerptSource, origin: string) {
  const paragraphs: string[] = [];
  let length = 0;
  for (const block of article.content.split(/\n\s*\n/)) {
    const text = block.trim();
    // Text only: no headings, images, lists, quotes, code, tables or galleries (":::").
    if (!text || /^(#|!\[|[-*+] |\d+[.)] |>|```|~~~|\||:::|<)/.test(text)) continue;
    if (paragraphs.length > 0 && length + text.length > EXCERPT_MAX_CHARS) break;
    paragraphs.push(text);
    length += text.length;
    if (paragraphs.length >= EXCERPT_PARAGRAPHS) break;
  }
  const alt = (article.imageCaption || article.title).replace(/[[\]\n]/g, " ").trim();
  return [
    article.imageUrl ? `![${alt}](${article.imageUrl})` : "",
    ...paragraphs,
    `**[Continue reading](${origin}/articles/${article.id})**`,
  ]
    .filter(Boolean)
    .join("\n\n");
}

/**
 * What an issue's e-mail is written from: for an excerpt issue of an article that still exists, the excerpt (the article
 * as it is now), else the issue's own body. The preview, the test and each subscriber's copy use it.
 */
export async function issueForMail(
  db: Database,
  issue: { subject: string; body: string; format: string; articleId: number | null },
  origin: string,
): Promise<{ subject: string; body: string }> {
  if (issue.format !== "excerpt" || issue.articleId === null) return { subject: issue.subject, body: issue.body };
  const article = await db
    .select({
      id: articles.id,
      title: articles.title,
      imageUrl: articles.imageUrl,
      imageCaption: articles.imageCaption,
      content: articles.content,
    })
    .from(articles)
    .where(eq(articles.id, issue.articleId))
    .get();
  return { subject: issue.subject, body: article ? excerptMarkdown(article, origin) : issue.body };
}
