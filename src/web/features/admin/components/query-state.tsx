import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

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
  if (query.isPending) return <p className="text-muted-foreground text-sm">Loading…</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-destructive text-sm">
        Could not load this list. Please try again.
      </p>
    );
  if (query.data.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  return <>{children(query.data)}</>;
}
