import { apiPath } from '@shared/api-routes';
import type { AuthStatus } from '@shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { authKeys } from '@/lib/auth';

/** GET /api/user/export answers with Content-Disposition: attachment, so a plain link downloads it. */
export const EXPORT_URL = apiPath('exportAccount');

export async function deleteAccount(confirmEmail: string): Promise<void> {
  await apiRequest(apiPath('deleteAccount'), { method: 'DELETE', data: { confirmEmail } });
}

/** After deletion the session is gone: every cached answer is dropped and the app is signed out. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.status[0] });
      queryClient.setQueryData<AuthStatus>(authKeys.status, { isAuthenticated: false, user: null });
    },
    // The dialog shows the server's sentence itself.
    meta: { silent: true },
  });
}
