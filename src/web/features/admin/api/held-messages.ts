import { apiPath } from '@shared/api-routes';
import {
  AdminHeldMessageListSchema,
  AdminHeldMessageSchema,
  type RejectHeldInput,
} from '@shared/held-review';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';
import { adminKeys } from './admin-keys';

/**
 * Issue 25 item 6: the queue of thread messages held because they offer or ask for money, and the admin's
 * delivery or rejection (docs/decisions/039-running-the-marketplace.md).
 */

export const RELEASE_MESSAGE_FAILED = 'Error: Failed to deliver the message. Please try again.';
export const REJECT_MESSAGE_FAILED = 'Error: Failed to reject the message. Please try again.';

/** GET /api/admin/messages?status=held: oldest first, with both people, the request and the rule. */
export async function getHeldMessages() {
  return AdminHeldMessageListSchema.parse(await apiGet(apiPath('adminHeldMessages'), { status: 'held' }));
}

export const heldMessagesQuery = queryOptions({
  queryKey: adminKeys.heldMessages(),
  queryFn: getHeldMessages,
});

export function useHeldMessages() {
  return useQuery(heldMessagesQuery);
}

/** POST /api/admin/messages/{id}/release: delivered; the other side is told as of a new message. */
export async function releaseHeldMessage({ id, note }: { id: number; note?: string | null }) {
  return AdminHeldMessageSchema.parse(
    await apiRequest(apiPath('releaseHeldMessage', { id }), { method: 'POST', data: note ? { note } : {} }),
  );
}

/** POST /api/admin/messages/{id}/reject: never delivered; its sender sees why. */
export async function rejectHeldMessage({ id, reason }: { id: number } & RejectHeldInput) {
  return AdminHeldMessageSchema.parse(
    await apiRequest(apiPath('rejectHeldMessage', { id }), { method: 'POST', data: { reason } }),
  );
}

/** A second admin's review of the same message is a 409 whose sentence says what happened. */
export function useReleaseHeldMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseHeldMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    meta: { errorToast: RELEASE_MESSAGE_FAILED, conflictFromServer: true },
  });
}

export function useRejectHeldMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectHeldMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    meta: { errorToast: REJECT_MESSAGE_FAILED, conflictFromServer: true },
  });
}
