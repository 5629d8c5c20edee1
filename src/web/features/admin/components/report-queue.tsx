import { REPORT_REASON_LABELS, type AdminReport, type ReportAction } from '@shared/reports';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { reportQueueQuery } from '../api/get-report-queue';
import { useResolveReport } from '../api/resolve-report';
import { formatWhen } from '../utils/format';
import { PersonLink } from './admin-view-parts';
import { PagedQueryState } from './query-state';
import { QueueHeading } from './queue-heading';
import { TextDialog, succeeded } from './text-dialog';
import { adminPaths } from '../admin-paths';

const ACTIONS: { action: ReportAction; label: string }[] = [
  { action: 'dismissed', label: 'Dismiss' },
  { action: 'warned', label: 'Warned' },
  { action: 'suspended', label: 'Suspended' },
  { action: 'other', label: 'Other' },
];

/** Open reports, oldest first, a page at a time, each with its reason and note in full, and a way to close it. */
export function ReportQueue() {
  const reports = useInfiniteQuery(reportQueueQuery);
  return (
    <section aria-labelledby="reports-heading" className="grid gap-3">
      <QueueHeading id="reports-heading" title="Reports" count="openReports" waiting="open" />
      <PagedQueryState query={reports} empty="No open reports.">
        {(list) => (
          <ul className="grid gap-3">
            {list.map((report) => (
              <ReportItem key={report.id} report={report} />
            ))}
          </ul>
        )}
      </PagedQueryState>
    </section>
  );
}

function ReportItem({ report }: { report: AdminReport }) {
  const resolve = useResolveReport();
  return (
    <li className="bg-background grid gap-2 rounded-lg border p-4" aria-label={`Report ${report.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{REPORT_REASON_LABELS[report.reason]}</Badge>
        <span className="text-muted-foreground text-xs">{formatWhen(report.createdAt)}</span>
      </div>
      <p className="text-sm">
        <PersonLink person={report.reporter} /> reported <PersonLink person={report.subject} />
        {report.request && (
          <>
            {' '}
            about{' '}
            <Link to={adminPaths.request(report.request.id)} className="underline underline-offset-4">
              the request for {report.request.position} at {report.request.companyName} (#
              {report.request.id})
            </Link>
          </>
        )}
        .
      </p>
      <p className="text-sm break-words whitespace-pre-wrap">{report.note || 'No note.'}</p>
      <div className="flex flex-wrap gap-2">
        {ACTIONS.map(({ action, label }) => (
          <TextDialog
            key={action}
            trigger={
              <Button type="button" size="sm" variant={action === 'dismissed' ? 'outline' : 'secondary'}>
                {label}
              </Button>
            }
            title={`Resolve report ${report.id}: ${label.toLowerCase()}`}
            description="The note goes into the audit log with the resolution. Suspend the user from the Users tab."
            label="Note"
            confirm="Resolve"
            onConfirm={(note) => succeeded(() => resolve.mutateAsync({ id: report.id, action, note }))}
          />
        ))}
      </div>
    </li>
  );
}
