import { apiPath } from '@shared/api-routes';
import { AdminHeldRequestSchema, type RejectHeldInput } from '@shared/held-review';
import { apiRequest } from '@/lib/api';
import { inDialog, useAdminWrite } from './admin-write';

/** POST /api/admin/requests/{id}/reject: final; the seeker is told the reason. */
export async function rejectHeldRequest({ id, reason }: { id: number } & RejectHeldInput) {
  return AdminHeldRequestSchema.parse(
    await apiRequest(apiPath('rejectHeldRequest', { id }), { method: 'POST', data: { reason } }),
  );
}

/** Asked in a dialog with the reason: a refusal shows there, beside what was typed. */
export const useRejectHeldRequest = () =>
  useAdminWrite(
    rejectHeldRequest,
    (request) => `Rejected; ${request.seeker.fullName} is told why.`,
    inDialog,
  );
