import { AdminUserSchema } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import { apiRequest } from '@/lib/api';
import { useAdminWrite } from './admin-write';

/** POST /api/admin/users/{id}/unsuspend: the user may sign in again. */
export const useUnsuspendUser = () =>
  useAdminWrite(
    async (id: number) =>
      AdminUserSchema.parse(await apiRequest(apiPath('unsuspendUser', { id }), { method: 'POST' })),
    (user) => `${user.fullName} may sign in again.`,
  );
