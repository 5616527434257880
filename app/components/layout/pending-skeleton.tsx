import { CardGridSkeleton, ResourceGroupsSkeleton, Skeleton } from "../ui/skeleton";

/**
 * What to show while a client-side navigation waits for its data: the destination's skeletons
 * (articles 6 cards, practices 4, resources 9, home 3 + 2 + 3 groups), or null to keep the page.
 */
export function skeletonForPath(pathname: string): React.ReactNode {
  if (pathname === "/articles") return <ListSkeleton count={6} />;
  if (pathname === "/practices") return <ListSkeleton count={4} columns="md:grid-cols-2" />;
  if (pathname === "/resources") return <ListSkeleton count={9} withImage={false} />;
  if (/^\/(articles|practices)\/[^/]+$/.test(pathname)) return <DetailSkeleton />;
  if (pathname === "/") return <HomeSkeleton />;
  return null;
}

function ListSkeleton(props: { count: number; columns?: string; withImage?: boolean }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <Skeleton className="mb-4 h-12 w-64" />
      <Skeleton className="mb-10 h-6 w-full max-w-2xl" />
      <CardGridSkeleton {...props} />
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-live="polite" data-testid="skeleton">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-72 w-full rounded-none" />
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-10">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-8 w-full" />
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines that never reorder
          <Skeleton key={i} className="h-4 w-full" />
        ))}
      </div>
    </div>
  );
}

function HomeSkeleton() {
  return (
    <div className="mx-auto max-w-7xl space-y-16 px-4 py-12 sm:px-6">
      <CardGridSkeleton count={3} />
      <CardGridSkeleton count={2} columns="md:grid-cols-2" />
      <ResourceGroupsSkeleton count={3} />
    </div>
  );
}
