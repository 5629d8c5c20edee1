import { AdminCompanySchema } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import { apiRequest } from '@/lib/api';
import { inDialog, useAdminWrite } from './admin-write';

/** POST /api/admin/companies/{id}/merge: folded into another company. */
export const useMergeCompany = () =>
  useAdminWrite(
    async ({ id, intoId }: { id: number; intoId: number }) =>
      AdminCompanySchema.parse(
        await apiRequest(apiPath('mergeCompany', { id }), { method: 'POST', data: { intoId } }),
      ),
    (company) => `Merged into ${company.name}.`,
    inDialog,
  );
