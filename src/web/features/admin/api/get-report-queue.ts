import type { AdminQueuePage } from '@shared/admin';
import { apiPath } from '@shared/api-routes';
import { AdminReportListSchema } from '@shared/reports';
import { apiGet } from '@/lib/api';
import { adminKeys } from './admin-keys';
import { queueQuery } from './queue-query';

/** GET /api/admin/reports: a page of the open reports, oldest first. */
export async function getReportQueue(page: AdminQueuePage) {
  return AdminReportListSchema.parse(await apiGet(apiPath('adminReports'), { ...page }));
}

export const reportQueueQuery = queueQuery(adminKeys.reports, getReportQueue);
