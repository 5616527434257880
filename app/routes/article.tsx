import { data } from "react-router";
import type { Route } from "./+types/article";
import { MarkdownBody } from "~/components/markdown-body";
import { ContentNotFound } from "~/components/not-found-content";
import { Badge, articleBadgeTone } from "~/components/ui/badge";
import { ImageWithFallback } from "~/components/ui/image";
import { ClockIcon } from "~/components/icons";
import { formatLongDate } from "~/lib/format";
import { JsonLd } from "~/components/json-ld";
import { articleJsonLd, pageSeo } from "~/lib/seo";
import { pageTitle, siteNameFromMatches, useSiteSettings } from "~/lib/site";
import { articleBody } from "~/server/article-body.server";
import { ArticleEnd } from "~/components/article-end";
import { getArticle, getArticleEnd, parseId } from "~/server/content.server";
import { getDb } from "~/server/db.server";
import { bodyOnce } from "~/server/document-body.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const [found, end] = id === null ? [] : await Promise.all([getArticle(db, id), getArticleEnd(db, id)]);
  if (!found || !end) return data({ article: null, body: [], end: null }, { status: 404 });
  // Only the fields the page shows (an article's HTML stays under 30 KB: tests/e2e/page-weight.e2e.ts).
  const { content, featured, ...article } = found;
  // A document gets the body in its markup only; a client navigation in its data.
  return { article, body: bodyOnce(context, "article", articleBody(found)), end };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs): Route.MetaDescriptors {
  const site = siteNameFromMatches(matches);
  const article = loaderData?.article;
  if (!article) return [{ title: pageTitle("Article Not Found", site) }];
  return pageSeo({
    matches,
    location,
    title: pageTitle(article.title, site),
    socialTitle: article.title,
    description: article.excerpt,
    imageUrl: article.imageUrl,
    type: "article",
    extra: [
      { property: "article:published_time", content: article.publishedDate },
      { property: "article:author", content: article.author },
      { property: "article:section", content: article.category },
    ],
  });
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, body, end } = loaderData;
  const site = useSiteSettings();
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
    <article>
      <JsonLd data={articleJsonLd(article, site)} />
      <header className="relative isolate overflow-hidden">
        <ImageWithFallback
          src={article.imageUrl}
          alt=""
          width={1200}
          height={675}
          fetchPriority="high"
          className="absolute inset-0 -z-10 h-full w-full object-cover"
        />
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/80 via-black/55 to-black/30" />
        <div className="mx-auto max-w-3xl px-4 pb-12 pt-32 text-white sm:px-6">
          <Badge tone={articleBadgeTone(article.category)}>{article.category}</Badge>
          <h1 className="mt-4 font-serif text-4xl font-semibold leading-tight sm:text-5xl">{article.title}</h1>
          {article.imageCaption ? <p className="mt-6 text-sm text-white/85">Cover image: {article.imageCaption}</p> : null}
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span>By {article.author}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={article.publishedDate}>{formatLongDate(article.publishedDate)}</time>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <ClockIcon className="h-4 w-4" />
            {article.readingTime} min read
          </span>
        </p>
        <p className="mt-6 border-b border-border pb-8 font-serif text-xl italic leading-relaxed text-muted-foreground">
          {article.excerpt}
        </p>
        <div className="mt-8">
          <MarkdownBody blocks={body} name="article" />
        </div>
      </div>
      <ArticleEnd author={article.author} end={end} />
    </article>
  );
}
