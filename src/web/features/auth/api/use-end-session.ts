import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionFlags } from '@/lib/session-flags';

/**
 * docs/product.md, Flows and statuses, Sign-out: clear the session flags, post to the server, forget cached data, then leave.
 * A failure is only logged and the user stays.
 */
export function useEndSession(request: () => Promise<unknown>, onSignedOut: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      sessionFlags.clearAll();
      await request();
    },
    onSuccess: () => {
      queryClient.clear();
      onSignedOut();
    },
    onError: (error) => console.warn('Sign out failed', error),
    meta: { silent: true },
  });
}
