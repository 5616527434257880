import { Link } from "react-router";
import type { Route } from "./+types/resources";
import { EmptyState, ListFilters, PageIntro, skipRevalidationOnFilterChange, useListParams } from "~/components/content/list-filters";
import { ResourceCategoryIcon } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { byline } from "~/lib/text";
import { matchesSearch, resolveCategory } from "~/lib/filters";
import { fixedPageMeta } from "~/lib/seo";
import { getDb } from "~/server/core/db.server";
import { listResourceCategoryRows, listResources } from "~/server/content/content.server";
import { deferRead } from "~/server/core/deferred.server";
import { Deferred } from "~/components/ui/deferred";
import { CardGridSkeleton } from "~/components/ui/skeleton";

/** The heading and the category filter go out first; the list streams in behind its skeleton. */
export async function loader({ context }: Route.LoaderArgs) {
  const db = getDb();
  const resources = deferRead(context, () => listResources(db));
  return { categories: await listResourceCategoryRows(db), resources };
}

export const shouldRevalidate = skipRevalidationOnFilterChange;

export const meta = fixedPageMeta(
  "Resource Library",
  "Classical texts, modern guides, research and practical tools for the examined life.",
);

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { categories, resources } = loaderData;
  const { query, filter, setQuery, setFilter } = useListParams("category");
  const category = resolveCategory(
    filter,
    categories.map((c) => c.name),
  );
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));

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
      <Deferred data={resources} fallback={<CardGridSkeleton count={9} withImage={false} />} failure="resources">
        {(list) => {
          const visible = list.filter(
            (resource) =>
              (!category || categoryName.get(resource.categoryId) === category) && matchesSearch(query, resource.title, resource.author),
          );
          return visible.length === 0 ? (
            <EmptyState title="No resources found" hint="Try adjusting your search or category filter." />
          ) : (
            // On a phone the cards are compact (icon, two lines of description) so twenty of them stay scannable.
            <div className="grid gap-4 md:grid-cols-2 md:gap-6 lg:grid-cols-3" data-testid="resource-list">
              {visible.map((resource) => (
                <Card key={resource.id} className="flex flex-col p-4 md:p-5">
                  <div className="flex items-center gap-2">
                    <ResourceCategoryIcon name={categoryName.get(resource.categoryId) ?? ""} className="h-5 w-5 shrink-0 text-primary" />
                    <Badge>{categoryName.get(resource.categoryId)}</Badge>
                  </div>
                  <h2 className="mt-3 font-serif text-lg font-semibold leading-snug md:text-xl">{resource.title}</h2>
                  <p className="mt-1 text-sm text-muted-foreground">{byline(resource.author)}</p>
                  <p className="mt-2 line-clamp-2 flex-1 text-muted-foreground md:mt-3 md:line-clamp-none">{resource.description}</p>
                  <Link
                    to={`/resources/${resource.id}`}
                    className="mt-2 inline-flex min-h-11 items-center self-start font-medium text-primary underline-offset-4 hover:underline md:mt-3"
                    aria-label={`View Resource: ${resource.title}`}
                  >
                    View Resource
                  </Link>
                </Card>
              ))}
            </div>
          );
        }}
      </Deferred>
    </div>
  );
}
