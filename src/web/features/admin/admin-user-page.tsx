import type { AdminRequestLine, AdminUserView } from '@shared/admin-views';
import { REPORT_REASON_LABELS } from '@shared/reports';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { adminUserQuery } from './api/get-admin-user';
import { AdminViewPage, PersonLink, StatusText, ViewSection } from './components/admin-view-parts';
import { UserActions, UserReferrer, UserStatus } from './components/user-admin';
import { formatWhen } from './utils/format';
import { adminPaths } from './admin-paths';

/**
 * /admin/users/{id} (issue 46 item 9): one user as an admin reaches them from a report: who they are, the
 * console's actions on them, their requests and the referrals they held, and the reports about them.
 */
export function AdminUserPage({ selfId }: { selfId: number }) {
  return (
    <AdminViewPage
      query={adminUserQuery}
      tab="users"
      noSuch="There is no such user."
      title={(_id, view) => view?.user.fullName ?? 'User'}
    >
      {(view) => <UserView view={view} self={view.user.id === selfId} />}
    </AdminViewPage>
  );
}

function UserView({ view, self }: { view: AdminUserView; self: boolean }) {
  const { user } = view;
  return (
    <div className="grid gap-8">
      <header className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{user.fullName}</h1>
        <p className="text-muted-foreground break-all">
          {user.email} · #{user.id} · joined {formatWhen(user.createdAt)}
        </p>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground text-xs">Refers at</dt>
            <dd>
              <UserReferrer user={user} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs">Account</dt>
            <dd>
              <UserStatus user={user} />
            </dd>
          </div>
        </dl>
        <UserActions user={user} self={self} />
      </header>
      <ViewSection id="user-reports-heading" title="Reports about them">
        {view.reportsAbout.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nobody has reported them.</p>
        ) : (
          <ul className="grid gap-3">
            {view.reportsAbout.map((report) => (
              <li key={report.id} className="grid gap-1 rounded-lg border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant="secondary">{REPORT_REASON_LABELS[report.reason]}</Badge>
                  <Badge variant={report.status === 'open' ? 'default' : 'outline'}>
                    {report.status === 'open' ? 'Open' : 'Resolved'}
                  </Badge>
                  <span className="text-muted-foreground text-xs">{formatWhen(report.createdAt)}</span>
                </div>
                <p>
                  By <PersonLink person={report.reporter} />
                  {report.requestId !== null && (
                    <>
                      {' '}
                      about{' '}
                      <Link
                        to={adminPaths.request(report.requestId)}
                        className="underline underline-offset-4"
                      >
                        request #{report.requestId}
                      </Link>
                    </>
                  )}
                  .
                </p>
                <p className="break-words whitespace-pre-wrap">{report.note || 'No note.'}</p>
              </li>
            ))}
          </ul>
        )}
      </ViewSection>
      <ViewSection id="user-requests-heading" title="Their requests">
        <RequestLines lines={view.requests} empty="They have asked for no referral." />
      </ViewSection>
      <ViewSection id="user-referrals-heading" title="Requests they held as a referrer">
        <RequestLines lines={view.referrals} empty="No request was ever given to them." />
      </ViewSection>
    </div>
  );
}

/** Requests as lines: position and company linked to the request's view, status, date. */
function RequestLines({ lines, empty }: { lines: readonly AdminRequestLine[]; empty: string }) {
  if (lines.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  return (
    <ul className="divide-y rounded-lg border">
      {lines.map((line) => (
        <li key={line.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
          <Link
            to={adminPaths.request(line.id)}
            className="font-medium break-words underline underline-offset-4"
          >
            {line.position} at {line.companyName}
          </Link>
          <span className="text-muted-foreground text-xs">#{line.id}</span>
          <StatusText status={line.passedOnAt ? 'passed_on' : line.status} />
          <span className="text-muted-foreground text-xs">{formatWhen(line.createdAt)}</span>
        </li>
      ))}
    </ul>
  );
}
