import type { Route } from "./+types/articles";
import { ArticleCard } from "~/components/content/cards";
import { EmptyState, ListFilters, PageIntro, skipRevalidationOnFilterChange, useListParams } from "~/components/content/list-filters";
import { matchesSearch, resolveCategory } from "~/lib/filters";
import { fixedPageMeta } from "~/lib/seo";
import { getDb } from "~/server/core/db.server";
import { listArticleCategoryRows, listArticles } from "~/server/content/content.server";
import { deferRead } from "~/server/core/deferred.server";
import { Deferred } from "~/components/ui/deferred";
import { CardGridSkeleton } from "~/components/ui/skeleton";

/** The heading and the category filter go out first; the list streams in behind its skeleton. */
export async function loader({ context }: Route.LoaderArgs) {
  const db = getDb();
  const articles = deferRead(context, () => listArticles(db));
  return { categories: await listArticleCategoryRows(db), articles };
}

export const shouldRevalidate = skipRevalidationOnFilterChange;

export const meta = fixedPageMeta("Articles", "Essays on Stoicism, mindfulness, existentialism, ethics and the art of living well.");

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { articles, categories } = loaderData;
  const { query, filter, setQuery, setFilter } = useListParams("category");
  const category = resolveCategory(
    filter,
    categories.map((c) => c.name),
  );
  const description = categories.find((c) => c.name === category)?.description;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <PageIntro title="Articles">
        Essays on the questions that matter: how to live, what to value, and how to meet difficulty with a clear mind.
      </PageIntro>
      <ListFilters
        searchLabel="Search articles"
        searchPlaceholder="Search articles..."
        query={query}
        onQueryChange={setQuery}
        filterLabel="Filter by category"
        options={[{ value: null, label: "All" }, ...categories.map((c) => ({ value: c.name, label: c.name }))]}
        selected={category}
        onSelect={setFilter}
      />
      {description ? (
        <p className="-mt-4 mb-8 max-w-prose text-muted-foreground" data-testid="category-description">
          {description}
        </p>
      ) : null}
      <Deferred data={articles} fallback={<CardGridSkeleton count={6} />} failure="articles">
        {(list) => {
          const visible = list.filter(
            (article) => (!category || article.category === category) && matchesSearch(query, article.title, article.excerpt),
          );
          // The newest featured article of those shown leads the list, across the grid.
          const lead = visible.find((article) => article.featured);
          const ordered = lead ? [lead, ...visible.filter((article) => article !== lead)] : visible;
          return visible.length === 0 ? (
            <EmptyState title="No articles found" hint="Try adjusting your search or category filter." />
          ) : (
            <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="article-list">
              {ordered.map((article, i) => (
                <ArticleCard key={article.id} article={article} eager={i < 3} priority={i === 0} headingLevel={2} lead={article === lead} />
              ))}
            </div>
          );
        }}
      </Deferred>
    </div>
  );
}
