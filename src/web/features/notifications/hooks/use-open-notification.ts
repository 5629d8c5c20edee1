import type { Notification } from '@shared/notifications';
import { useNavigate } from 'react-router';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { appPathOf } from '../utils/app-path-of';

/** Clicking a notification marks it read (if it was not) and follows its link when it has one. */
export function useOpenNotification({ beforeNavigate }: { beforeNavigate?: () => void } = {}) {
  const markRead = useMarkNotificationRead();
  const navigate = useNavigate();
  return (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification.id);
    const to = appPathOf(notification);
    if (to) {
      beforeNavigate?.();
      navigate(to);
    }
  };
}
