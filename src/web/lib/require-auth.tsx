import type { User } from '@shared/auth';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { AuthError, AuthLoading } from '@/components/page-states';
import { paths } from '@/paths';
import { useAuthStatus } from '@/lib/auth';
import { sessionFlags } from './session-flags';

/**
 * Protected screens check the session themselves (spec section 6): loading and error screens while
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
  const signedOut = status.isSuccess && !status.data.isAuthenticated;
  useEffect(() => {
    if (!signedOut) return;
    sessionFlags.clearLoggedIn();
    onVisitor?.();
    // Only the transition to signed-out matters; a new callback identity must not repeat it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedOut]);

  if (status.isPending) return <AuthLoading />;
  if (status.isError) return authError ?? <AuthError />;
  if (!status.data.isAuthenticated || !status.data.user)
    return visitor ?? <Navigate to={paths.signIn} replace />;
  return children(status.data.user);
}
