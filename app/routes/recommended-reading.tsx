import type { Route } from "./+types/recommended-reading";
import { PageIntro, skipRevalidationOnFilterChange, useListParams } from "~/components/content/list-filters";
import { ExternalIcon } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { byline } from "~/lib/text";
import { JsonLd } from "~/components/layout/json-ld";
import { resolveCategory } from "~/lib/filters";
import { bookListJsonLd, fixedPageMeta } from "~/lib/seo";
import { useSiteSettings } from "~/lib/site";
import { getDb } from "~/server/core/db.server";
import { listRecommendedBooks } from "~/server/content/content.server";

export async function loader() {
  return { books: await listRecommendedBooks(getDb()) };
}

export const shouldRevalidate = skipRevalidationOnFilterChange;

export const meta = fixedPageMeta(
  "Recommended Reading",
  "Six books on Stoicism, existentialism, Buddhism, Taoism and mindfulness that reward a lifetime of rereading.",
);

const READING_TIPS = [
  { title: "Read slowly", text: "These books are meant to be lived with. A page a day, reread, does more than a chapter skimmed." },
  {
    title: "Keep a notebook",
    text: "Copy out the lines that stop you. Writing a thought by hand is the first step to making it your own.",
  },
  {
    title: "Read in conversation",
    text: "Share a passage with a friend or a reading group. Disagreement is often where understanding begins.",
  },
  {
    title: "Practise what you read",
    text: "Choose one idea each week and try it in ordinary life. Philosophy was a way of life before it was a subject.",
  },
];

/** "View on Amazon" for the seed's links; any other address the admin gives is simply where to find the book. */
function linkLabel(url: string) {
  return /^https:\/\/(www\.)?amazon\./.test(url) ? "View on Amazon" : "Where to find it";
}

export default function RecommendedReading({ loaderData }: Route.ComponentProps) {
  const { books } = loaderData;
  const site = useSiteSettings();
  const categories = [...new Set(books.map((b) => b.category))];
  // The category lives in the URL (?category=…), like the other lists' filters: shareable, kept on reload.
  const { filter, setFilter } = useListParams("category");
  const selected = resolveCategory(filter, categories);
  const visible = books.filter((b) => !selected || b.category === selected);

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <JsonLd data={bookListJsonLd(books, site)} />
      <PageIntro title="Recommended Reading">
        Six books we press into friends' hands: short enough to begin today, deep enough to last a lifetime.
      </PageIntro>
      <fieldset aria-label="Filter by category" className="mb-10 flex min-w-0 flex-wrap gap-2">
        {[null, ...categories].map((category) => {
          const active = category === selected;
          return (
            <button
              key={category ?? "all"}
              type="button"
              aria-pressed={active}
              onClick={() => setFilter(category)}
              className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${active ? "border-primary bg-primary text-primary-foreground" : "border-input bg-card hover:bg-muted"}`}
            >
              {category ?? "All"}
            </button>
          );
        })}
      </fieldset>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="book-list">
        {visible.map((book) => (
          <Card key={book.id} className="flex flex-col">
            <img
              src={book.coverUrl}
              alt={`Cover of ${book.title}`}
              width={400}
              height={600}
              loading="lazy"
              decoding="async"
              className="mx-auto mt-6 h-60 w-40 rounded shadow-md"
            />
            <div className="flex flex-1 flex-col p-5">
              <Badge className="self-start">{book.category}</Badge>
              <h2 className="mt-3 font-serif text-xl font-semibold">{book.title}</h2>
              <p className="text-sm text-muted-foreground">{byline(book.author)}</p>
              <p className="mt-3 flex-1 text-muted-foreground">{book.description}</p>
              <a
                href={book.amazonUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-3 inline-flex min-h-11 items-center gap-1 self-start font-medium text-primary underline-offset-4 hover:underline"
              >
                {linkLabel(book.amazonUrl)}
                <ExternalIcon className="h-4 w-4" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
          </Card>
        ))}
      </div>
      <section aria-labelledby="tips-heading" className="mt-16">
        <h2 id="tips-heading" className="font-serif text-3xl font-semibold">
          Reading Tips
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          {READING_TIPS.map((tip) => (
            <li key={tip.title} className="rounded-xl border border-border bg-card p-5">
              <h3 className="font-semibold">{tip.title}</h3>
              <p className="mt-2 text-muted-foreground">{tip.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
