import { useEffect, useRef, useState } from "react";
import { useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { SearchIcon } from "../ui/icons";

/**
 * Search text and one selected filter live in the URL (?q=…&{param}=…), so a filtered view can be
 * shared and survives a reload. Changing them replaces the history entry and does not refetch.
 */
export function useListParams(filterParam: string) {
  const [params, setParams] = useSearchParams();
  // The visible state updates at once; the URL follows. Quick successive changes (typing, or a filter
  // click right after a search) build on the latest state, not on a URL that has not caught up yet.
  const [state, setState] = useState(() => new URLSearchParams(params));
  const lastWritten = useRef(params.toString());
  useEffect(() => {
    // The URL changed from outside (a link, back/forward): adopt it.
    if (params.toString() !== lastWritten.current) {
      lastWritten.current = params.toString();
      setState(new URLSearchParams(params));
    }
  }, [params]);

  const latest = useRef(state);
  latest.current = state;

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(latest.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    latest.current = next;
    lastWritten.current = next.toString();
    setState(next);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return {
    query: state.get("q") ?? "",
    filter: state.get(filterParam),
    setQuery: (value: string) => update({ q: value }),
    setFilter: (value: string | null) => update({ [filterParam]: value }),
  };
}

/** Lists filter in the browser over data already loaded: a search-param change needs no new fetch. */
export function skipRevalidationOnFilterChange({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

type FilterOption = { value: string | null; label: string };

export function ListFilters({
  searchLabel,
  searchPlaceholder,
  query,
  onQueryChange,
  filterLabel,
  options,
  selected,
  onSelect,
}: {
  searchLabel: string;
  searchPlaceholder: string;
  query: string;
  onQueryChange: (value: string) => void;
  filterLabel: string;
  options: FilterOption[];
  selected: string | null;
  onSelect: (value: string | null) => void;
}) {
  return (
    <div className="mb-10 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
      {/* biome-ignore lint/a11y/useSemanticElements: a <form role="search"> is a search landmark in every browser; the <search> element is not (Safari before 17) */}
      <form role="search" className="relative w-full md:max-w-sm" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="list-search" className="sr-only">
          {searchLabel}
        </label>
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
        <input
          id="list-search"
          type="search"
          value={query}
          placeholder={searchPlaceholder}
          onChange={(event) => onQueryChange(event.target.value)}
          className="h-10 w-full rounded-md border border-input bg-card pl-9 pr-3 text-foreground placeholder:text-muted-foreground"
        />
      </form>
      <fieldset aria-label={filterLabel} className="flex min-w-0 flex-wrap gap-2">
        {options.map((option) => {
          const active = option.value === selected;
          return (
            <button
              key={option.label}
              type="button"
              aria-pressed={active}
              onClick={() => onSelect(option.value)}
              className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium transition-colors ${
                active ? "border-primary bg-primary text-primary-foreground" : "border-input bg-card text-foreground hover:bg-muted"
              }`}
            >
              {option.label}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}

export function EmptyState({ title, hint }: { title: string; hint: string }) {
  return (
    <div role="status" className="rounded-xl border border-dashed border-border px-6 py-16 text-center">
      <h2 className="font-serif text-2xl font-semibold">{title}</h2>
      <p className="mt-2 text-muted-foreground">{hint}</p>
    </div>
  );
}

export function PageIntro({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-10 max-w-3xl">
      <h1 className="font-serif text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
      {children && <p className="mt-4 text-lg text-muted-foreground">{children}</p>}
    </div>
  );
}
