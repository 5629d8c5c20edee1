import { apiPath } from '@shared/api-routes';
import { apiRequest } from '@/lib/api';
import { useNotificationMutation } from './use-notification-mutation';

export function deleteNotification(id: number) {
  return apiRequest(apiPath('deleteNotification', { id }), { method: 'DELETE' });
}

export function useDeleteNotification() {
  return useNotificationMutation(
    deleteNotification,
    'Failed to delete the notification. Please try again.',
    'delete',
  );
}
