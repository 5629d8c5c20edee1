import { apiPath } from '@shared/api-routes';
import {
  AdminHeldRequestListSchema,
  AdminHeldRequestSchema,
  type RejectHeldInput,
  ReleasedRequestSchema,
} from '@shared/held-review';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';
import { adminKeys } from './admin-keys';

/**
 * Issue 25 item 6: the queue of requests held because their message offers or asks for money, and the
 * admin's release or rejection (docs/decisions/039-running-the-marketplace.md).
 */

export const RELEASE_REQUEST_FAILED = 'Error: Failed to release the request. Please try again.';
export const REJECT_REQUEST_FAILED = 'Error: Failed to reject the request. Please try again.';

/** GET /api/admin/requests?status=held: oldest first, with the seeker, the message and the rule. */
export async function getHeldRequests() {
  return AdminHeldRequestListSchema.parse(await apiGet(apiPath('adminHeldRequests'), { status: 'held' }));
}

export const heldRequestsQuery = queryOptions({
  queryKey: adminKeys.heldRequests(),
  queryFn: getHeldRequests,
});

export function useHeldRequests() {
  return useQuery(heldRequestsQuery);
}

/** POST /api/admin/requests/{id}/release: matched as a new request would be, or it waits. */
export async function releaseHeldRequest({ id, note }: { id: number; note?: string | null }) {
  return ReleasedRequestSchema.parse(
    await apiRequest(apiPath('releaseHeldRequest', { id }), { method: 'POST', data: note ? { note } : {} }),
  );
}

/** POST /api/admin/requests/{id}/reject: final; the seeker is told the reason. */
export async function rejectHeldRequest({ id, reason }: { id: number } & RejectHeldInput) {
  return AdminHeldRequestSchema.parse(
    await apiRequest(apiPath('rejectHeldRequest', { id }), { method: 'POST', data: { reason } }),
  );
}

/** A second admin's review of the same request is a 409 whose sentence says what happened. */
export function useReleaseHeldRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseHeldRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    meta: { errorToast: RELEASE_REQUEST_FAILED, conflictFromServer: true },
  });
}

export function useRejectHeldRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectHeldRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    meta: { errorToast: REJECT_REQUEST_FAILED, conflictFromServer: true },
  });
}
