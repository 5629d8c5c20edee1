import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { DEMAND_CSV_HREF, useDemand } from '../api/get-demand';
import { MoreButton } from './query-state';
import { STACK_ON_PHONE } from './stacked-table';

const FIGURES = [
  { key: 'waiting', label: 'Waiting' },
  { key: 'expiredUnanswered', label: 'Expired unanswered (90 days)' },
  { key: 'watchers', label: 'Watchers' },
  { key: 'availableReferrers', label: 'Available referrers' },
] as const;

/**
 * Issue 49 item 4: where referrers are missing, each company's exact figures (no threshold here: that is
 * for the public list), most waiting + watchers first.
 */
export function DemandTable() {
  const demand = useDemand();
  const rows = demand.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="demand-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="demand-heading" className="text-lg font-semibold">
          Demand
        </h2>
        <a
          href={DEMAND_CSV_HREF}
          download="referbridge-demand.csv"
          className="text-sm underline underline-offset-4"
        >
          Download CSV (first 100 companies)
        </a>
      </div>
      <p className="text-muted-foreground text-sm">
        Requests waiting with no referrer, requests that expired unanswered in the last 90 days, people
        watching, and referrers who can take a request now. Most waiting and watchers first.
      </p>
      {demand.isPending ? (
        <p className="text-muted-foreground text-sm">Loading…</p>
      ) : demand.isError && rows.length === 0 ? (
        <p role="alert" className="text-destructive text-sm">
          Could not load this list. Please try again.
        </p>
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">No company has waiting requests or watchers.</p>
      ) : (
        <Table aria-labelledby="demand-heading" className={STACK_ON_PHONE}>
          <TableHeader>
            <TableRow>
              <TableHead>Company</TableHead>
              {FIGURES.map((f) => (
                <TableHead key={f.key} className="text-right">
                  {f.label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.companyId}>
                <TableCell data-label="Company" className="text-sm font-medium break-words">
                  {row.name}
                </TableCell>
                {FIGURES.map((f) => (
                  <TableCell key={f.key} data-label={f.label} className="text-sm tabular-nums sm:text-right">
                    {row[f.key]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {demand.isFetchNextPageError && (
        <p role="alert" className="text-destructive text-sm">
          Could not load more. Please try again.
        </p>
      )}
      <MoreButton query={demand} label="Show more" loadingLabel="Loading more…" />
    </section>
  );
}
