import type { ReactNode } from "react";
import { Link } from "react-router";
import { MarkdownBody } from "~/components/content/markdown-body";
import { Badge, categoryBadgeTone } from "~/components/ui/badge";
import { CoverImage } from "~/components/ui/image";
import { ClockIcon } from "~/components/ui/icons";
import { formatLongDate } from "~/lib/format";
import { JsonLd } from "~/components/layout/json-ld";
import type { Block } from "~/lib/markdown";
import { articleJsonLd, authorPath } from "~/lib/seo";
import { useSiteSettings } from "~/lib/site";

export type ArticleViewData = {
  id: number;
  title: string;
  excerpt: string;
  imageUrl: string;
  imageCaption: string;
  category: string;
  categoryColour: string | null;
  readingTime: number;
  author: string;
  /** The author's page is /authors/{authorId}; null: an author not in the authors table (no link). */
  authorId: number | null;
  publishedDate: string;
};

/** An article's page: the public route's and the admin preview's (app/routes/admin/preview.tsx), so a draft looks as it will. */
export function ArticleView({ article, body, children }: { article: ArticleViewData; body: Block[] | undefined; children?: ReactNode }) {
  const site = useSiteSettings();
  return (
    <article>
      <JsonLd data={articleJsonLd(article, site)} />
      <header className="relative isolate overflow-hidden">
        <CoverImage src={article.imageUrl} fetchPriority="high" className="absolute inset-0 -z-10 h-full w-full object-cover" />
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/80 via-black/55 to-black/30" />
        <div className="mx-auto max-w-3xl px-4 pb-12 pt-32 text-white sm:px-6">
          <Badge tone={categoryBadgeTone(article.categoryColour)}>{article.category}</Badge>
          <h1 className="mt-4 font-serif text-4xl font-semibold leading-tight sm:text-5xl">{article.title}</h1>
          {article.imageCaption ? <p className="mt-6 text-sm text-white/85">Cover image: {article.imageCaption}</p> : null}
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {article.authorId === null ? (
            <span>By {article.author}</span>
          ) : (
            <span>
              By{" "}
              <Link to={authorPath(article.authorId)} rel="author" className="underline" discover="none">
                {article.author}
              </Link>
            </span>
          )}
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
      {children}
    </article>
  );
}
