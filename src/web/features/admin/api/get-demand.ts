import { apiPath } from '@shared/api-routes';
import { AdminDemandPageSchema, DEMAND_PAGE_SIZE, type AdminDemandPage } from '@shared/demand';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { adminKeys, fresh } from './admin-keys';

/** GET /api/admin/demand: each company's exact demand, most waiting + watchers first, a page at a time. */
export function useDemand() {
  return useInfiniteQuery({
    queryKey: adminKeys.demand,
    queryFn: async ({ pageParam }) =>
      AdminDemandPageSchema.parse(
        await apiGet(apiPath('adminDemand'), { limit: DEMAND_PAGE_SIZE, cursor: pageParam }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: AdminDemandPage) => page.nextCursor ?? undefined,
    ...fresh,
  });
}

/** The CSV of the first 100 companies, as a link the browser downloads with the admin's session. */
export const DEMAND_CSV_HREF = `${apiPath('adminDemand')}?format=csv&limit=100`;
