export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-muted ${className}`} />;
}

/** A grid of placeholder cards (as many as the section will show), announced once to screen readers. */
export function CardGridSkeleton({
  count,
  columns = "md:grid-cols-2 lg:grid-cols-3",
  withImage = true,
}: {
  count: number;
  columns?: string;
  withImage?: boolean;
}) {
  return (
    <div role="status" aria-live="polite" data-testid="skeleton">
      <span className="sr-only">Loading…</span>
      <div className={`grid gap-6 ${columns}`}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder cards that never reorder
          <div key={i} data-skeleton-card className="overflow-hidden rounded-xl border border-border bg-card">
            {withImage && <Skeleton className="aspect-video w-full rounded-none" />}
            <div className="space-y-3 p-5">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-6 w-4/5" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** The home page's resource groups while they load: a heading and four lines each. */
export function ResourceGroupsSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-live="polite" data-testid="skeleton">
      <span className="sr-only">Loading…</span>
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: count }, (_, group) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder groups that never reorder
          <div key={group} data-skeleton-group className="space-y-3 rounded-xl border border-border p-5">
            <Skeleton className="h-6 w-1/2" />
            {Array.from({ length: 4 }, (_, line) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines that never reorder
              <Skeleton key={line} className="h-4 w-full" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
