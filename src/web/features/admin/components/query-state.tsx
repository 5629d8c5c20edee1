import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

const loading = <p className="text-muted-foreground text-sm">Loading…</p>;
const failed = (
  <p role="alert" className="text-destructive text-sm">
    Could not load this list. Please try again.
  </p>
);

/** A list's loading, failure and empty states, else the list. */
export function QueryState<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) return failed;
  if (query.data.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  return <>{children(query.data)}</>;
}

/**
 * A queue read a page at a time (issue 26): its states as QueryState's, the pages loaded so far as one
 * list, and 'Show more' under it while the last page came back full. A page that fails to load leaves the
 * ones already shown in place.
 */
export function PagedQueryState<T>({
  query,
  empty,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<T[]>>;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (!query.data) return failed;
  const rows = query.data.pages.flat();
  if (rows.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  return (
    <>
      {children(rows)}
      {query.isFetchNextPageError && (
        <p role="alert" className="text-destructive text-sm">
          Could not load more. Please try again.
        </p>
      )}
      <MoreButton query={query} label="Show more" loadingLabel="Loading more…" />
    </>
  );
}

/** The next page of an infinite list, under it while there may be more; disabled while it loads. */
export function MoreButton({
  query,
  label,
  loadingLabel = label,
}: {
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  label: string;
  loadingLabel?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      type="button"
      variant="outline"
      className="justify-self-start"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? loadingLabel : label}
    </Button>
  );
}
