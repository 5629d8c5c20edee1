import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sessionFlags } from '@/lib/session-flags';

export function signOut() {
  return apiRequest('/auth/logout', { method: 'POST' });
}

/** Sign-out: clear the session flags, post to /auth/logout, forget cached data. Failures only log. */
export function useSignOut(onSignedOut: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      sessionFlags.clearAll();
      await signOut();
    },
    onSuccess: () => {
      queryClient.clear();
      onSignedOut();
    },
    onError: (error) => console.warn('Sign out failed', error),
    meta: { silent: true },
  });
}
