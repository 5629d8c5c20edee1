import { lazy } from 'react';
import { SignedInPage } from './layouts';
import { NotFoundPage } from '@/components/not-found-page';
import { useAuthStatus } from '@/lib/auth';

const AdminPage = lazy(() => import('@/features/admin/admin-page').then((m) => ({ default: m.AdminPage })));
const AdminUserPage = lazy(() =>
  import('@/features/admin/admin-user-page').then((m) => ({ default: m.AdminUserPage })),
);
const AdminRequestPage = lazy(() =>
  import('@/features/admin/admin-request-page').then((m) => ({ default: m.AdminRequestPage })),
);

/**
 * The /admin routes, loaded on demand: the console, and one user's or one request's view (issue 46 item 9).
 * Visitors go to sign in as on every protected screen; a signed-in user who is not an admin sees the 404
 * page, as for any unknown address (the API answers them 404 too), and never loads the console's code.
 */
export function AdminScreen({ view = 'console' }: { view?: 'console' | 'user' | 'request' }) {
  const status = useAuthStatus();
  if (status.data?.isAuthenticated && !status.data.isAdmin) return <NotFoundPage />;
  return (
    <SignedInPage>
      {(user) =>
        view === 'user' ? (
          <AdminUserPage selfId={user.id} />
        ) : view === 'request' ? (
          <AdminRequestPage />
        ) : (
          <AdminPage user={user} />
        )
      }
    </SignedInPage>
  );
}
