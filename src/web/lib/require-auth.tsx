import type { User } from '@shared/auth';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation, type Location } from 'react-router';
import { AuthError, AuthLoading, CenteredMessage } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { paths } from '@/paths';
import { useAuthStatus } from '@/lib/auth';
import { revealApp } from './prepaint';
import { sessionFlags } from './session-flags';

/** /signin, then back to `path` (a page with its query) once signed in; the dashboard goes without saying. */
export function signInFor(path: string): string {
  return path === paths.dashboard ? paths.signIn : `${paths.signIn}?next=${encodeURIComponent(path)}`;
}

/** The referrer dashboards' visitor screen (docs/product.md, Screens), whose sign-in link comes back here. */
export function AuthRequired() {
  const { pathname, search } = useLocation();
  return (
    <CenteredMessage title="Authentication Required">
      <p className="text-muted-foreground">You need to be signed in to view your referral dashboard.</p>
      <Button asChild>
        <Link to={signInFor(pathname + search)}>Sign in</Link>
      </Button>
    </CenteredMessage>
  );
}

/**
 * True while React Router is still rendering a navigation: it moves the browser's history at once and
 * renders the new location in a transition, so a screen being left can see news (such as 'signed out')
 * first. In-memory routers leave window.history alone, and the answer is then false.
 */
function leaving(location: Location): boolean {
  const entry: unknown = window.history.state;
  const key = typeof entry === 'object' && entry !== null && 'key' in entry ? entry.key : undefined;
  return key !== undefined && key !== location.key;
}

/**
 * Protected screens check the session themselves (docs/product.md, Roles): loading and error screens while
 * unsure, /signin for visitors, otherwise the page with the signed-in user.
 */
export function RequireAuth({
  children,
  visitor,
  authError,
  onVisitor,
}: {
  children: (user: User) => ReactNode;
  /** Shown to visitors instead of the redirect to /signin (the referrer dashboards). */
  visitor?: ReactNode;
  /** Replaces the standard 'Authentication Error' screen. */
  authError?: ReactNode;
  /** Called once when the check finds a visitor, before the redirect (e.g. a toast). */
  onVisitor?: () => void;
}) {
  const status = useAuthStatus();
  const location = useLocation();
  const signedOut = status.isSuccess && !status.data.isAuthenticated;
  // A layout effect: it runs before <Navigate>'s own effect moves the browser's history to /signin, after
  // which this screen would count as being left and the visitor would not be told (the toast of docs/product.md, Messages).
  useLayoutEffect(() => {
    if (!signedOut) return;
    sessionFlags.clearLoggedIn();
    sessionFlags.clearMayBeSignedIn();
    if (!leaving(location)) onVisitor?.();
    // Only the transition to signed-out matters; a new callback identity must not repeat it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedOut]);

  // The public pages' headers show a signed-in person as such (site-header.tsx).
  const signedIn = status.data?.isAuthenticated === true;
  useEffect(() => {
    if (signedIn) sessionFlags.setMayBeSignedIn();
  }, [signedIn]);

  // A first paint from the server must not hide the error behind it (src/web/lib/prepaint.ts).
  useLayoutEffect(() => {
    if (status.isError) revealApp();
  }, [status.isError]);

  if (status.isPending) return <AuthLoading />;
  if (status.isError) return authError ?? <AuthError />;
  if (!status.data.isAuthenticated || !status.data.user) {
    // A user who deleted their account is on the way home: that navigation decides, not /signin.
    if (leaving(location)) return null;
    // Back to this page once signed in (issue 46 item 9).
    return visitor ?? <Navigate to={signInFor(location.pathname + location.search)} replace />;
  }
  return children(status.data.user);
}
