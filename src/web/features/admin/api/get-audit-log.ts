import { AdminAuditPageSchema, ADMIN_AUDIT_PAGE_SIZE, type AdminAuditEntry } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { adminKeys, fresh } from './admin-keys';

/** GET /api/admin/audit: the audit log, newest first, a page at a time. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: async ({ pageParam }) =>
      AdminAuditPageSchema.parse(
        await apiGet(apiPath('adminAudit'), { limit: ADMIN_AUDIT_PAGE_SIZE, before: pageParam }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page: AdminAuditEntry[]) =>
      page.length < ADMIN_AUDIT_PAGE_SIZE ? undefined : page.at(-1)?.id,
    ...fresh,
  });
}
