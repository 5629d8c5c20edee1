import { apiPath } from '@shared/api-routes';
import { UserSchema } from '@shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { authStatusQuery } from '@/lib/auth';

export async function updateNotWorking(userId: number, notWorking: boolean) {
  return UserSchema.parse(
    await apiRequest(apiPath('notWorking', { id: userId }), { method: 'PUT', data: { notWorking } }),
  );
}

/** "I'm not working right now": on success the auth status (which carries notWorking) is refetched. */
export function useUpdateNotWorking(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notWorking: boolean) => updateNotWorking(userId, notWorking),
    onSuccess: () => {
      logActivity('profile', 'not_working_set');
      return queryClient.invalidateQueries({ queryKey: authStatusQuery.queryKey });
    },
    meta: { silent: true },
  });
}
