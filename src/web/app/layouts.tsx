import type { User } from '@shared/auth';
import { Suspense, type ReactNode } from 'react';
import { AccountButton } from '@/features/auth/components/account-button';
import type { MenuLink } from '@/features/auth/components/account-menu';
import { AppHeader, type NavItem } from '@/components/app-header';
import { PageLoading } from '@/components/page-states';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { NotificationPoller } from '@/features/notifications/components/notification-poller';
import { RequireAuth } from '@/lib/require-auth';
import { paths } from '@/paths';
import { TrackPageView } from './track-page-view';

/** The two links every signed-in header starts with (spec section 2). */
const specNav: NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard },
  { label: 'Referrals', to: paths.myReferrals },
];

/** The default signed-in header: the spec's two links and the company directory (issue 25 item 8). */
export const dashboardNav: NavItem[] = [...specNav, { label: 'Companies', to: paths.companies }];

/** The /notifications header (spec: nav Dashboard, Referrals, Notifications). */
export const notificationsNav: NavItem[] = [...specNav, { label: 'Notifications', to: paths.notifications }];

/** The /my-referrals header (spec: links to /dashboard, /my-referrals, /profile/edit). */
export const myReferralsNav: NavItem[] = [...specNav, { label: 'Profile', to: paths.profileEdit }];

/** The /my-referrals account menu (spec: Referrals Dashboard, Account Settings, Sign out). */
export function myReferralsMenu(): MenuLink[] {
  return [
    { label: 'Referrals Dashboard', to: paths.dashboard },
    { label: 'Account Settings', to: paths.profileEdit },
  ];
}

export function dashboardMenu(user: User): MenuLink[] {
  return [
    { label: 'My Referral Requests', to: paths.myReferrals },
    ...(user.role === 'referrer' ? [{ label: 'Referrer Dashboard', to: paths.referrerDashboard }] : []),
    { label: 'Account Settings', to: paths.profileEdit },
  ];
}

/** A protected screen under the signed-in header. */
export function SignedInPage({
  nav = dashboardNav,
  menu = dashboardMenu,
  visitor,
  authError,
  onVisitor,
  children,
}: {
  nav?: NavItem[];
  menu?: (user: User) => MenuLink[];
  visitor?: ReactNode;
  authError?: ReactNode;
  onVisitor?: () => void;
  children: (user: User) => ReactNode;
}) {
  return (
    <RequireAuth visitor={visitor} authError={authError} onVisitor={onVisitor}>
      {(user) => (
        <NotificationPoller>
          <TrackPageView />
          <div className="bg-muted/30 min-h-screen">
            <AppHeader
              nav={nav}
              actions={
                <>
                  <NotificationBell />
                  <AccountButton user={user} links={menu(user)} signOutLabel="Sign out" />
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
