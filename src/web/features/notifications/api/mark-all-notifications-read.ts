import { apiPath } from '@shared/api-routes';
import { apiRequest } from '@/lib/api';
import { useNotificationMutation } from './use-notification-mutation';

export function markAllNotificationsRead() {
  return apiRequest(apiPath('markAllNotificationsRead'), { method: 'PUT' });
}

export function useMarkAllNotificationsRead() {
  return useNotificationMutation(
    markAllNotificationsRead,
    'Failed to mark notifications as read. Please try again.',
    'read_all',
  );
}
