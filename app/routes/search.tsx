import { Fragment } from "react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/search";
import { PageIntro } from "~/components/content/list-filters";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { type HighlightPart, parseSearchQuery, SEARCH_QUERY_MAX_CHARS, SEARCH_TYPE_NAMES } from "~/lib/search";
import { pageSeo } from "~/lib/seo";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { getDb } from "~/server/core/db.server";
import { type SearchResults, searchSite } from "~/server/content/search.server";

type SearchPage = { query: string; message: string | null; results: SearchResults | null };

/** `?q=` is the only parameter read (the page cache keys /search on it alone). A refused query is a 400 with its reason. */
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  if (!query.trim()) return { query, message: null, results: null } satisfies SearchPage;
  const parsed = parseSearchQuery(query);
  if (!parsed.ok)
    return data({ query: query.slice(0, SEARCH_QUERY_MAX_CHARS), message: parsed.message, results: null } satisfies SearchPage, 400);
  return { query, message: null, results: await searchSite(getDb(), parsed.match) } satisfies SearchPage;
}

export function meta({ matches, location, loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const query = loaderData?.query.trim();
  return pageSeo({
    matches,
    location,
    title: pageTitle(query ? `Search: ${query}` : "Search", siteNameFromMatches(matches)),
    description: "Search the articles, practices, courses and resources.",
    // Result pages are endless variations of the content: crawlers should index the content itself.
    extra: [{ name: "robots", content: "noindex, follow" }],
  });
}

const SUGGESTIONS = [
  { to: "/articles", label: "All articles" },
  { to: "/practices", label: "Guided practices" },
  { to: "/courses", label: "Courses" },
  { to: "/resources", label: "The resource library" },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, message, results } = loaderData;
  const quoted = `“${query.trim()}”`;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <PageIntro title="Search" />
      <Form method="get" action="/search" role="search" className="flex gap-2" aria-label="Search the site">
        <label htmlFor="search-page-query" className="sr-only">
          Search for
        </label>
        <Input
          id="search-page-query"
          type="search"
          name="q"
          defaultValue={query}
          key={query}
          maxLength={SEARCH_QUERY_MAX_CHARS}
          placeholder="Articles, practices, courses, resources…"
          aria-describedby={message ? "search-message" : undefined}
        />
        <Button type="submit">Search</Button>
      </Form>

      <div role="status" className="mt-6">
        {message ? (
          <p id="search-message" className="text-destructive">
            {message}
          </p>
        ) : results ? (
          <p className="text-muted-foreground" data-testid="search-summary">
            {results.total === 0
              ? `No results for ${quoted}.`
              : `${results.total} ${results.total === 1 ? "result" : "results"} for ${quoted}: ${results.groups
                  .map((group) => `${group.total} in ${SEARCH_TYPE_NAMES[group.type].plural.toLowerCase()}`)
                  .join(", ")}.`}
          </p>
        ) : (
          <p className="text-muted-foreground">Search every article, practice, course and resource, their full text included.</p>
        )}
      </div>

      {results && results.total === 0 && <NothingFound />}
      {results?.groups.map((group) => {
        const names = SEARCH_TYPE_NAMES[group.type];
        const headingId = `results-${group.type}`;
        return (
          <section key={group.type} aria-labelledby={headingId} className="mt-10" data-testid={`results-${group.type}`}>
            <h2 id={headingId} className="font-serif text-2xl font-semibold">
              {names.plural} <span className="text-base font-normal text-muted-foreground">({group.total})</span>
            </h2>
            <ol className="mt-4 space-y-5">
              {group.hits.map((hit) => (
                <li key={hit.id}>
                  <Link to={hit.href} className="font-serif text-lg font-semibold text-primary underline-offset-4 hover:underline">
                    <Highlighted parts={hit.title} />
                  </Link>
                  <p className="mt-1 text-muted-foreground">
                    <Highlighted parts={hit.snippet} />
                  </p>
                </li>
              ))}
            </ol>
            {group.total > group.hits.length && (
              <p className="mt-4 text-sm text-muted-foreground">
                Showing the best {group.hits.length} of {group.total}: add a word to narrow the search.
              </p>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** FTS5's matches as <mark> elements: text only, never markup. */
function Highlighted({ parts }: { parts: HighlightPart[] }) {
  return parts.map((part, i) =>
    part.highlighted ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, never reordered
      <mark key={i} className="rounded-sm bg-accent px-0.5 font-semibold text-accent-foreground">
        {part.text}
      </mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, never reordered
      <Fragment key={i}>{part.text}</Fragment>
    ),
  );
}

function NothingFound() {
  return (
    <div className="mt-8 rounded-xl border border-dashed border-border px-6 py-10">
      <h2 className="font-serif text-2xl font-semibold">Nothing matched</h2>
      <p className="mt-2 text-muted-foreground">
        Check the spelling, use fewer words (every word must appear), or try a broader one such as “stoicism” or “breath”. Or browse:
      </p>
      <ul className="mt-4 flex flex-wrap gap-3">
        {SUGGESTIONS.map((suggestion) => (
          <li key={suggestion.to}>
            <Link to={suggestion.to} className="font-medium text-primary underline-offset-4 hover:underline">
              {suggestion.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
