import { apiPath } from '@shared/api-routes';
import { AdminReportSchema, type ResolveReportInput } from '@shared/reports';
import { apiRequest } from '@/lib/api';
import { inDialog, useAdminWrite } from './admin-write';

/** POST /api/admin/reports/{id}/resolve. */
export const useResolveReport = () =>
  useAdminWrite(
    async ({ id, ...input }: ResolveReportInput & { id: number }) =>
      AdminReportSchema.parse(
        await apiRequest(apiPath('resolveReport', { id }), { method: 'POST', data: input }),
      ),
    () => 'The report is resolved.',
    inDialog,
  );
