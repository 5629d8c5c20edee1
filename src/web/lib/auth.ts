import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AuthStatusSchema } from '@shared/auth';
import { apiGet, apiRequest } from './api';
import { sessionFlags } from './session-flags';

export const authKeys = { status: ['auth', 'status'] as const };

export const authStatusQuery = queryOptions({
  queryKey: authKeys.status,
  queryFn: async () => AuthStatusSchema.parse(await apiGet('/auth/status')),
  staleTime: 5 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
  retry: false,
});

export function useAuthStatus() {
  return useQuery(authStatusQuery);
}

/** Sign-out: clear the session flags, post to /auth/logout, forget cached data. Failures only log. */
export function useSignOut(onSignedOut: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      sessionFlags.clearAll();
      await apiRequest('/auth/logout', { method: 'POST' });
    },
    onSuccess: () => {
      queryClient.clear();
      onSignedOut();
    },
    onError: (error) => console.warn('Sign out failed', error),
    meta: { silent: true },
  });
}
