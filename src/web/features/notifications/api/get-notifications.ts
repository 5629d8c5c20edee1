import { apiPath } from '@shared/api-routes';
import { NOTIFICATION_PAGE_SIZE, NotificationListSchema } from '@shared/notifications';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { LONG_POLL, notificationKeys } from './notification-keys';

export async function getNotifications(before: number | undefined) {
  return NotificationListSchema.parse(
    await apiGet(apiPath('notifications'), { limit: NOTIFICATION_PAGE_SIZE, before }),
  );
}

/** The full list, newest first, one page of 50 at a time; older pages come with the `before` cursor. */
export const notificationListQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list(),
  queryFn: ({ pageParam }) => getNotifications(pageParam),
  initialPageParam: undefined as number | undefined,
  getNextPageParam: (lastPage) =>
    lastPage.length === NOTIFICATION_PAGE_SIZE ? lastPage.at(-1)?.id : undefined,
  ...LONG_POLL,
});

export function useNotifications() {
  return useInfiniteQuery(notificationListQuery);
}
