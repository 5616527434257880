import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * An admin list as a table: a card that scrolls sideways on narrow screens, a caption for screen readers, one
 * header row. The rows are the children.
 */
export function AdminTable({ caption, headings, children }: { caption: string; headings: readonly string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}

/** Previous and Next under a paged admin list, with "Page n of m" between; nothing when the list fits one page. */
export function AdminPager({
  label,
  page,
  pages,
  pageLink,
}: {
  label: string;
  page: number;
  pages: number;
  pageLink: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={pageLink(page - 1)} className={buttonClass("outline")}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageLink(page + 1)} className={buttonClass("outline")}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
