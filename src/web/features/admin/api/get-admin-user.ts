import { AdminUserViewSchema } from '@shared/admin-views';
import { apiPath } from '@shared/api-routes';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { adminKeys, fresh } from './admin-keys';

/** GET /api/admin/users/{id}: one user, their requests and referrals, and the reports about them. */
export const adminUserQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: async () => AdminUserViewSchema.parse(await apiGet(apiPath('adminUser', { id }))),
    retry: false,
    ...fresh,
  });
