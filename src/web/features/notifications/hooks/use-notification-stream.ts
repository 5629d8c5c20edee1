import { apiPath } from '@shared/api-routes';
import {
  NotificationSchema,
  RECENT_LIMIT,
  UnreadCountSchema,
  type Notification,
} from '@shared/notifications';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationKeys } from '../api/notification-keys';

export const NOTIFICATION_STREAM_URL = apiPath('notificationStream');
/** EventSource retries a dropped connection itself, but gives up on an error answer (a 502 mid-deploy). */
const REOPEN_AFTER_MS = 30_000;

function parseData(event: MessageEvent): unknown {
  try {
    return typeof event.data === 'string' ? JSON.parse(event.data) : undefined;
  } catch {
    return undefined;
  }
}

function onNotification(queryClient: QueryClient, event: MessageEvent) {
  const parsed = NotificationSchema.safeParse(parseData(event));
  if (!parsed.success) return;
  // The bell shows it at once; the unread-count event that follows refetches the lists.
  queryClient.setQueryData<Notification[]>(notificationKeys.recent(), (recent) =>
    recent ? [parsed.data, ...recent.filter((n) => n.id !== parsed.data.id)].slice(0, RECENT_LIMIT) : recent,
  );
}

function onUnreadCount(queryClient: QueryClient, event: MessageEvent) {
  const parsed = UnreadCountSchema.safeParse(parseData(event));
  if (!parsed.success) return;
  queryClient.setQueryData(notificationKeys.unreadCount(), parsed.data.count);
  // Something was created, read or deleted: the lists follow (only those on screen refetch now).
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.recent() });
}

/**
 * Live notifications: one EventSource per tab while signed in, feeding the three notification queries.
 * Polling (docs/product.md, Limits) stays as it is, the fallback when the stream is down or unsupported.
 */
export function useNotificationStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    /** Ended by the server for good: the session ended, or newer tabs of this user took its place. */
    let done = false;

    function connect() {
      const current = new EventSource(NOTIFICATION_STREAM_URL);
      source = current;
      current.addEventListener('notification', (e) => onNotification(queryClient, e));
      current.addEventListener('unread-count', (e) => onUnreadCount(queryClient, e));
      const stop = () => {
        done = true;
        current.close();
      };
      current.addEventListener('signed-out', stop);
      // Reconnecting would end another tab's stream in turn; this tab polls instead (docs/product.md, Limits).
      current.addEventListener('replaced', stop);
      current.addEventListener('error', () => {
        if (current.readyState !== EventSource.CLOSED || done) return;
        reopen = setTimeout(connect, REOPEN_AFTER_MS);
      });
    }
    connect();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [queryClient]);
}
