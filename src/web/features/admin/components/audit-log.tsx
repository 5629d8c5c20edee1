import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAuditLog } from '../api/get-audit-log';
import { formatWhen } from '../utils/format';
import { MoreButton } from './query-state';
import { STACK_ON_PHONE } from './stacked-table';

/** Every admin write, newest first, a page at a time. */
export function AuditLog() {
  const log = useAuditLog();
  const entries = log.data?.pages.flat() ?? [];
  return (
    <section aria-labelledby="audit-heading" className="grid gap-3">
      <h2 id="audit-heading" className="text-lg font-semibold">
        Audit log
      </h2>
      {log.isPending ? (
        <p className="text-muted-foreground text-sm">Loading…</p>
      ) : log.isError ? (
        <p role="alert" className="text-destructive text-sm">
          Could not load this list. Please try again.
        </p>
      ) : entries.length === 0 ? (
        <p className="text-muted-foreground text-sm">No admin has acted yet.</p>
      ) : (
        <Table aria-labelledby="audit-heading" className={STACK_ON_PHONE}>
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>What</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell data-label="When" className="text-xs whitespace-nowrap">
                  {formatWhen(entry.createdAt)}
                </TableCell>
                <TableCell data-label="Who" className="text-xs break-all">
                  {entry.actorEmail}
                </TableCell>
                <TableCell data-label="What" className="text-sm">
                  <code className="text-xs">{entry.action}</code> {entry.targetType}
                  {entry.targetId !== null && ` #${entry.targetId}`}
                  {entry.reason && (
                    <div className="text-muted-foreground text-xs break-words">{entry.reason}</div>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <MoreButton query={log} label="Load older entries" />
    </section>
  );
}
