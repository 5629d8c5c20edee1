import { lazy } from 'react';
import { useParams } from 'react-router';
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
export function AdminScreen() {
  const status = useAuthStatus();
  // Under /admin/*: the console's own addresses (features/admin/admin-paths.ts), read here rather than in the
  // app's route table, which every first screen loads.
  const [section = '', id, ...more] = (useParams()['*'] ?? '').split('/');
  const one = id !== undefined && id !== '' && more.length === 0;
  const view =
    section === ''
      ? 'console'
      : one && section === 'users'
        ? 'user'
        : one && section === 'requests'
          ? 'request'
          : undefined;
  if (!view || (status.data?.isAuthenticated && !status.data.isAdmin)) return <NotFoundPage />;
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
