import { AdminUserSchema } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import { apiRequest } from '@/lib/api';
import { inDialog, useAdminWrite } from './admin-write';

/** POST /api/admin/users/{id}/verify: verified by hand, with a note. */
export const useVerifyUser = () =>
  useAdminWrite(
    async ({ id, note }: { id: number; note: string }) =>
      AdminUserSchema.parse(
        await apiRequest(apiPath('verifyUser', { id }), { method: 'POST', data: { note } }),
      ),
    (user) => `${user.fullName} is verified${user.referrerCompany ? ` at ${user.referrerCompany}` : ''}.`,
    inDialog,
  );
