import { Link } from "react-router";
import type { Route } from "./+types/practices";
import { PracticeCard } from "~/components/cards";
import { EmptyState, ListFilters, PageIntro, skipRevalidationOnFilterChange, useListParams } from "~/components/list-filters";
import { DURATION_BANDS, matchesDuration, matchesSearch } from "~/lib/filters";
import { pageSeo } from "~/lib/seo";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { getDb } from "~/server/db.server";
import { listPractices } from "~/server/content.server";
import { deferRead } from "~/server/deferred.server";
import { Deferred } from "~/components/deferred";
import { CardGridSkeleton } from "~/components/ui/skeleton";

/** The heading and the duration filter go out first; the list streams in behind its skeleton. */
export function loader({ context }: Route.LoaderArgs) {
  return { practices: deferRead(context, () => listPractices(getDb())) };
}

export const shouldRevalidate = skipRevalidationOnFilterChange;

export function meta({ matches, location }: Route.MetaArgs): Route.MetaDescriptors {
  return pageSeo({
    matches,
    location,
    title: pageTitle("Guided Practices", siteNameFromMatches(matches)),
    description: "Guided meditations and contemplative exercises drawn from Stoicism, Taoism, Buddhism and modern psychology.",
  });
}

export default function Practices({ loaderData }: Route.ComponentProps) {
  const { query, filter, setQuery, setFilter } = useListParams("duration");
  const band = DURATION_BANDS.find((b) => b.value === filter)?.value ?? null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <PageIntro title="Guided Practices">
        Contemplative exercises to steady attention, soften self-judgement and return to what matters. Choose one that fits the time you
        have. Practices you save play without a network:{" "}
        <Link to="/saved" className="text-primary underline underline-offset-4">
          saved practices
        </Link>
        .
      </PageIntro>
      <ListFilters
        searchLabel="Search practices"
        searchPlaceholder="Search practices..."
        query={query}
        onQueryChange={setQuery}
        filterLabel="Filter by duration"
        options={[{ value: null, label: "All" }, ...DURATION_BANDS.map((b) => ({ value: b.value, label: b.label }))]}
        selected={band}
        onSelect={setFilter}
      />
      <Deferred data={loaderData.practices} fallback={<CardGridSkeleton count={4} columns="md:grid-cols-2" />} failure="practices">
        {(list) => {
          const visible = list.filter(
            (practice) => matchesDuration(band, practice.duration) && matchesSearch(query, practice.title, practice.description),
          );
          return visible.length === 0 ? (
            <EmptyState title="No practices found" hint="Try adjusting your search or duration filter." />
          ) : (
            <div className="grid gap-6 md:grid-cols-2" data-testid="practice-list">
              {visible.map((practice, i) => (
                <PracticeCard key={practice.id} practice={practice} eager={i < 2} priority={i === 0} headingLevel={2} />
              ))}
            </div>
          );
        }}
      </Deferred>
    </div>
  );
}
