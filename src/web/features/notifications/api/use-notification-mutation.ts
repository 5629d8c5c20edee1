import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logActivity } from '@/lib/activity';
import { notificationKeys } from './notification-keys';

/** After any change the three lists are refetched (docs/product.md, Notifications). */
export function useNotificationMutation<TVariables>(
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
