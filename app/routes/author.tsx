import { data, Link } from "react-router";
import type { Route } from "./+types/author";
import { MarkdownBody } from "~/components/content/markdown-body";
import { JsonLd } from "~/components/layout/json-ld";
import { ContentNotFound } from "~/components/layout/not-found-content";
import { formatLongDate } from "~/lib/format";
import { authorPersonJsonLd, itemPageSeo } from "~/lib/seo";
import { useSiteSettings } from "~/lib/site";
import { getAuthor, listAuthorArticles } from "~/server/content/authors.server";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";

/** One author (the authors table, Admin → Authors): their portrait, role, bio and links, and their published articles. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const [author, articles] = id === null ? [] : await Promise.all([getAuthor(db, id), listAuthorArticles(db, id)]);
  if (!author || !articles) return data({ author: null, articles: [] }, { status: 404 });
  return { author, articles };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs): Route.MetaDescriptors {
  const author = loaderData?.author;
  const description = author ? [author.role, `Articles by ${author.name}.`].filter(Boolean).join(". ") : "";
  return itemPageSeo({ matches, location }, author && { title: author.name, description }, "Author Not Found");
}

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const site = useSiteSettings();
  const { author, articles } = loaderData;
  if (!author) {
    return (
      <ContentNotFound
        title="Author Not Found"
        message="There is no author with this number."
        backTo="/about#contributors"
        backLabel="Back to the contributors"
      />
    );
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <JsonLd data={{ "@context": "https://schema.org", ...authorPersonJsonLd(author, site) }} />
      <header className="flex flex-col gap-6 sm:flex-row sm:items-center">
        {author.portrait ? (
          <img
            src={author.portrait}
            alt={`Portrait of ${author.name}`}
            width={160}
            height={160}
            className="h-32 w-32 shrink-0 rounded-full bg-accent"
          />
        ) : null}
        <div>
          <h1 className="font-serif text-4xl font-semibold leading-tight">{author.name}</h1>
          {author.role ? <p className="mt-2 text-primary">{author.role}</p> : null}
        </div>
      </header>
      {author.bio.length > 0 ? (
        <div className="mt-8">
          <MarkdownBody blocks={author.bio} />
        </div>
      ) : null}
      {author.links.length > 0 ? (
        <ul className="mt-6 flex flex-wrap gap-x-6" aria-label={`${author.name} elsewhere`}>
          {author.links.map((link) => (
            <li key={`${link.label} ${link.url}`}>
              <a
                href={link.url}
                className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4"
                rel="me"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby="author-articles" className="mt-12 border-t border-border pt-10">
        <h2 id="author-articles" className="font-serif text-2xl font-semibold">
          Articles by {author.name}
        </h2>
        {articles.length === 0 ? (
          <p className="mt-4 text-muted-foreground">No published articles yet.</p>
        ) : (
          <ul className="mt-4 divide-y divide-border" data-testid="author-articles">
            {articles.map((article) => (
              <li key={article.id} className="py-5">
                <Link
                  to={`/articles/${article.id}`}
                  className="inline-flex min-h-11 items-center font-serif text-xl font-semibold hover:underline"
                >
                  {article.title}
                </Link>
                <p className="mt-1 text-sm text-muted-foreground">
                  {article.category} · <time dateTime={article.publishedDate}>{formatLongDate(article.publishedDate)}</time> ·{" "}
                  {article.readingTime} min read
                </p>
                <p className="mt-2 text-muted-foreground">{article.excerpt}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
