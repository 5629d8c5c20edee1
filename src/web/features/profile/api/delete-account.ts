import { apiPath } from '@shared/api-routes';
import type { AuthStatus } from '@shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { authKeys } from '@/lib/auth';
import { paths } from '@/paths';

/** GET /api/user/export answers with Content-Disposition: attachment, so a plain link downloads it. */
export const EXPORT_URL = apiPath('exportAccount');

export async function deleteAccount(confirmEmail: string): Promise<void> {
  await apiRequest(apiPath('deleteAccount'), { method: 'DELETE', data: { confirmEmail } });
}

/**
 * After deletion the session is gone: the user is taken home, every cached answer is dropped and the app is
 * signed out. All of it here, not in mutate()'s own callbacks: signing out unmounts the screen that asked,
 * and TanStack Query skips an unmounted caller's callbacks, which left the user on the sign-in page.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      // Home first, so the signed-out status below does not send the user to sign in instead.
      void navigate(paths.home, { replace: true });
      toast({ title: 'Account deleted', description: 'Your account and its data are gone.' });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.status[0] });
      queryClient.setQueryData<AuthStatus>(authKeys.status, {
        isAuthenticated: false,
        user: null,
        isAdmin: false,
      });
    },
    // The dialog shows the server's sentence itself.
    meta: { silent: true },
  });
}
