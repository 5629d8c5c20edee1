import type { User } from '@shared/auth';
import { displayStatus } from '@shared/referral-status';
import { HorizontalScroll } from '@/components/horizontal-scroll';
import { ApiRequestError } from '@/lib/api';
import { useIncomingRequests } from './api/get-incoming-requests';
import { EmptyState, LoadingText } from './components/referral-states';
import { StatusActions } from './components/status-actions';
import { StatusBadge } from './components/status-badge';
import { companyNameOf, formatRequestDate, truncateUrl } from './utils/referral-display';
import { PageMain } from '@/components/main-landmark';
import { PageHeader } from '@/components/page-header';

/** /basic-dashboard: the referrer's requests as one table (docs/product.md, Screens: job URL cut to 40 characters). */
export function BasicDashboardPage({ user }: { user: User }) {
  const query = useIncomingRequests();
  return (
    <PageMain className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <PageHeader
        title="Referral Requests"
        text={`Signed in as ${user.fullName}. Every request assigned to you, newest first.`}
      />
      {query.isPending ? (
        <LoadingText text="Loading referral requests..." />
      ) : query.isError ? (
        <p role="alert" className="text-destructive font-medium">
          {query.error instanceof ApiRequestError
            ? `Server error: ${query.error.status}`
            : query.error.message}
        </p>
      ) : query.data.pages.flat().length === 0 ? (
        <EmptyState title="No referral requests received" />
      ) : (
        <HorizontalScroll label="Referral requests table" className="bg-card rounded-xl border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Referral requests</caption>
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                {['Position', 'Company', 'Applicant', 'Job URL', 'Requested on', 'Status', 'Actions'].map(
                  (h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-medium">
                      {h}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {query.data.pages.flat().map((r) => (
                <tr key={r.id} className="border-t align-top">
                  <td className="px-3 py-2 font-medium">{r.position}</td>
                  <td className="px-3 py-2">{companyNameOf(r, 'Unknown Company')}</td>
                  <td className="px-3 py-2">{r.jobSeeker.fullName || 'Unknown User'}</td>
                  <td className="px-3 py-2">
                    <a
                      href={r.jobUrl}
                      title={r.jobUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {truncateUrl(r.jobUrl)}
                    </a>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatRequestDate(r.createdAt)}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={displayStatus(r)} />
                  </td>
                  <td className="px-3 py-2">
                    <StatusActions request={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </HorizontalScroll>
      )}
    </PageMain>
  );
}
