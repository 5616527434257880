import { Link } from "react-router";
import type { Route } from "./+types/practices";
import { ClockIcon } from "~/components/ui/icons";
import { SavePracticeButton } from "~/components/practice/save-practice-button";
import { Badge, practiceBadgeTone } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { CoverImage } from "~/components/ui/image";
import type { PracticeListItem } from "~/server/content/content.server";
import { EmptyState, ListFilters, PageIntro, skipRevalidationOnFilterChange, useListParams } from "~/components/content/list-filters";
import { DURATION_BANDS, matchesDuration, matchesSearch } from "~/lib/filters";
import { fixedPageMeta } from "~/lib/seo";
import { getDb } from "~/server/core/db.server";
import { listPractices } from "~/server/content/content.server";
import { deferRead } from "~/server/core/deferred.server";
import { Deferred } from "~/components/ui/deferred";
import { CardGridSkeleton } from "~/components/ui/skeleton";

/** The heading and the duration filter go out first; the list streams in behind its skeleton. */
export function loader({ context }: Route.LoaderArgs) {
  return { practices: deferRead(context, () => listPractices(getDb())) };
}

export const shouldRevalidate = skipRevalidationOnFilterChange;

export const meta = fixedPageMeta(
  "Guided Practices",
  "Guided meditations and contemplative exercises drawn from Stoicism, Taoism, Buddhism and modern psychology.",
);

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
      <Deferred
        data={loaderData.practices}
        fallback={<CardGridSkeleton count={3} columns="max-w-3xl" withImage={false} />}
        failure="practices"
      >
        {(list) => {
          const visible = list.filter(
            (practice) => matchesDuration(band, practice.duration) && matchesSearch(query, practice.title, practice.description),
          );
          return visible.length === 0 ? (
            <EmptyState title="No practices found" hint="Try adjusting your search or duration filter." />
          ) : (
            <ul className="divide-y divide-border" data-testid="practice-list">
              {visible.map((practice, i) => (
                <PracticeRow key={practice.id} practice={practice} eager={i < 2} />
              ))}
            </ul>
          );
        }}
      </Deferred>
    </div>
  );
}

/** A calm list rather than a grid: one practice a row, its length first, room around the words. */
function PracticeRow({ practice, eager }: { practice: PracticeListItem; eager: boolean }) {
  return (
    <li className="flex gap-6 py-8 first:pt-2 sm:gap-10">
      <CoverImage
        src={practice.imageUrl}
        loading={eager ? "eager" : "lazy"}
        className="hidden aspect-[4/3] w-44 shrink-0 self-start rounded-lg bg-muted object-cover sm:block"
      />
      <div className="min-w-0 max-w-2xl flex-1">
        <p className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <ClockIcon className="h-4 w-4" />
            {practice.duration} min
          </span>
          <Badge tone={practiceBadgeTone(practice.category)}>{practice.category}</Badge>
        </p>
        <h2 className="mt-2 font-serif text-2xl font-semibold leading-snug">{practice.title}</h2>
        <p className="mt-2 leading-relaxed text-muted-foreground">{practice.description}</p>
        <div className="mt-4 flex items-center gap-3">
          <LinkButton to={`/practices/${practice.id}`} aria-label={`Begin Practice: ${practice.title}`}>
            Begin Practice
          </LinkButton>
          <SavePracticeButton practiceId={practice.id} title={practice.title} />
        </div>
      </div>
    </li>
  );
}
