import { apiPath } from '@shared/api-routes';
import { AdminHeldMessageSchema } from '@shared/held-review';
import { apiRequest } from '@/lib/api';
import { useAdminWrite } from './admin-write';

/** POST /api/admin/messages/{id}/release: delivered; the other side is told as of a new message. */
export async function releaseHeldMessage({ id, note }: { id: number; note?: string | null }) {
  return AdminHeldMessageSchema.parse(
    await apiRequest(apiPath('releaseHeldMessage', { id }), { method: 'POST', data: note ? { note } : {} }),
  );
}

export const useReleaseHeldMessage = () =>
  useAdminWrite(releaseHeldMessage, (message) => `Delivered to ${message.recipient.fullName}.`);
