import { AdminUserSchema } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import { apiRequest } from '@/lib/api';
import { inDialog, useAdminWrite } from './admin-write';

/** POST /api/admin/users/{id}/suspend: suspended with a reason, and signed out everywhere. */
export const useSuspendUser = () =>
  useAdminWrite(
    async ({ id, reason }: { id: number; reason: string }) =>
      AdminUserSchema.parse(
        await apiRequest(apiPath('suspendUser', { id }), { method: 'POST', data: { reason } }),
      ),
    (user) => `${user.fullName} is suspended and signed out everywhere.`,
    inDialog,
  );
