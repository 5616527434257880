import { Link, useLocation } from "react-router";

/** The 404 page for any unknown path. */
export function NotFoundPanel() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="font-serif text-4xl font-semibold">404 Page Not Found</h1>
      <p className="mt-4 text-muted-foreground">
        No route matches <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm">{pathname}</code>. Check the address, or add the
        page to <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm">app/routes.ts</code>.
      </p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-primary px-5 py-2.5 font-medium text-primary-foreground hover:opacity-90">
        Back to home
      </Link>
    </section>
  );
}
