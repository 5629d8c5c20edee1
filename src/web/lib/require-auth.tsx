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
export function RequireAuth({ children }: { children: (user: User) => ReactNode }) {
  const status = useAuthStatus();
  const signedOut = status.isSuccess && !status.data.isAuthenticated;
  useEffect(() => {
    if (signedOut) sessionFlags.clearLoggedIn();
  }, [signedOut]);

  if (status.isPending) return <AuthLoading />;
  if (status.isError) return <AuthError />;
  if (!status.data.isAuthenticated || !status.data.user) return <Navigate to={paths.signIn} replace />;
  return children(status.data.user);
}
