import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { recordActivity } from '@/lib/activity';
import { analytics } from '@/lib/analytics';
import { paths } from '@/paths';

/** docs/product.md, Screens: page views of these screens are reported to the activity log and to analytics. */
const TRACKED = new Set<string>([
  paths.dashboard,
  paths.profileEdit,
  paths.myReferrals,
  paths.requestReferral,
]);

/** Rendered only inside signed-in screens, so a visitor's redirect is never recorded. */
export function TrackPageView() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!TRACKED.has(pathname)) return;
    recordActivity('navigation', 'page_view', { path: pathname });
    analytics.pageView(pathname);
  }, [pathname]);
  return null;
}
