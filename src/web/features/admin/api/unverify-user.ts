import { AdminUserSchema } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import { apiRequest } from '@/lib/api';
import { useAdminWrite } from './admin-write';

/** DELETE /api/admin/users/{id}/verify (issue 46): a verification made by hand taken back. */
export const useUnverifyUser = () =>
  useAdminWrite(
    async (id: number) =>
      AdminUserSchema.parse(await apiRequest(apiPath('unverifyUser', { id }), { method: 'DELETE' })),
    (user) => `${user.fullName} is no longer verified.`,
  );
