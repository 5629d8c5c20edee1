import type { AdminQueuePage } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import { AdminHeldMessageListSchema } from '@shared/held-review';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { adminKeys } from './admin-keys';
import { queueQuery } from './queue-query';

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
