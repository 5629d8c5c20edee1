import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { QueryState } from './query-state';
import { SearchBox } from './search-box';
import { STACK_ON_PHONE } from './stacked-table';

/**
 * A console section that finds things (users, companies): its heading, the search box, then what matches
 * in a table under `columns`, one `row` each. The caller keeps the search's text and reads its query.
 */
export function SearchSection<T>({
  headingId,
  title,
  searchLabel,
  placeholder,
  onSearch,
  query,
  empty,
  columns,
  row,
}: {
  headingId: string;
  title: string;
  searchLabel: string;
  placeholder: string;
  onSearch: (q: string) => void;
  query: UseQueryResult<T[]>;
  empty: string;
  columns: string[];
  row: (item: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <SearchBox label={searchLabel} placeholder={placeholder} onSearch={onSearch} />
      <QueryState query={query} empty={empty}>
        {(list) => (
          <Table aria-labelledby={headingId} className={STACK_ON_PHONE}>
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHead key={column}>{column}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>{list.map(row)}</TableBody>
          </Table>
        )}
      </QueryState>
    </section>
  );
}
