import type { AdminQueuePage } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import { AdminHeldRequestListSchema } from '@shared/held-review';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { adminKeys } from './admin-keys';
import { queueQuery } from './queue-query';

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
