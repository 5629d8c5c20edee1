import { AdminRequestViewSchema } from '@shared/admin-views';
import { apiPath } from '@shared/api-routes';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { adminKeys, fresh } from './admin-keys';

/** GET /api/admin/requests/{id}: one request, its referrals with their referrers, and its timeline. */
export const adminRequestQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.request(id),
    queryFn: async () => AdminRequestViewSchema.parse(await apiGet(apiPath('adminRequest', { id }))),
    retry: false,
    ...fresh,
  });
