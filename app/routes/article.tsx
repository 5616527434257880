import { data } from "react-router";
import { withImageWidths } from "~/server/content/media.server";
import type { Route } from "./+types/article";
import { ArticleView } from "~/components/content/article-view";
import { ContentNotFound } from "~/components/layout/not-found-content";
import { itemPageSeo } from "~/lib/seo";
import { articleBody } from "~/server/content/article-body.server";
import { ARTICLE_END_BIO, ArticleEnd } from "~/components/content/article-end";
import { getArticle, getArticleEnd, parseId } from "~/server/content/content.server";
import { getAuthor } from "~/server/content/authors.server";
import { getDb } from "~/server/core/db.server";
import { bodyOnce } from "~/server/content/document-body.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const [found, end] = id === null ? [] : await Promise.all([getArticle(db, id), getArticleEnd(db, id)]);
  if (!found || !end) return data({ article: null, body: [], end: null, author: null, bio: [] }, { status: 404 });
  // Only the fields the page shows (an article's HTML stays under 30 KB: tests/e2e/page-weight.e2e.ts).
  const { content, featured, ...article } = found;
  const person = found.authorId === null ? null : await getAuthor(db, found.authorId);
  const author = person && { id: person.id, role: person.role, portrait: person.portrait };
  // A document gets the body and the author's bio in its markup only; a client navigation in its data.
  const bio = bodyOnce(context, ARTICLE_END_BIO, person?.bio ?? []);
  return { article, body: bodyOnce(context, "article", await withImageWidths(db, articleBody(found))), end, author, bio };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs): Route.MetaDescriptors {
  const article = loaderData?.article;
  return itemPageSeo({ matches, location }, article && { ...article, description: article.excerpt }, "Article Not Found", {
    type: "article",
    extra: article
      ? [
          { property: "article:published_time", content: article.publishedDate },
          { property: "article:author", content: article.author },
          { property: "article:section", content: article.category },
        ]
      : [],
  });
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, body, end, author, bio } = loaderData;
  if (!article || !end) {
    return (
      <ContentNotFound
        title="Article Not Found"
        message="Sorry, the article you're looking for doesn't exist or has been removed."
        backTo="/articles"
        backLabel="Back to Articles"
      />
    );
  }
  return (
    <ArticleView article={article} body={body}>
      <ArticleEnd author={author && { ...author, name: article.author }} bio={bio} end={end} />
    </ArticleView>
  );
}
