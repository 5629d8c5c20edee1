import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminReport, Report, ReportReason } from '../../../../shared/reports.js';
import type { Db } from '../../../db/client.js';
import { preparedPerDb } from '../../../db/prepared.js';
import { companies, referralRequests, reports, users, type ReportRow } from '../../../db/schema.js';

export function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    subjectUserId: row.subjectId,
    requestId: row.requestId,
    reason: row.reason as ReportReason,
    note: row.note,
    status: row.status as Report['status'],
    createdAt: row.createdAt.toISOString(),
  };
}

/** Inserts the report unless the reporter has one open about this subject (then undefined). */
export async function insertReport(
  db: Db,
  values: {
    reporterId: number;
    subjectId: number;
    requestId: number | null;
    reason: ReportReason;
    note: string;
  },
): Promise<ReportRow | undefined> {
  const [row] = await db
    .insert(reports)
    .values(values)
    .onConflictDoNothing({
      target: [reports.reporterId, reports.subjectId],
      where: sql`${reports.status} = 'open'`,
    })
    .returning();
  return row;
}

const reporter = alias(users, 'reporter');
const subject = alias(users, 'subject');

function reportQuery(db: Db) {
  return db
    .select({
      report: reports,
      reporter: { id: reporter.id, fullName: reporter.fullName, email: reporter.email },
      subject: { id: subject.id, fullName: subject.fullName, email: subject.email },
      request: {
        id: referralRequests.id,
        position: referralRequests.position,
        companyName: companies.name,
      },
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(subject, eq(subject.id, reports.subjectId))
    .leftJoin(referralRequests, eq(referralRequests.id, reports.requestId))
    .leftJoin(companies, eq(companies.id, referralRequests.companyId));
}

type ReportJoin = Awaited<ReturnType<ReturnType<typeof reportQuery>['execute']>>[number];

function toAdminReport({ report, reporter, subject, request }: ReportJoin): AdminReport {
  return {
    id: report.id,
    reason: report.reason as ReportReason,
    note: report.note,
    status: report.status as AdminReport['status'],
    createdAt: report.createdAt.toISOString(),
    reporter,
    subject,
    request:
      request && request.id !== null && request.position !== null && request.companyName !== null
        ? { id: request.id, position: request.position, companyName: request.companyName }
        : null,
    resolution:
      report.resolvedAt && report.resolutionAction
        ? {
            action: report.resolutionAction as NonNullable<AdminReport['resolution']>['action'],
            note: report.resolutionNote ?? '',
            at: report.resolvedAt.toISOString(),
          }
        : null,
  };
}

/** The admin queue: open reports, oldest first (at most `limit`). */
export async function listOpenReports(db: Db, limit: number): Promise<AdminReport[]> {
  const rows = await openReports(db).execute({ limit });
  return rows.map(toAdminReport);
}

// Prepared (planned once per connection), with the status written out so the plan can use reports_open_idx
// (created_at, id), which gives the order: the page stops after `limit` rows, nothing sorted.
const openReports = preparedPerDb((db) =>
  reportQuery(db)
    .where(sql`${reports.status} = 'open'`)
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(sql.placeholder('limit'))
    .prepare('admin_open_reports'),
);

export async function findAdminReport(db: Db, id: number): Promise<AdminReport | undefined> {
  const [row] = await reportQuery(db).where(eq(reports.id, id));
  return row && toAdminReport(row);
}

/** open → resolved, once: a second resolve finds nothing to update. */
export async function resolveReport(
  tx: Db,
  id: number,
  resolution: { action: string; note: string; by: number; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(reports)
    .set({
      status: 'resolved',
      resolutionAction: resolution.action,
      resolutionNote: resolution.note,
      resolvedBy: resolution.by,
      resolvedAt: resolution.at,
    })
    .where(and(eq(reports.id, id), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return rows.length > 0;
}
