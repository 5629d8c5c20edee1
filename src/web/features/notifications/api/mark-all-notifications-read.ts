import { apiRequest } from '@/lib/api';
import { useNotificationMutation } from './use-notification-mutation';

export function markAllNotificationsRead() {
  return apiRequest('/api/notifications/read-all', { method: 'PUT' });
}

export function useMarkAllNotificationsRead() {
  return useNotificationMutation(
    markAllNotificationsRead,
    'Failed to mark notifications as read. Please try again.',
    'read_all',
  );
}
