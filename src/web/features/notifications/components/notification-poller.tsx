import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { recentNotificationsQuery } from '../api/get-recent-notifications';
import { unreadCountQuery } from '../api/get-unread-count';
import { useNotificationStream } from '../hooks/use-notification-stream';

/**
 * docs/product.md, Screens: the signed-in app is wrapped in a notification poller (60 s). Observing the unread count
 * and the recent list here keeps them polling on every signed-in screen, whether or not a bell is shown.
 * `notifyOnChangeProps: []` keeps each poll from re-rendering the wrapped screen. The live stream updates
 * the same queries at once; the polls are its fallback.
 */
export function NotificationPoller({ children }: { children: ReactNode }) {
  useNotificationStream();
  useQuery({ ...unreadCountQuery, notifyOnChangeProps: [] });
  useQuery({ ...recentNotificationsQuery, notifyOnChangeProps: [] });
  return children;
}
