import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_USER_VIEW_LIST_SIZE,
  type AdminRequestLine,
  type AdminRequestStep,
  type AdminRequestView,
  type AdminUserView,
} from '../../../../shared/admin-views.js';
import type { ReportReason } from '../../../../shared/reports.js';
import type { Db } from '../../../db/client.js';
import {
  companies,
  referralRequests,
  referralStatusChanges,
  referrals,
  reports,
  users,
} from '../../../db/schema.js';
import { isoTime } from '../../../lib/iso-time.js';
import { findAdminUser } from '../users/users-repo.js';

const orNull = (date: Date | null) => (date ? isoTime(date) : null);

/**
 * GET /api/admin/users/{id} (issue 46 item 9): the user as the Users tab shows them, their newest requests
 * as a seeker and referrals as a referrer, and the reports about them, each list ADMIN_USER_VIEW_LIST_SIZE
 * at most, newest first. Undefined for nobody.
 */
export async function readUserView(db: Db, id: number): Promise<AdminUserView | undefined> {
  const user = await findAdminUser(db, id);
  if (!user) return undefined;
  const reporter = alias(users, 'reporter');
  const [requests, held, about] = await Promise.all([
    db
      .select({
        id: referralRequests.id,
        position: referralRequests.position,
        companyName: companies.name,
        status: referralRequests.status,
        createdAt: referralRequests.createdAt,
      })
      .from(referralRequests)
      .innerJoin(companies, eq(companies.id, referralRequests.companyId))
      .where(eq(referralRequests.jobSeekerId, id))
      .orderBy(desc(referralRequests.id))
      .limit(ADMIN_USER_VIEW_LIST_SIZE),
    db
      .select({
        id: referralRequests.id,
        position: referralRequests.position,
        companyName: companies.name,
        status: referrals.status,
        passedOnAt: referrals.supersededAt,
        createdAt: referrals.createdAt,
      })
      .from(referrals)
      .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
      .innerJoin(companies, eq(companies.id, referralRequests.companyId))
      .where(eq(referrals.referrerId, id))
      .orderBy(desc(referrals.requestId), desc(referrals.id))
      .limit(ADMIN_USER_VIEW_LIST_SIZE),
    db
      .select({
        report: reports,
        reporter: { id: reporter.id, fullName: reporter.fullName, email: reporter.email },
      })
      .from(reports)
      .leftJoin(reporter, eq(reporter.id, reports.reporterId))
      .where(eq(reports.subjectId, id))
      .orderBy(desc(reports.id))
      .limit(ADMIN_USER_VIEW_LIST_SIZE),
  ]);
  const line = (
    row: Omit<AdminRequestLine, 'createdAt' | 'passedOnAt'> & {
      createdAt: Date;
      passedOnAt?: Date | null;
    },
  ): AdminRequestLine => ({
    ...row,
    passedOnAt: orNull(row.passedOnAt ?? null),
    createdAt: isoTime(row.createdAt),
  });
  return {
    user,
    requests: requests.map(line),
    referrals: held.map(line),
    reportsAbout: about.map(({ report, reporter }) => ({
      id: report.id,
      reason: report.reason as ReportReason,
      status: report.status as 'open' | 'resolved',
      note: report.note,
      reporter,
      requestId: report.requestId,
      createdAt: isoTime(report.createdAt),
    })),
  };
}

const seeker = alias(users, 'seeker');

/**
 * GET /api/admin/requests/{id} (issue 46 item 9): who asked, where, the posting as read, every referral
 * with its referrer, and the timeline from the rows (requested, the payment review, each referral's
 * assignment and statuses with their notes, a hand-off, how it closed). Undefined for no such request.
 */
export async function readRequestView(db: Db, id: number): Promise<AdminRequestView | undefined> {
  const [row] = await db
    .select({
      request: referralRequests,
      seeker: { id: seeker.id, fullName: seeker.fullName, email: seeker.email },
      company: { id: companies.id, name: companies.name },
    })
    .from(referralRequests)
    .innerJoin(seeker, eq(seeker.id, referralRequests.jobSeekerId))
    .innerJoin(companies, eq(companies.id, referralRequests.companyId))
    .where(eq(referralRequests.id, id));
  if (!row) return undefined;
  const rows = await db
    .select({
      referral: referrals,
      referrer: { id: users.id, fullName: users.fullName, email: users.email },
      change: {
        id: referralStatusChanges.id,
        status: referralStatusChanges.status,
        note: referralStatusChanges.note,
        at: referralStatusChanges.at,
      },
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .leftJoin(referralStatusChanges, eq(referralStatusChanges.referralId, referrals.id))
    .where(eq(referrals.requestId, id))
    .orderBy(asc(referrals.id), sql`${referralStatusChanges.id} asc nulls first`);
  const { request } = row;
  const timeline: AdminRequestStep[] = [step('requested', request.createdAt)];
  if (request.heldRule) {
    timeline.push(step('held', request.createdAt));
    if (request.reviewedAt) {
      timeline.push(step(request.status === 'rejected' ? 'rejected' : 'released', request.reviewedAt));
    }
  }
  const shown = new Map<number, AdminRequestView['referrals'][number]>();
  for (const { referral, referrer, change } of rows) {
    if (!shown.has(referral.id)) {
      const earlier = [...shown.values()].at(-1);
      if (earlier) closeReferral(timeline, earlier);
      shown.set(referral.id, {
        id: referral.id,
        referrer,
        status: referral.status,
        declineReason: referral.declineReason,
        candidateId: referral.candidateId,
        assignedAt: isoTime(referral.createdAt),
        submittedAt: orNull(referral.submittedAt),
        passedOnAt: orNull(referral.supersededAt),
      });
      timeline.push({
        ...step('assigned', referral.createdAt),
        referralId: referral.id,
        referrerName: referrer.fullName,
      });
    }
    if (change?.id != null && change.status !== null && change.at !== null) {
      timeline.push({
        kind: change.status,
        at: isoTime(change.at),
        referralId: referral.id,
        referrerName: referrer.fullName,
        note: change.note,
      });
    }
  }
  const last = [...shown.values()].at(-1);
  if (last) closeReferral(timeline, last);
  if (request.closedAt && timeline.at(-1)?.kind !== request.status && request.status !== 'rejected') {
    timeline.push(step(request.status, request.closedAt));
  }
  return {
    id: request.id,
    position: request.position,
    jobUrl: request.jobUrl,
    status: request.status,
    message: request.message,
    seeker: row.seeker,
    company: row.company,
    job: { title: request.jobTitle, location: request.jobLocation, status: request.jobStatus },
    heldRule: request.heldRule,
    rejectionReason: request.rejectionReason,
    createdAt: isoTime(request.createdAt),
    closedAt: orNull(request.closedAt),
    erasedAt: orNull(request.erasedAt),
    referrals: [...shown.values()],
    timeline,
  };
}

function step(kind: string, at: Date): AdminRequestStep {
  return { kind, at: isoTime(at), referralId: null, referrerName: null, note: null };
}

/** A referral that passed on: its last step says so, with when. */
function closeReferral(timeline: AdminRequestStep[], referral: AdminRequestView['referrals'][number]) {
  if (!referral.passedOnAt) return;
  timeline.push({
    kind: 'passed_on',
    at: referral.passedOnAt,
    referralId: referral.id,
    referrerName: referral.referrer.fullName,
    note: null,
  });
}
