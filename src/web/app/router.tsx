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
import { DocumentTitle, type RouteHandle } from './document-title';
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
      <DocumentTitle />
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
      { path: paths.signUp, handle: { title: 'Sign up' } satisfies RouteHandle, element: <SignUpPage /> },
      { path: paths.signIn, handle: { title: 'Sign in' } satisfies RouteHandle, element: <SignInPage /> },
      {
        path: paths.dashboard,
        handle: { title: 'Dashboard' } satisfies RouteHandle,
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
        handle: { title: 'Edit Profile' } satisfies RouteHandle,
        element: <SignedInPage>{(user) => <ProfileEditPage user={user} />}</SignedInPage>,
      },
      {
        path: '/profile/view/:id',
        handle: { title: 'User Profile' } satisfies RouteHandle,
        element: <ProfileViewPage />,
      },
      {
        path: paths.requestReferral,
        handle: { title: 'Request a Referral' } satisfies RouteHandle,
        element: signedInPlaceholder('Request a Referral'),
      },
      {
        path: paths.myReferrals,
        handle: { title: 'My Referrals' } satisfies RouteHandle,
        element: signedInPlaceholder('My Referrals'),
      },
      {
        path: paths.notifications,
        handle: { title: 'Notifications' } satisfies RouteHandle,
        element: <SignedInPage nav={notificationsNav}>{() => <NotificationsPage />}</SignedInPage>,
      },
      { path: paths.blog, handle: { title: 'Blog' } satisfies RouteHandle, element: placeholder('Blog') },
      { path: '/blog/:slug', handle: { title: 'Blog' } satisfies RouteHandle, element: placeholder('Blog') },
      { path: paths.demo, handle: { title: 'Demo' } satisfies RouteHandle, element: placeholder('Demo') },
      {
        path: paths.referrerDemo,
        handle: { title: 'Referrer Demo' } satisfies RouteHandle,
        element: placeholder('Referrer Demo'),
      },
      {
        path: paths.referrerDashboard,
        handle: { title: 'Referrer Dashboard' } satisfies RouteHandle,
        element: signedInPlaceholder('Referrer Dashboard'),
      },
      {
        path: paths.originalDashboard,
        handle: { title: 'Referrer Dashboard' } satisfies RouteHandle,
        element: signedInPlaceholder('Referrer Dashboard'),
      },
      {
        path: paths.basicDashboard,
        handle: { title: 'Referrer Dashboard' } satisfies RouteHandle,
        element: signedInPlaceholder('Referrer Dashboard'),
      },
      { path: '*', handle: { title: 'Page Not Found' } satisfies RouteHandle, element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
