import { Link } from "react-router";
import type { Route } from "./+types/resources";
import { EmptyState, ListFilters, PageIntro, skipRevalidationOnFilterChange, useListParams } from "~/components/list-filters";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { matchesSearch, resolveCategory } from "~/lib/filters";
import { pageSeo } from "~/lib/seo";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { getDb } from "~/server/db.server";
import { listResourceCategories } from "~/server/content.server";

export async function loader() {
  return { categories: await listResourceCategories(getDb()) };
}

export const shouldRevalidate = skipRevalidationOnFilterChange;

export function meta({ matches, location }: Route.MetaArgs): Route.MetaDescriptors {
  return pageSeo({
    matches,
    location,
    title: pageTitle("Resource Library", siteNameFromMatches(matches)),
    description: "Classical texts, modern guides, research and practical tools for the examined life.",
  });
}

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const { query, filter, setQuery, setFilter } = useListParams("category");
  const category = resolveCategory(filter, categories.map((c) => c.name));
  const visible = categories
    .filter((c) => !category || c.name === category)
    .flatMap((c) => c.resources.map((resource) => ({ ...resource, categoryName: c.name })))
    .filter((resource) => matchesSearch(query, resource.title, resource.author));

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <PageIntro title="Resource Library">
        Texts, research and practical tools we return to again and again, gathered in one place.
      </PageIntro>
      <ListFilters
        searchLabel="Search resources"
        searchPlaceholder="Search by title or author..."
        query={query}
        onQueryChange={setQuery}
        filterLabel="Filter by category"
        options={[{ value: null, label: "All" }, ...categories.map((c) => ({ value: c.name, label: c.name }))]}
        selected={category}
        onSelect={setFilter}
      />
      {visible.length === 0 ? (
        <EmptyState title="No resources found" hint="Try adjusting your search or category filter." />
      ) : (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="resource-list">
          {visible.map((resource) => (
            <Card key={resource.id} className="flex flex-col p-5">
              <Badge className="self-start">{resource.categoryName}</Badge>
              <h2 className="mt-3 font-serif text-xl font-semibold leading-snug">{resource.title}</h2>
              <p className="mt-1 text-sm text-muted-foreground">by {resource.author}</p>
              <p className="mt-3 flex-1 text-muted-foreground">{resource.description}</p>
              <Link
                to={`/resources/${resource.id}`}
                className="mt-4 font-medium text-primary underline-offset-4 hover:underline"
                aria-label={`View Resource: ${resource.title}`}
              >
                View Resource
              </Link>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
