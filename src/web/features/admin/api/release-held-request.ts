import { apiPath } from '@shared/api-routes';
import { ReleasedRequestSchema } from '@shared/held-review';
import { apiRequest } from '@/lib/api';
import { useAdminWrite } from './admin-write';

/** POST /api/admin/requests/{id}/release: matched as a new request would be, or it waits. */
export async function releaseHeldRequest({ id, note }: { id: number; note?: string | null }) {
  return ReleasedRequestSchema.parse(
    await apiRequest(apiPath('releaseHeldRequest', { id }), { method: 'POST', data: note ? { note } : {} }),
  );
}

export const useReleaseHeldRequest = () =>
  useAdminWrite(releaseHeldRequest, (request) =>
    request.outcome === 'assigned'
      ? `Released: a referrer at ${request.company.name} has it now.`
      : `Released: it waits for a referrer at ${request.company.name}.`,
  );
