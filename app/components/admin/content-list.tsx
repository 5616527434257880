import { useMemo, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { toast } from "~/components/layout/toaster";
import { SearchIcon } from "~/components/ui/icons";
import { Button, LinkButton } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ApiError, sendJson } from "~/lib/api-client";
import type { ListItem } from "~/lib/content-types/types";
import { ConfirmDialog } from "./confirm-dialog";
import { OwnerTime } from "./local-time";

/**
 * An admin list (newest first, as loaded), with a search box filtering the loaded rows, "In review only" when drafts
 * wait for review, and, per row, View (a published item; Preview for one that is not, as its edit page offers) / Edit /
 * Delete (Delete asks first; only on rows the account may delete).
 */
export function ContentList({
  noun,
  items,
  apiBase,
  adminBase,
  plural: pluralName,
  publicHref,
  previewHref,
}: {
  noun: string;
  /** "Categories": the list's accessible name. */
  plural: string;
  items: ListItem[];
  /** e.g. "/api/articles": DELETE {apiBase}/{id}. */
  apiBase: string;
  adminBase: string;
  /** Where an item is on the site (its "View" link). */
  publicHref: (item: ListItem) => string;
  /** A type with drafts: where an unpublished item's preview is (its "Preview" link; the public page is a 404). */
  previewHref?: (item: ListItem) => string;
}) {
  const [query, setQuery] = useState("");
  const [reviewOnly, setReviewOnly] = useState(false);
  const inReview = items.filter((item) => item.status?.value === "review").length;
  const filtered = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const shown = reviewOnly ? items.filter((item) => item.status?.value === "review") : items;
    if (!needle) return shown;
    return shown.filter((item) => [item.title, ...item.details].some((text) => text.toLowerCase().includes(needle)));
  }, [items, query, reviewOnly]);
  const plural = pluralName.toLowerCase();

  return (
    <div>
      <div className="relative max-w-md">
        <label htmlFor="admin-list-search" className="sr-only">
          Search {plural}
        </label>
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id="admin-list-search"
          type="search"
          placeholder={`Search ${plural}…`}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="pl-9"
        />
      </div>
      {inReview > 0 && (
        <label className="mt-3 inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-primary"
            checked={reviewOnly}
            onChange={(event) => setReviewOnly(event.target.checked)}
          />
          In review only ({inReview})
        </label>
      )}
      <p className="mt-3 text-sm text-muted-foreground" aria-live="polite">
        {filtered.length === items.length
          ? `${items.length} ${items.length === 1 ? noun.toLowerCase() : plural}`
          : `${filtered.length} of ${items.length} ${plural} match`}
      </p>
      {filtered.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {items.length === 0 ? `No ${plural} yet.` : `No ${plural} match “${query.trim()}”.`}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-border rounded-xl border border-border bg-card" aria-label={pluralName}>
          {filtered.map((item) => (
            <Row
              key={item.id}
              item={item}
              noun={noun}
              apiBase={apiBase}
              adminBase={adminBase}
              publicHref={publicHref}
              previewHref={previewHref}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function Row({
  item,
  noun,
  apiBase,
  adminBase,
  publicHref,
  previewHref,
}: {
  item: ListItem;
  noun: string;
  apiBase: string;
  adminBase: string;
  publicHref: (item: ListItem) => string;
  previewHref?: (item: ListItem) => string;
}) {
  // Only a published item (or one of a type without statuses) is on the site; a draft or scheduled one has its preview.
  const published = !item.status || item.status.value === "published";
  const [confirming, setConfirming] = useState(false);
  const remove = useDelete(noun, `${apiBase}/${item.id}`, item.title);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-item-id={item.id}>
      <div className="min-w-0">
        <p className="font-medium">
          <Link to={`${adminBase}/${item.id}`} className="hover:underline">
            {item.title}
          </Link>
          {item.badge && <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs text-accent-foreground">{item.badge}</span>}
          {item.status && (
            <span className="ml-2 rounded-full border border-border px-2 py-0.5 text-xs text-foreground" data-status={item.status.value}>
              {item.status.value === "scheduled" && item.status.at ? (
                <>
                  Scheduled for <OwnerTime iso={item.status.at} />
                </>
              ) : (
                item.status.text
              )}
            </span>
          )}
        </p>
        <p className="mt-0.5 text-sm text-muted-foreground">{[`#${item.id}`, ...item.details].join(" · ")}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        {published ? (
          <LinkButton to={publicHref(item)} variant="ghost" size="sm" aria-label={`View “${item.title}” on the site`}>
            View
          </LinkButton>
        ) : previewHref ? (
          <LinkButton to={previewHref(item)} variant="ghost" size="sm" aria-label={`Preview “${item.title}”`}>
            Preview
          </LinkButton>
        ) : null}
        <LinkButton to={`${adminBase}/${item.id}`} variant="outline" size="sm" aria-label={`Edit “${item.title}”`}>
          Edit
        </LinkButton>
        {item.mayDelete !== false && (
          <Button variant="destructive" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete “${item.title}”`}>
            Delete
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete this ${noun.toLowerCase()}?`}
        message={<>“{item.title}” will be removed from the site. This cannot be undone.</>}
        busy={remove.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          if (await remove.run()) {
            setConfirming(false);
            // The row is gone: keep focus in the list's controls rather than on the page body.
            document.getElementById("admin-list-search")?.focus();
          }
        }}
      />
    </li>
  );
}

/** DELETE with the toasts; true when it is gone. Revalidates the page, or goes to `after` when given. */
export function useDelete(noun: string, path: string, title: string, after?: string) {
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  async function run() {
    setBusy(true);
    try {
      await sendJson("DELETE", path);
      toast.success("Deleted", { description: `${noun} “${title}” has been deleted.` });
      if (after) navigate(after);
      else await revalidator.revalidate();
      return true;
    } catch (error) {
      toast.error("Error", {
        description:
          error instanceof Error && error.message ? error.message : `The ${noun.toLowerCase()} could not be deleted. Please try again.`,
      });
      if (error instanceof ApiError && error.status === 401) navigate("/login");
      if (error instanceof ApiError && error.status === 404) await revalidator.revalidate();
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
