import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { PageLoading } from '@/components/page-states';
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
// Blog and trust pages: each sets its own title, description and Open Graph tags (usePageMeta).
const BlogListPage = lazy(() =>
  import('@/features/blog/blog-list-page').then((m) => ({ default: m.BlogListPage })),
);
const BlogArticlePage = lazy(() =>
  import('@/features/blog/blog-article-page').then((m) => ({ default: m.BlogArticlePage })),
);
const PrivacyPage = lazy(() =>
  import('@/features/legal/privacy-page').then((m) => ({ default: m.PrivacyPage })),
);
const TermsPage = lazy(() => import('@/features/legal/terms-page').then((m) => ({ default: m.TermsPage })));
const AboutPage = lazy(() => import('@/features/legal/about-page').then((m) => ({ default: m.AboutPage })));

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
      { path: paths.blog, element: <BlogListPage /> },
      { path: routePatterns.blogPost, element: <BlogArticlePage /> },
      { path: paths.privacy, element: <PrivacyPage /> },
      { path: paths.terms, element: <TermsPage /> },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.demo, handle: title('Demo'), element: <DemoPage /> },
      { path: paths.referrerDemo, handle: title('Referrer Demo'), element: <ReferrerDemoPage /> },
      ...referrerDashboardRoutes,
      { path: routePatterns.notFound, handle: title('Page Not Found'), element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
