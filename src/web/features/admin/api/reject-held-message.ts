import { apiPath } from '@shared/api-routes';
import { AdminHeldMessageSchema, type RejectHeldInput } from '@shared/held-review';
import { apiRequest } from '@/lib/api';
import { inDialog, useAdminWrite } from './admin-write';

/** POST /api/admin/messages/{id}/reject: never delivered; its sender sees why. */
export async function rejectHeldMessage({ id, reason }: { id: number } & RejectHeldInput) {
  return AdminHeldMessageSchema.parse(
    await apiRequest(apiPath('rejectHeldMessage', { id }), { method: 'POST', data: { reason } }),
  );
}

/** Asked in a dialog with the reason: a refusal shows there, beside what was typed. */
export const useRejectHeldMessage = () =>
  useAdminWrite(
    rejectHeldMessage,
    (message) => `Not delivered; ${message.sender.fullName} is told why.`,
    inDialog,
  );
