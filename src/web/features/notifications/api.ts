import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_PAGE_SIZE,
  NotificationLinkSchema,
  NotificationListSchema,
  NotificationSchema,
  UnreadCountSchema,
  type Notification,
} from '@shared/notifications';
import { logActivity } from '@/lib/activity';
import { apiGet, apiRequest } from '@/lib/api';

/** One root key, so a single invalidation refetches the full list, the recent list and the unread count. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  recent: () => [...notificationKeys.all, 'recent'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

/** Spec section 9: unread count and recent list every 60 s (fresh 30 s); full list every 120 s (fresh 60 s). */
export const NOTIFICATION_POLL_MS = 60_000;
const SHORT_POLL = { refetchInterval: NOTIFICATION_POLL_MS, staleTime: 30_000 } as const;
const LONG_POLL = { refetchInterval: 120_000, staleTime: 60_000 } as const;

export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unreadCount(),
  queryFn: async () => UnreadCountSchema.parse(await apiGet('/api/notifications/unread-count')).count,
  ...SHORT_POLL,
});

export const recentNotificationsQuery = queryOptions({
  queryKey: notificationKeys.recent(),
  queryFn: async () => NotificationListSchema.parse(await apiGet('/api/notifications/recent')),
  ...SHORT_POLL,
});

/** The full list, newest first, one page of 50 at a time; older pages come with the `before` cursor. */
export const notificationListQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list(),
  queryFn: async ({ pageParam }) =>
    NotificationListSchema.parse(
      await apiGet('/api/notifications', { limit: NOTIFICATION_PAGE_SIZE, before: pageParam }),
    ),
  initialPageParam: undefined as number | undefined,
  getNextPageParam: (lastPage) =>
    lastPage.length === NOTIFICATION_PAGE_SIZE ? lastPage.at(-1)?.id : undefined,
  ...LONG_POLL,
});

/** After any change the three lists are refetched (spec section 4 'Notification'). */
function useNotificationMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<unknown>,
  errorToast: string,
  action: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, variables) =>
      logActivity('notification', action, typeof variables === 'number' ? { notificationId: variables } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    meta: { errorToast },
  });
}

export function useMarkNotificationRead() {
  return useNotificationMutation(
    async (id: number) =>
      NotificationSchema.parse(await apiRequest(`/api/notifications/${id}/read`, { method: 'PUT' })),
    'Failed to mark the notification as read. Please try again.',
    'read',
  );
}

export function useMarkAllNotificationsRead() {
  return useNotificationMutation(
    () => apiRequest('/api/notifications/read-all', { method: 'PUT' }),
    'Failed to mark notifications as read. Please try again.',
    'read_all',
  );
}

export function useDeleteNotification() {
  return useNotificationMutation(
    (id: number) => apiRequest(`/api/notifications/${id}`, { method: 'DELETE' }),
    'Failed to delete the notification. Please try again.',
    'delete',
  );
}

/** Where clicking a notification leads: its link when that is a path inside the app, else nowhere. */
export function appPathOf(notification: Notification): string | null {
  return notification.link && NotificationLinkSchema.safeParse(notification.link).success
    ? notification.link
    : null;
}
