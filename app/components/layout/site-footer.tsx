import { useFooterCategories, useSiteSettings } from "~/lib/site";
import { Link } from "react-router";

type FooterColumn = { heading: string; links: { to: string; label: string }[] };

const EXPLORE: FooterColumn = {
  heading: "Explore",
  links: [
    { to: "/articles", label: "Articles" },
    { to: "/practices", label: "Guided Practices" },
    { to: "/resources", label: "Resource Library" },
  ],
};

const COLUMNS: FooterColumn[] = [
  {
    heading: "About",
    links: [
      { to: "/about", label: "Our Mission" },
      { to: "/about#contributors", label: "Contributors" },
      { to: "/about#testimonials", label: "Testimonials" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    heading: "Legal",
    links: [
      { to: "/legal/privacy", label: "Privacy Policy" },
      { to: "/legal/terms", label: "Terms of Service" },
      { to: "/legal/cookies", label: "Cookie Policy" },
      { to: "/legal/disclaimer", label: "Disclaimer" },
    ],
  },
];

/** A category's filter, written as the list itself writes it (and so one cache entry with it). */
const categoryHref = (name: string) => `/articles?${new URLSearchParams({ category: name })}`;

export function SiteFooter() {
  const site = useSiteSettings();
  const categories = useFooterCategories();
  // The categories (Admin → Categories, in their order) are a column of their own, after Explore.
  const topics: FooterColumn = { heading: "Topics", links: categories.map((name) => ({ to: categoryHref(name), label: name })) };
  const columns = [EXPLORE, ...(topics.links.length > 0 ? [topics] : []), ...COLUMNS];
  return (
    <footer className="border-t border-border bg-muted">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:grid-cols-5">
        <div>
          <p className="font-serif text-lg font-semibold">{site.name}</p>
          <p className="mt-2 text-sm text-muted-foreground">Philosophy, mindfulness and counselling for an examined, meaningful life.</p>
          {site.social.length > 0 && (
            <ul className="mt-4 flex gap-4 text-sm" aria-label="Follow us">
              {site.social.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center underline-offset-4 hover:underline"
                  >
                    {link.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-sm font-semibold uppercase tracking-wide">{column.heading}</h2>
            <ul className="mt-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  {/* A topic's route is /articles, which Explore's first link already discovers: no attribute of its own (bytes). */}
                  <Link to={link.to} className="footer-link" discover={column === topics ? "none" : undefined}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          © {new Date().getFullYear()} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
