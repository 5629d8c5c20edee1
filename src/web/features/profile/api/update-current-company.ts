import { apiPath } from '@shared/api-routes';
import { UserSchema } from '@shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { authStatusQuery } from '@/lib/auth';

export async function updateCurrentCompany(userId: number, companyName: string) {
  return UserSchema.parse(
    await apiRequest(apiPath('currentCompany', { id: userId }), { method: 'PUT', data: { companyName } }),
  );
}

/** On success the auth status (which carries currentCompanyName) is refetched. */
export function useUpdateCurrentCompany(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyName: string) => updateCurrentCompany(userId, companyName),
    onSuccess: () => {
      logActivity('profile', 'current_company_set');
      return queryClient.invalidateQueries({ queryKey: authStatusQuery.queryKey });
    },
    meta: { silent: true },
  });
}
