import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { SkipLink } from '@/components/main-landmark';
import { PageLoading } from '@/components/page-states';
import { SiteSessionActionsContext } from '@/components/site-header';
import { LandingPage } from '@/features/landing/landing-page';
import { prepaintedAtBoot } from '@/lib/prepaint';
import { sessionFlags } from '@/lib/session-flags';
import { paths, routePatterns } from '@/paths';
import { DocumentTitle, type RouteHandle } from './document-title';
import { ScrollToTop } from './scroll-to-top';
import { opensAsVisitor } from './visitor-companies-route';

// Only the landing is in the first bundle: every other screen loads on demand (docs/decisions/022-first-visit-javascript.md), so a first
// visit does not pay for the session check, the API client, the schemas or the UI kit.
const SignInPage = lazy(() => import('@/features/auth/auth-page').then((m) => ({ default: m.SignInPage })));
const SignUpPage = lazy(() => import('@/features/auth/auth-page').then((m) => ({ default: m.SignUpPage })));
const NotFoundPage = lazy(() =>
  import('@/components/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
const ProfileViewPage = lazy(() =>
  import('@/features/profile/profile-view-page').then((m) => ({ default: m.ProfileViewPage })),
);
const DemoPage = lazy(() => import('@/features/demo/demo-page').then((m) => ({ default: m.DemoPage })));
const ReferrerDemoPage = lazy(() =>
  import('@/features/demo/referrer-demo-page').then((m) => ({ default: m.ReferrerDemoPage })),
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

// The screens under the signed-in header share one module (signed-in-screens.tsx).
const screens = () => import('./signed-in-screens');
const DashboardScreen = lazy(() => screens().then((m) => ({ default: m.DashboardScreen })));
const ProfileEditScreen = lazy(() => screens().then((m) => ({ default: m.ProfileEditScreen })));
const RequestReferralScreen = lazy(() => screens().then((m) => ({ default: m.RequestReferralScreen })));
const MyReferralsScreen = lazy(() => screens().then((m) => ({ default: m.MyReferralsScreen })));
const CompaniesScreen = lazy(() => screens().then((m) => ({ default: m.CompaniesScreen })));
const ReferScreen = lazy(() => screens().then((m) => ({ default: m.ReferScreen })));
const OpeningsScreen = lazy(() => screens().then((m) => ({ default: m.OpeningsScreen })));
const NotificationsScreen = lazy(() => screens().then((m) => ({ default: m.NotificationsScreen })));
const ReferrerDashboardScreen = lazy(() => screens().then((m) => ({ default: m.ReferrerDashboardScreen })));
const OriginalDashboardScreen = lazy(() => screens().then((m) => ({ default: m.OriginalDashboardScreen })));
const BasicDashboardScreen = lazy(() => screens().then((m) => ({ default: m.BasicDashboardScreen })));
const EmergencyDashboardScreen = lazy(() => screens().then((m) => ({ default: m.EmergencyDashboardScreen })));

// A visitor's first /companies, without the signed-in screens (docs/decisions/043-prepainted-companies-page.md).
const VisitorCompaniesScreen = lazy(() =>
  import('./visitor-companies-screen').then((m) => ({ default: m.VisitorCompaniesScreen })),
);

/** /companies: the visitor's own screen when the person is certainly signed out, else the session decides. */
function CompaniesRoute() {
  const { key } = useLocation();
  const [visitor] = useState(() =>
    opensAsVisitor({ prepaintedAtBoot, locationKey: key, signedInThisTab: sessionFlags.isLoggedIn() }),
  );
  return visitor ? <VisitorCompaniesScreen /> : <CompaniesScreen />;
}

// A signed-in person's bell and account menu in the public pages' top bar, loaded only for them.
const SiteSessionActions = lazy(() =>
  import('./site-session-actions').then((m) => ({ default: m.SiteSessionActions })),
);
const siteSessionActions = (signedOut: ReactNode) => <SiteSessionActions signedOut={signedOut} />;

// The admins' console: its own chunk, loaded by nobody else (issue 25).
const AdminScreen = lazy(() => import('./admin-screen').then((m) => ({ default: m.AdminScreen })));

function Root() {
  return (
    <SiteSessionActionsContext value={siteSessionActions}>
      {/* First in the document, so the first Tab on any page reaches it. */}
      <SkipLink />
      <ScrollToTop />
      <DocumentTitle routes={routes} />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </SiteSessionActionsContext>
  );
}

const title = (text: string): RouteHandle => ({ title: text });

/** Every route of docs/product.md, Screens, with no guard: each protected screen checks the session itself. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: paths.home, element: <LandingPage /> },
      { path: paths.signUp, handle: title('Sign up'), element: <SignUpPage /> },
      { path: paths.signIn, handle: title('Sign in'), element: <SignInPage /> },
      { path: paths.dashboard, handle: title('Dashboard'), element: <DashboardScreen /> },
      { path: paths.profileEdit, handle: title('Edit Profile'), element: <ProfileEditScreen /> },
      { path: routePatterns.profileView, handle: title('User Profile'), element: <ProfileViewPage /> },
      {
        path: paths.requestReferral,
        handle: title('Request a Referral'),
        element: <RequestReferralScreen />,
      },
      { path: paths.myReferrals, handle: title('My Referrals'), element: <MyReferralsScreen /> },
      { path: paths.notifications, handle: title('Notifications'), element: <NotificationsScreen /> },
      { path: paths.companies, handle: title('Companies'), element: <CompaniesRoute /> },
      { path: paths.refer, handle: title('Refer people at your company'), element: <ReferScreen /> },
      { path: paths.openings, handle: title('Openings'), element: <OpeningsScreen /> },
      { path: paths.blog, element: <BlogListPage /> },
      { path: routePatterns.blogPost, element: <BlogArticlePage /> },
      { path: paths.privacy, element: <PrivacyPage /> },
      { path: paths.terms, element: <TermsPage /> },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.demo, handle: title('Demo'), element: <DemoPage /> },
      { path: paths.referrerDemo, handle: title('Referrer Demo'), element: <ReferrerDemoPage /> },
      ...[
        { path: paths.referrerDashboard, element: <ReferrerDashboardScreen /> },
        { path: paths.originalDashboard, element: <OriginalDashboardScreen /> },
        { path: paths.basicDashboard, element: <BasicDashboardScreen /> },
        { path: paths.emergencyDashboard, element: <EmergencyDashboardScreen /> },
      ].map((route) => ({ ...route, handle: title('Referrer Dashboard') })),
      // The console and its views route within its own lazy screen (admin-screen.tsx).
      { path: `${paths.admin}/*`, element: <AdminScreen /> },
      { path: routePatterns.notFound, handle: title('Page Not Found'), element: <NotFoundPage /> },
    ],
  },
];

/**
 * Declarative routing (inside a BrowserRouter): the app loads no data through the router, and the data
 * router's code would cost every first visit about 20 KiB of JavaScript.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
