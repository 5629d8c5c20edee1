import { apiPath } from '@shared/api-routes';
import { UnreadCountSchema } from '@shared/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { SHORT_POLL, notificationKeys } from './notification-keys';

export async function getUnreadCount() {
  return UnreadCountSchema.parse(await apiGet(apiPath('unreadCount'))).count;
}

export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unreadCount(),
  queryFn: getUnreadCount,
  ...SHORT_POLL,
});

export function useUnreadCount() {
  return useQuery(unreadCountQuery);
}
