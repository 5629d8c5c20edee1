import { apiPath } from '@shared/api-routes';
import { NotificationSchema } from '@shared/notifications';
import { apiRequest } from '@/lib/api';
import { useNotificationMutation } from './use-notification-mutation';

export async function markNotificationRead(id: number) {
  return NotificationSchema.parse(
    await apiRequest(apiPath('markNotificationRead', { id }), { method: 'PUT' }),
  );
}

export function useMarkNotificationRead() {
  return useNotificationMutation(
    markNotificationRead,
    'Failed to mark the notification as read. Please try again.',
    'read',
  );
}
