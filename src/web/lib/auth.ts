import { apiPath } from '@shared/api-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthStatusSchema } from '@shared/auth';
import { apiGet } from './api';

/** The session every screen reads, so it lives with the shared code rather than in features/auth. */
export const authKeys = { status: ['auth', 'status'] as const };

export const authStatusQuery = queryOptions({
  queryKey: authKeys.status,
  queryFn: async () => AuthStatusSchema.parse(await apiGet(apiPath('authStatus'))),
  staleTime: 5 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
  retry: false,
});

export function useAuthStatus() {
  return useQuery(authStatusQuery);
}
