import { and, asc, eq, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { ADMIN_QUEUE_PAGE_SIZE, type AdminQueuePage } from '../../../../shared/admin.js';
import type { AdminReport, Report, ReportReason } from '../../../../shared/reports.js';
import type { Db } from '../../../db/client.js';
import { afterRow } from '../../../db/keyset.js';
import { rowExists } from '../../../db/rows.js';
import { preparedPerDb, writtenLimit, type Bound, type Limit } from '../../../db/prepared.js';
import { companies, referralRequests, reports, users, type ReportRow } from '../../../db/schema.js';
import { isoTime } from '../../../lib/iso-time.js';

export function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    subjectUserId: row.subjectId,
    requestId: row.requestId,
    reason: row.reason as ReportReason,
    note: row.note,
    status: row.status as Report['status'],
    createdAt: isoTime(row.createdAt),
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

/** Reports with both users and the request (a left join each: any may be gone), for the queue and a user's view. */
export function reportQuery(db: Db) {
  return reportsJoined(
    db
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
      .$dynamic(),
  );
}

/** The tables a report is read from, joined: the one FROM of the queue's pages. */
function reportsJoined<Query extends PgSelect>(fromReports: Query) {
  return fromReports
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
    createdAt: isoTime(report.createdAt),
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
            at: isoTime(report.resolvedAt),
          }
        : null,
  };
}

/**
 * A page of the admin queue: open reports, oldest first, at most `limit`, after the report `after` (the
 * last of the page before). The cursor's place is read from its row whatever its status now, so a report
 * resolved since still says where the next page starts. Undefined when no report has the cursor's id (its
 * reporter's or subject's account was deleted): nothing says where that page was.
 */
export async function listOpenReports(
  db: Db,
  { limit, after }: AdminQueuePage,
): Promise<AdminReport[] | undefined> {
  const usual = limit === ADMIN_QUEUE_PAGE_SIZE;
  const rows =
    after === undefined
      ? await (usual ? openReports(db).execute() : openReportsQuery(db, limit))
      : await (usual ? openReportsAfter(db).execute({ after }) : openReportsAfterQuery(db, limit, after));
  if (rows.length === 0 && after !== undefined && !(await rowExists(db, reports, after))) return undefined;
  return rows.map(toAdminReport);
}

// The console's page size is prepared (planned once per connection, the limit written in: writtenLimit),
// another size built per call; the status is written out so the plan can use reports_open_idx
// (created_at, id), which gives the order: the page stops after `limit` rows, nothing sorted.
export const openReportsQuery = (db: Db, limit: Limit) => openReportsOf(reportQuery(db), limit);
const openReportsOf = <Query extends PgSelect>(query: Query, limit: Limit) =>
  query
    .where(sql`${reports.status} = 'open'`)
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(limit);
const openReports = preparedPerDb((db) =>
  openReportsQuery(db, writtenLimit(ADMIN_QUEUE_PAGE_SIZE)).prepare('admin_open_reports'),
);

const cursorReport = alias(reports, 'cursor_report');

// The next page: after the cursor's row in reports_open_idx's (created_at, id) order.
export const openReportsAfterQuery = (db: Db, limit: Limit, after: Bound<number>) =>
  reportQuery(db)
    .where(sql`${reports.status} = 'open' and ${afterRow(db, reports, cursorReport, after)}`)
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(limit);
const openReportsAfter = preparedPerDb((db) =>
  openReportsAfterQuery(db, writtenLimit(ADMIN_QUEUE_PAGE_SIZE), sql.placeholder('after')).prepare(
    'admin_open_reports_after',
  ),
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
