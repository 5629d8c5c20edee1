import type { AdminQueuePage } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import {
  AdminHeldMessageListSchema,
  AdminHeldMessageSchema,
  type RejectHeldInput,
} from '@shared/held-review';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';
import { adminKeys, queueQuery, useAdminWrite } from './admin-api';

/**
 * Issue 25 item 6: the queue of thread messages held because they offer or ask for money, and the admin's
 * delivery or rejection (docs/decisions/039-running-the-marketplace.md). A second admin's review of the
 * same message is refused with a sentence saying what happened.
 */

/** GET /api/admin/messages?status=held: a page, oldest first, with both people, the request and the rule. */
export async function getHeldMessages(page: AdminQueuePage) {
  return AdminHeldMessageListSchema.parse(
    await apiGet(apiPath('adminHeldMessages'), { status: 'held', ...page }),
  );
}

export const heldMessagesQuery = queueQuery(adminKeys.heldMessages, getHeldMessages);

export function useHeldMessages() {
  return useInfiniteQuery(heldMessagesQuery);
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

export const useReleaseHeldMessage = () =>
  useAdminWrite(releaseHeldMessage, (message) => `Delivered to ${message.recipient.fullName}.`);

/** Asked in a dialog with the reason: a refusal shows there, beside what was typed. */
export const useRejectHeldMessage = () =>
  useAdminWrite(rejectHeldMessage, (message) => `Not delivered; ${message.sender.fullName} is told why.`, {
    inDialog: true,
  });
