import { displayStatus, statusLabel } from '@shared/referral-status';
import { type ShownReferralRequest } from '@shared/referrals';
import { Link } from 'react-router';
import { HorizontalScroll } from '@/components/horizontal-scroll';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api';
import { paths } from '@/paths';
import { useIncomingRequests } from './api/get-incoming-requests';
import { StatusActions } from './components/status-actions';
import { companyNameOf, formatRequestDate, normalizeStatus } from './utils/referral-display';
import { PageMain } from '@/components/main-landmark';

/**
 * /emergency-dashboard (docs/decisions/013-emergency-dashboard-route.md): plain tables, few moving parts, for when the richer
 * dashboards misbehave.
 */
export function EmergencyDashboardPage({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const query = useIncomingRequests();
  return (
    <PageMain className="mx-auto grid max-w-5xl grid-cols-1 gap-6 px-4 py-6">
      <h1 className="text-2xl font-bold">Referrer Dashboard (emergency view)</h1>
      <nav aria-label="Emergency links" className="flex flex-wrap gap-4 text-sm underline underline-offset-4">
        <Link to={paths.dashboard}>Dashboard</Link>
        <Link to={paths.requestReferral}>Request a Referral</Link>
        <Link to={paths.myReferrals}>My Referrals</Link>
      </nav>
      {query.isPending ? (
        <p role="status">Loading referral requests...</p>
      ) : query.isError ? (
        <div role="alert" className="grid justify-items-start gap-2">
          <p className="text-destructive font-medium">There was an error loading the referrer dashboard.</p>
          <p className="font-mono text-sm">{errorText(query.error)}</p>
          <Button type="button" onClick={reload}>
            Try Again
          </Button>
        </div>
      ) : (
        <Tables requests={query.data.pages.flat()} />
      )}
    </PageMain>
  );
}

function errorText(error: Error) {
  return error instanceof ApiRequestError
    ? `Error fetching referrals: ${error.status} ${error.statusText}`.trim()
    : error.message;
}

function Tables({ requests }: { requests: readonly ShownReferralRequest[] }) {
  const pending = requests.filter((r) => normalizeStatus(displayStatus(r)) === 'pending');
  const processed = requests.filter((r) => normalizeStatus(displayStatus(r)) !== 'pending');
  return (
    <>
      <PlainTable title="Pending Referrals" requests={pending} />
      <PlainTable title="Processed Referrals" requests={processed} />
    </>
  );
}

function PlainTable({ title, requests }: { title: string; requests: readonly ShownReferralRequest[] }) {
  return (
    <section aria-label={title} className="grid min-w-0 gap-2">
      <h2 className="text-lg font-semibold">
        {title} ({requests.length})
      </h2>
      {requests.length === 0 ? (
        <p className="text-muted-foreground text-sm">None.</p>
      ) : (
        <HorizontalScroll label={`${title} table`}>
          <table className="w-full border text-left text-sm">
            <thead>
              <tr>
                {['Position', 'Company', 'Applicant', 'Requested on', 'Status', 'Actions'].map((h) => (
                  <th key={h} scope="col" className="border px-2 py-1">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => (
                <tr key={r.id}>
                  <td className="border px-2 py-1">
                    <a href={r.jobUrl} target="_blank" rel="noopener noreferrer" className="underline">
                      {r.position}
                    </a>
                  </td>
                  <td className="border px-2 py-1">{companyNameOf(r, 'Unknown Company')}</td>
                  <td className="border px-2 py-1">{r.jobSeeker.fullName || 'Unknown User'}</td>
                  <td className="border px-2 py-1">{formatRequestDate(r.createdAt)}</td>
                  <td className="border px-2 py-1">{statusLabel(displayStatus(r))}</td>
                  <td className="border px-2 py-1">
                    <StatusActions request={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </HorizontalScroll>
      )}
    </section>
  );
}
