import type { User } from '@shared/auth';
import { format } from 'date-fns';
import { Bug } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useIncomingRequests } from './api/get-incoming-requests';
import { ReferrerDashboardFrame, type ReferrerDashboardProps } from './components/referrer-dashboard-frame';
import { REQUEST_GROUPS, groupRequests } from './utils/referral-display';

/** /original-dashboard: the referrer dashboard plus debug information (counts, user id, last fetch). */
export function OriginalDashboardPage(props: ReferrerDashboardProps) {
  return (
    <ReferrerDashboardFrame
      {...props}
      text="The referrer dashboard with debug information for support and testing."
    >
      <DebugPanel user={props.user} />
    </ReferrerDashboardFrame>
  );
}

function DebugPanel({ user }: { user: User }) {
  // Same query and cache entry as the list below: this reads it, it does not fetch a second time.
  const query = useIncomingRequests();
  const requests = query.data?.pages.flat() ?? [];
  const groups = groupRequests(requests);
  const rows: [string, string][] = [
    ['User id', String(user.id)],
    ['Role', user.role],
    ['Willing to give referrals', user.willingToGiveReferrals ? 'yes' : 'no'],
    ['Query status', query.status],
    ['Total requests', String(requests.length)],
    ...REQUEST_GROUPS.map(({ key, title }): [string, string] => [title, String(groups[key].length)]),
    [
      'Last fetch',
      query.dataUpdatedAt ? format(new Date(query.dataUpdatedAt), 'MMM d, yyyy h:mm:ss a') : 'never',
    ],
  ];
  return (
    <Card className="gap-3 py-4" aria-labelledby="debug-title">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Bug className="size-4" aria-hidden="true" />
          <h2 id="debug-title">Debug information</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 font-mono text-xs sm:grid-cols-[auto_1fr_auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
