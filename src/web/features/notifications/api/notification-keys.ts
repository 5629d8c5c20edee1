/** One root key, so a single invalidation refetches the full list, the recent list and the unread count. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  recent: () => [...notificationKeys.all, 'recent'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

/** docs/product.md, Limits: unread count and recent list every 60 s (fresh 30 s); full list every 120 s (fresh 60 s). */
export const NOTIFICATION_POLL_MS = 60_000;
export const SHORT_POLL = { refetchInterval: NOTIFICATION_POLL_MS, staleTime: 30_000 } as const;
export const LONG_POLL = { refetchInterval: 120_000, staleTime: 60_000 } as const;
