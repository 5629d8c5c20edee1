import { AdminQueueCountsSchema } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { adminKeys, fresh } from './admin-keys';

/** GET /api/admin/queue-counts: how many items wait in each queue, all pages together. */
export const queueCountsQuery = queryOptions({
  queryKey: adminKeys.queueCounts,
  queryFn: async () => AdminQueueCountsSchema.parse(await apiGet(apiPath('adminQueueCounts'))),
  ...fresh,
});
