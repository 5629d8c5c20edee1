import { apiPath } from '@shared/api-routes';
import { UserSchema } from '@shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { authStatusQuery } from '@/lib/auth';

export async function updateProfileStatus(userId: number, isCompleted: boolean) {
  return UserSchema.parse(
    await apiRequest(apiPath('profileStatus', { id: userId }), { method: 'PUT', data: { isCompleted } }),
  );
}

/** Sets users.profileCompleted; the auth status carries it, so that is refetched. */
export function useUpdateProfileStatus(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isCompleted: boolean) => updateProfileStatus(userId, isCompleted),
    onSuccess: () => {
      logActivity('profile', 'completion_status_changed');
      return queryClient.invalidateQueries({ queryKey: authStatusQuery.queryKey });
    },
    meta: { silent: true },
  });
}
