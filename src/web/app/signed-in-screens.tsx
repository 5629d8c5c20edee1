import { lazy, Suspense } from 'react';
import { CenteredMessage } from '@/components/page-states';
import { AuthRequired } from '@/lib/require-auth';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { mayAskForCompany } from '@/features/profile/utils/company-question';
import { SignedInPage } from './layouts';
import {
  ReferrerDashboardRoute,
  RequestReferralRoute,
  renderProfileModal,
  toastSignInToRequest,
} from './referral-routes';

/**
 * Every screen under the signed-in header, loaded on demand as one module: a visitor's first page (the
 * landing, sign-in, the blog) never loads the session check, the header's bell and menu, or the API client.
 */

const ProfileEditPage = lazy(() =>
  import('@/features/profile/profile-edit-page').then((m) => ({ default: m.ProfileEditPage })),
);
const BlockedPeopleCard = lazy(() =>
  import('@/features/referrals/components/blocked-people-card').then((m) => ({
    default: m.BlockedPeopleCard,
  })),
);
const CompanyPrompt = lazy(() =>
  import('@/features/profile/components/company-prompt').then((m) => ({ default: m.CompanyPrompt })),
);
const MyReferralsPage = lazy(() =>
  import('@/features/referrals/my-referrals-page').then((m) => ({ default: m.MyReferralsPage })),
);
const CompaniesPage = lazy(() =>
  import('@/features/referrals/companies-page').then((m) => ({ default: m.CompaniesPage })),
);
const UnstaffedCompanies = lazy(() =>
  import('@/features/referrals/components/unstaffed-companies').then((m) => ({
    default: m.UnstaffedCompanies,
  })),
);
// The visitor's page, in its own module: the one a visitor's first load renders without this one.
const VisitorCompaniesScreen = lazy(() =>
  import('./visitor-companies-screen').then((m) => ({ default: m.VisitorCompaniesScreen })),
);
const OpeningsPage = lazy(() =>
  import('@/features/referrals/openings-page').then((m) => ({ default: m.OpeningsPage })),
);
const ReferFlowPage = lazy(() => import('./refer-flow').then((m) => ({ default: m.ReferFlowPage })));
const NotificationsPage = lazy(() =>
  import('@/features/notifications/notifications-page').then((m) => ({ default: m.NotificationsPage })),
);
const OriginalDashboardPage = lazy(() =>
  import('@/features/referrals/original-dashboard-page').then((m) => ({ default: m.OriginalDashboardPage })),
);
const BasicDashboardPage = lazy(() =>
  import('@/features/referrals/basic-dashboard-page').then((m) => ({ default: m.BasicDashboardPage })),
);
const EmergencyDashboardPage = lazy(() =>
  import('@/features/referrals/emergency-dashboard-page').then((m) => ({
    default: m.EmergencyDashboardPage,
  })),
);

export function DashboardScreen() {
  return (
    <SignedInPage>
      {(user) => (
        <DashboardPage
          user={user}
          extras={({ user, isFirstVisit }) =>
            // The question never opens on the session's first dashboard visit: its code loads only when it may.
            mayAskForCompany(user, isFirstVisit) && (
              <Suspense fallback={null}>
                <CompanyPrompt user={user} isFirstVisit={isFirstVisit} />
              </Suspense>
            )
          }
        />
      )}
    </SignedInPage>
  );
}

export function ProfileEditScreen() {
  return (
    <SignedInPage>
      {(user) => (
        <ProfileEditPage
          user={user}
          moreSettings={
            <Suspense fallback={null}>
              <BlockedPeopleCard />
            </Suspense>
          }
        />
      )}
    </SignedInPage>
  );
}

export function RequestReferralScreen() {
  return (
    <SignedInPage onVisitor={toastSignInToRequest}>
      {(user) => <RequestReferralRoute currentCompanyName={user.currentCompanyName} />}
    </SignedInPage>
  );
}

export function MyReferralsScreen() {
  return (
    <SignedInPage>
      {(user) => <MyReferralsPage user={user} renderProfileModal={renderProfileModal} />}
    </SignedInPage>
  );
}

/**
 * Issue 25 item 8: where referrers are. Public: a visitor sees the same directory under the site's own header, and signs in to ask. A visitor's
 * first load skips this screen (router.tsx); this one serves a later visit and a session cookie.
 */
export function CompaniesScreen() {
  return (
    <SignedInPage visitor={<VisitorCompaniesScreen />}>
      {() => <CompaniesPage unstaffed={UnstaffedCompanies} />}
    </SignedInPage>
  );
}

/** Issue 49 item 2: the openings referrers posted, for signed-in users only. */
export function OpeningsScreen() {
  return <SignedInPage>{() => <OpeningsPage />}</SignedInPage>;
}

/** Issue 25 item 9: 'Refer people at your company', in three steps. */
export function ReferScreen() {
  return <SignedInPage>{(user) => <ReferFlowPage user={user} />}</SignedInPage>;
}

export function NotificationsScreen() {
  return <SignedInPage>{() => <NotificationsPage />}</SignedInPage>;
}

/** The referrer dashboard variants: visitors see 'Authentication Required' instead of a redirect (docs/product.md, Roles). */
export function ReferrerDashboardScreen() {
  return (
    <SignedInPage visitor={<AuthRequired />}>
      {(user) => <ReferrerDashboardRoute user={user} renderProfileModal={renderProfileModal} />}
    </SignedInPage>
  );
}

export function OriginalDashboardScreen() {
  return (
    <SignedInPage visitor={<AuthRequired />}>
      {(user) => <OriginalDashboardPage user={user} renderProfileModal={renderProfileModal} />}
    </SignedInPage>
  );
}

export function BasicDashboardScreen() {
  return (
    <SignedInPage visitor={<AuthRequired />} authError={<CenteredMessage title="Auth check failed" />}>
      {(user) => <BasicDashboardPage user={user} />}
    </SignedInPage>
  );
}

export function EmergencyDashboardScreen() {
  return (
    <SignedInPage visitor={<AuthRequired />} authError={<CenteredMessage title="Authentication failed" />}>
      {() => <EmergencyDashboardPage />}
    </SignedInPage>
  );
}
