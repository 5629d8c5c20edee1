import { apiPath } from '@shared/api-routes';
import { NotificationListSchema } from '@shared/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { SHORT_POLL, notificationKeys } from './notification-keys';

export async function getRecentNotifications() {
  return NotificationListSchema.parse(await apiGet(apiPath('recentNotifications')));
}

export const recentNotificationsQuery = queryOptions({
  queryKey: notificationKeys.recent(),
  queryFn: getRecentNotifications,
  ...SHORT_POLL,
});

export function useRecentNotifications() {
  return useQuery(recentNotificationsQuery);
}
