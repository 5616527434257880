import { Link, useLocation } from "react-router";

/** Where a lost visitor most likely wanted to go: the lists (labels only: this panel ships with every page's root code). */
const WAYS_ON: [to: string, label: string][] = [
  ["/articles", "Articles"],
  ["/practices", "Guided Practices"],
  ["/courses", "Courses"],
  ["/resources", "Resource Library"],
  ["/recommended-reading", "Recommended Reading"],
  ["/about", "About"],
];

/** The 404 page for any unknown path: help for the visitor; the developer's hint only in development builds. */
export function NotFoundPanel() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 sm:px-6" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading" className="text-center font-serif text-4xl font-semibold">
        404 Page Not Found
      </h1>
      <p className="mt-4 text-center text-lg text-muted-foreground">
        This page may have moved, or the address may have a typo. These are good places to carry on from.
      </p>
      {/* SEARCH FORM: when the site search (/search) exists, a <form role="search" action="/search"> goes here, and only here. */}
      <ul className="mt-10 grid gap-3 sm:grid-cols-2" aria-label="Popular pages">
        {WAYS_ON.map(([to, label]) => (
          <li key={to}>
            <Link
              to={to}
              className="flex min-h-11 items-center rounded-lg border border-border bg-card px-4 font-semibold hover:border-primary"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-center">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center rounded-md bg-primary px-5 py-2.5 font-medium text-primary-foreground hover:opacity-90"
        >
          Back to home
        </Link>
      </p>
      {import.meta.env.DEV && (
        <p className="mt-10 rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground" data-testid="dev-hint">
          Development build only: no route matches <code className="font-mono">{pathname}</code>. Add the page to{" "}
          <code className="font-mono">app/routes.ts</code> if it should exist.
        </p>
      )}
    </section>
  );
}
