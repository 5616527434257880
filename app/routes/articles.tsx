import type { Route } from "./+types/articles";
import { ArticleCard } from "~/components/cards";
import { EmptyState, ListFilters, PageIntro, skipRevalidationOnFilterChange, useListParams } from "~/components/list-filters";
import { matchesSearch, resolveCategory } from "~/lib/filters";
import { pageSeo } from "~/lib/seo";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { getDb } from "~/server/db.server";
import { getArticleListPage } from "~/server/content.server";

export function loader() {
  return getArticleListPage(getDb());
}

export const shouldRevalidate = skipRevalidationOnFilterChange;

export function meta({ matches, location }: Route.MetaArgs): Route.MetaDescriptors {
  return pageSeo({
    matches,
    location,
    title: pageTitle("Articles", siteNameFromMatches(matches)),
    description: "Essays on Stoicism, mindfulness, existentialism, ethics and the art of living well.",
  });
}

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { articles, categories } = loaderData;
  const { query, filter, setQuery, setFilter } = useListParams("category");
  const category = resolveCategory(filter, categories);
  const visible = articles.filter(
    (article) => (!category || article.category === category) && matchesSearch(query, article.title, article.excerpt),
  );

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
        options={[{ value: null, label: "All" }, ...categories.map((c) => ({ value: c, label: c }))]}
        selected={category}
        onSelect={setFilter}
      />
      {visible.length === 0 ? (
        <EmptyState title="No articles found" hint="Try adjusting your search or category filter." />
      ) : (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="article-list">
          {visible.map((article, i) => (
            <ArticleCard key={article.id} article={article} eager={i < 3} headingLevel={2} />
          ))}
        </div>
      )}
    </div>
  );
}
