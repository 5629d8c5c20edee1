import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { PageLoading } from '@/components/page-states';
import { PlaceholderPage } from '@/components/placeholder-page';
import { SignInPage, SignUpPage } from '@/features/auth/auth-page';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { LandingPage } from '@/features/landing/landing-page';
import { paths, routePatterns } from '@/paths';
import { SignedInPage, notificationsNav } from './layouts';
import {
  RequestReferralRoute,
  referrerDashboardRoutes,
  renderProfileModal,
  toastSignInToRequest,
} from './referral-routes';
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
  import('@/features/profile/components/company-prompt').then((m) => ({ default: m.CompanyPrompt })),
);
const MyReferralsPage = lazy(() =>
  import('@/features/referrals/my-referrals-page').then((m) => ({ default: m.MyReferralsPage })),
);
const DemoPage = lazy(() => import('@/features/demo/demo-page').then((m) => ({ default: m.DemoPage })));
const ReferrerDemoPage = lazy(() =>
  import('@/features/demo/referrer-demo-page').then((m) => ({ default: m.ReferrerDemoPage })),
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

const title = (text: string): RouteHandle => ({ title: text });

/** A route whose screen a later piece of work builds; protected ones still check the session. */
function placeholderRoute(path: string, text: string, { signedIn = false } = {}) {
  const page = <PlaceholderPage title={text} />;
  return { path, handle: title(text), element: signedIn ? <SignedInPage>{() => page}</SignedInPage> : page };
}

/** Every route of spec section 2, with no guard: each protected screen checks the session itself. */
export const routes = [
  {
    element: <Root />,
    children: [
      { path: paths.home, element: <LandingPage /> },
      { path: paths.signUp, handle: title('Sign up'), element: <SignUpPage /> },
      { path: paths.signIn, handle: title('Sign in'), element: <SignInPage /> },
      {
        path: paths.dashboard,
        handle: title('Dashboard'),
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
        handle: title('Edit Profile'),
        element: <SignedInPage>{(user) => <ProfileEditPage user={user} />}</SignedInPage>,
      },
      {
        path: routePatterns.profileView,
        handle: title('User Profile'),
        element: <ProfileViewPage />,
      },
      {
        path: paths.requestReferral,
        handle: title('Request a Referral'),
        element: (
          <SignedInPage onVisitor={toastSignInToRequest}>{() => <RequestReferralRoute />}</SignedInPage>
        ),
      },
      {
        path: paths.myReferrals,
        handle: title('My Referrals'),
        element: (
          <SignedInPage>
            {(user) => <MyReferralsPage user={user} renderProfileModal={renderProfileModal} />}
          </SignedInPage>
        ),
      },
      {
        path: paths.notifications,
        handle: title('Notifications'),
        element: <SignedInPage nav={notificationsNav}>{() => <NotificationsPage />}</SignedInPage>,
      },
      placeholderRoute(paths.blog, 'Blog'),
      placeholderRoute(routePatterns.blogPost, 'Blog'),
      { path: paths.demo, handle: title('Demo'), element: <DemoPage /> },
      { path: paths.referrerDemo, handle: title('Referrer Demo'), element: <ReferrerDemoPage /> },
      ...referrerDashboardRoutes,
      { path: routePatterns.notFound, handle: title('Page Not Found'), element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
