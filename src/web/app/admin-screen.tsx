import { lazy } from 'react';
import { SignedInPage } from './layouts';
import { NotFoundPage } from '@/components/not-found-page';
import { useAuthStatus } from '@/lib/auth';

const AdminPage = lazy(() => import('@/features/admin/admin-page').then((m) => ({ default: m.AdminPage })));

/**
 * The /admin route, loaded on demand: visitors go to sign in as on every protected screen; a signed-in user
 * who is not an admin sees the 404 page, as for any unknown address (the API answers them 404 too), and
 * never loads the console's code.
 */
export function AdminScreen() {
  const status = useAuthStatus();
  if (status.data?.isAuthenticated && !status.data.isAdmin) return <NotFoundPage />;
  return <SignedInPage>{(user) => <AdminPage user={user} />}</SignedInPage>;
}
