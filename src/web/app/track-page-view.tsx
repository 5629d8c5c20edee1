import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { logActivity } from '@/lib/activity';
import { paths } from '@/paths';

/** Spec section 2: page views of these screens are reported (here: to the activity log). */
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
    if (TRACKED.has(pathname)) logActivity('navigation', 'page_view', { path: pathname });
  }, [pathname]);
  return null;
}
