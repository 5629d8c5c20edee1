import type { User } from '@shared/auth';
import { Suspense, type ReactNode } from 'react';
import { AccountButton } from '@/features/auth/components/account-button';
import type { MenuLink } from '@/features/auth/components/account-menu';
import { AppHeader, type NavItem } from '@/components/app-header';
import { PageLoading } from '@/components/page-states';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { NotificationPoller } from '@/features/notifications/components/notification-poller';
import { useAuthStatus } from '@/lib/auth';
import { RequireAuth } from '@/lib/require-auth';
import { paths } from '@/paths';
import { TrackPageView } from './track-page-view';

/**
 * The one signed-in header (issue 46 item 9): every signed-in page has the same links, so the way around
 * never changes under a person. They hold every link docs/product.md, Screens asks of any signed-in header: Dashboard
 * and Referrals (the dashboard), Notifications (/notifications), Profile (/my-referrals), the company
 * directory (issue 25 item 8) and the openings referrers posted (issue 49 item 2).
 */
export const signedInNav: NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard },
  { label: 'Referrals', to: paths.myReferrals },
  { label: 'Notifications', to: paths.notifications },
  { label: 'Profile', to: paths.profileEdit },
  { label: 'Companies', to: paths.companies },
  { label: 'Openings', to: paths.openings },
];

/**
 * The one account menu, with every item docs/product.md, Screens names for one: Referrals Dashboard (the shared dropdown
 * and /my-referrals), My Referral Requests and, for referrers, Referrer Dashboard (the dashboard), Account
 * Settings; sign-out follows.
 */
export function signedInMenu(user: User, isAdmin = false): MenuLink[] {
  return [
    { label: 'Referrals Dashboard', to: paths.dashboard },
    { label: 'My Referral Requests', to: paths.myReferrals },
    ...(user.role === 'referrer' ? [{ label: 'Referrer Dashboard', to: paths.referrerDashboard }] : []),
    { label: 'Account Settings', to: paths.profileEdit },
    // Issue 46 item 9: the console is linked for the admins it is for, and for nobody else.
    ...(isAdmin ? [{ label: 'Admin console', to: paths.admin }] : []),
  ];
}

/** A protected screen under the signed-in header. */
export function SignedInPage({
  visitor,
  authError,
  onVisitor,
  children,
}: {
  visitor?: ReactNode;
  authError?: ReactNode;
  onVisitor?: () => void;
  children: (user: User) => ReactNode;
}) {
  const status = useAuthStatus();
  return (
    <RequireAuth visitor={visitor} authError={authError} onVisitor={onVisitor}>
      {(user) => (
        <NotificationPoller>
          <TrackPageView />
          <div className="bg-muted/30 min-h-screen">
            <AppHeader
              nav={signedInNav}
              actions={
                <>
                  <NotificationBell />
                  <AccountButton
                    user={user}
                    links={signedInMenu(user, status.data?.isAdmin)}
                    signOutLabel="Sign out"
                  />
                </>
              }
            />
            {/* A screen's code and data load under the header, which stays (and keeps an open popup open). */}
            <Suspense fallback={<PageLoading />}>{children(user)}</Suspense>
          </div>
        </NotificationPoller>
      )}
    </RequireAuth>
  );
}
