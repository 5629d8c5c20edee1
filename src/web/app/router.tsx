import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { PageLoading } from '@/components/page-states';
import { PlaceholderPage } from '@/components/placeholder-page';
import { SignInPage, SignUpPage } from '@/features/auth/auth-page';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { LandingPage } from '@/features/landing/landing-page';
import { paths } from '@/paths';
import { SignedInPage, notificationsNav } from './layouts';
import { ScrollToTop } from './scroll-to-top';

// Screens past the first visit load on demand, keeping the landing and sign-in bundle small.
const ProfileEditPage = lazy(() =>
  import('@/features/profile/profile-edit-page').then((m) => ({ default: m.ProfileEditPage })),
);
const ProfileViewPage = lazy(() =>
  import('@/features/profile/profile-view-page').then((m) => ({ default: m.ProfileViewPage })),
);
const CompanyPrompt = lazy(() =>
  import('@/features/profile/company-prompt').then((m) => ({ default: m.CompanyPrompt })),
);
const NotificationsPage = lazy(() =>
  import('@/features/notifications/notifications-page').then((m) => ({ default: m.NotificationsPage })),
);

function Root() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}

const placeholder = (title: string) => <PlaceholderPage title={title} />;
const signedInPlaceholder = (title: string) => <SignedInPage>{() => placeholder(title)}</SignedInPage>;

/** Every route of spec section 2, with no guard: each protected screen checks the session itself. */
export const routes = [
  {
    element: <Root />,
    children: [
      { path: paths.home, element: <LandingPage /> },
      { path: paths.signUp, element: <SignUpPage /> },
      { path: paths.signIn, element: <SignInPage /> },
      {
        path: paths.dashboard,
        element: (
          <SignedInPage>
            {(user) => (
              <DashboardPage
                user={user}
                extras={({ user, isFirstVisit }) => (
                  <Suspense fallback={null}>
                    <CompanyPrompt user={user} isFirstVisit={isFirstVisit} />
                  </Suspense>
                )}
              />
            )}
          </SignedInPage>
        ),
      },
      {
        path: paths.profileEdit,
        element: <SignedInPage>{(user) => <ProfileEditPage user={user} />}</SignedInPage>,
      },
      { path: '/profile/view/:id', element: <ProfileViewPage /> },
      { path: paths.requestReferral, element: signedInPlaceholder('Request a Referral') },
      { path: paths.myReferrals, element: signedInPlaceholder('My Referrals') },
      {
        path: paths.notifications,
        element: <SignedInPage nav={notificationsNav}>{() => <NotificationsPage />}</SignedInPage>,
      },
      { path: paths.blog, element: placeholder('Blog') },
      { path: '/blog/:slug', element: placeholder('Blog') },
      { path: paths.demo, element: placeholder('Demo') },
      { path: paths.referrerDemo, element: placeholder('Referrer Demo') },
      { path: paths.referrerDashboard, element: signedInPlaceholder('Referrer Dashboard') },
      { path: paths.originalDashboard, element: signedInPlaceholder('Referrer Dashboard') },
      { path: paths.basicDashboard, element: signedInPlaceholder('Referrer Dashboard') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
