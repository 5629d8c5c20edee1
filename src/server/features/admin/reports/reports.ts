import type { AdminQueuePage } from '../../../../shared/admin.js';
import type {
  AdminReport,
  Report,
  ReportInputSchema,
  ResolveReportInputSchema,
} from '../../../../shared/reports.js';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { UserRow } from '../../../db/schema.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { recordAdminAction } from '../audit-repo.js';
import type { SharedRequest } from '../ports.js';
import { findAdminReport, insertReport, listOpenReports, resolveReport, toReport } from './reports-repo.js';

export const NO_SUCH_USER = 'There is no such user.';
export const NO_SUCH_REPORT = 'There is no such report.';
export const LOST_REPORT_CURSOR =
  'No report has the id in the after cursor (it may have been deleted): load the queue again from its first page.';

/** A page of the open reports (issue 26); a cursor naming no report at all is 400, not an empty page. */
export async function openReportPage(db: Db, page: AdminQueuePage): Promise<AdminReport[]> {
  const reports = await listOpenReports(db, page);
  if (!reports) throw badRequest(LOST_REPORT_CURSOR);
  return reports;
}

/**
 * POST /api/reports (issue 25 item 2): only about someone the reporter shares a request with (the seeker,
 * and any referrer who held it); anyone else, and a request they do not share, is 404 as if the user did
 * not exist. One open report per reporter and subject: a second is 409.
 */
export async function fileReport(
  db: Db,
  sharedRequest: SharedRequest,
  reporter: UserRow,
  input: z.output<typeof ReportInputSchema>,
): Promise<Report> {
  if (input.subjectUserId === reporter.id) throw badRequest('You cannot report yourself.');
  const shared = await sharedRequest(reporter.id, input.subjectUserId, input.requestId);
  if (shared === null) throw notFound(NO_SUCH_USER);
  const row = await insertReport(db, {
    reporterId: reporter.id,
    subjectId: input.subjectUserId,
    requestId: input.requestId ?? shared,
    reason: input.reason,
    note: input.note,
  });
  if (!row) throw conflict('You already reported this user, and an admin has not looked at it yet.');
  return toReport(row);
}

/** POST /api/admin/reports/{id}/resolve: closes an open report, audited in the same transaction. */
export async function resolveOpenReport(
  db: Db,
  admin: UserRow,
  id: number,
  input: z.output<typeof ResolveReportInputSchema>,
  at: Date,
): Promise<AdminReport> {
  await db.transaction(async (tx) => {
    if (!(await resolveReport(tx, id, { ...input, by: admin.id, at }))) {
      if (!(await findAdminReport(tx, id))) throw notFound(NO_SUCH_REPORT);
      throw conflict('This report is already resolved.');
    }
    await recordAdminAction(tx, {
      actor: admin,
      action: `report.${input.action}`,
      targetType: 'report',
      targetId: id,
      reason: input.note || null,
    });
  });
  const report = await findAdminReport(db, id);
  if (!report) throw notFound(NO_SUCH_REPORT);
  return report;
}
