import type { AdminQueuePage } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import {
  AdminHeldRequestListSchema,
  AdminHeldRequestSchema,
  type RejectHeldInput,
  ReleasedRequestSchema,
} from '@shared/held-review';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';
import { adminKeys, queueQuery, useAdminWrite } from './admin-api';

/**
 * Issue 25 item 6: the queue of requests held because their message offers or asks for money, and the
 * admin's release or rejection (docs/decisions/039-running-the-marketplace.md). A second admin's review
 * of the same request is refused with a sentence saying what happened.
 */

/** GET /api/admin/requests?status=held: a page, oldest first, with the seeker, the message and the rule. */
export async function getHeldRequests(page: AdminQueuePage) {
  return AdminHeldRequestListSchema.parse(
    await apiGet(apiPath('adminHeldRequests'), { status: 'held', ...page }),
  );
}

export const heldRequestsQuery = queueQuery(adminKeys.heldRequests, getHeldRequests);

export function useHeldRequests() {
  return useInfiniteQuery(heldRequestsQuery);
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

export const useReleaseHeldRequest = () =>
  useAdminWrite(releaseHeldRequest, (request) =>
    request.outcome === 'assigned'
      ? `Released: a referrer at ${request.company.name} has it now.`
      : `Released: it waits for a referrer at ${request.company.name}.`,
  );

/** Asked in a dialog with the reason: a refusal shows there, beside what was typed. */
export const useRejectHeldRequest = () =>
  useAdminWrite(rejectHeldRequest, (request) => `Rejected; ${request.seeker.fullName} is told why.`, {
    inDialog: true,
  });
