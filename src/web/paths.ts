/** Every route of the app in one place (the route table of docs/product.md, Screens). */
export const paths = {
  home: '/',
  signUp: '/signup',
  signIn: '/signin',
  dashboard: '/dashboard',
  profileEdit: '/profile/edit',
  profileView: (id: number | string) => `/profile/view/${id}`,
  requestReferral: '/request-referral',
  myReferrals: '/my-referrals',
  notifications: '/notifications',
  /** Issue 25 item 8: the companies where referrers are. */
  companies: '/companies',
  /** Issue 25 item 9: 'Refer people at your company', step by step. */
  refer: '/refer',
  /** Issue 49 item 2: openings referrers posted at their own companies. */
  openings: '/openings',
  requestReferralAt: (companyId: number) => `/request-referral?companyId=${companyId}`,
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${slug}`,
  privacy: '/privacy',
  terms: '/terms',
  about: '/about',
  demo: '/demo',
  referrerDemo: '/referrer-demo',
  referrerDashboard: '/referrer-dashboard',
  originalDashboard: '/original-dashboard',
  basicDashboard: '/basic-dashboard',
  /** Beyond the route table of docs/product.md, Screens: docs/decisions/013-emergency-dashboard-route.md. */
  emergencyDashboard: '/emergency-dashboard',
  /** Issue 25: the admins' console (everyone else gets the 404 page). */
  admin: '/admin',
} as const;

/** The router's patterns for the routes that take a parameter; `paths` builds the concrete links. */
export const routePatterns = {
  profileView: '/profile/view/:id',
  blogPost: '/blog/:slug',
  notFound: '*',
} as const;
