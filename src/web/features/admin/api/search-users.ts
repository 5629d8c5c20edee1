import { AdminUserListSchema } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { adminKeys, fresh } from './admin-keys';

/**
 * GET /api/admin/users?q=: the users found. The search keeps showing the last answer while the next one
 * loads: a row stays mounted (and a dialog opened from it stays open) when the admin acts on it before
 * typing has paused.
 */
export const userSearchQuery = (q: string) =>
  queryOptions({
    queryKey: adminKeys.users(q),
    queryFn: async () => AdminUserListSchema.parse(await apiGet(apiPath('adminUsers'), { q })),
    placeholderData: keepPreviousData,
    ...fresh,
  });
