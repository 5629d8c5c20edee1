import { asc, desc, eq } from 'drizzle-orm';
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
import { joinReferralCompany, seekerRequests } from '../../../lib/referral-parties.js';
import { companies, referralRequests, referrals, reports, users } from '../../../db/schema.js';
import { isoTime } from '../../../lib/iso-time.js';
import type { RequestHistory } from '../ports.js';
import { reportQuery } from '../reports/reports-repo.js';
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
  const [requests, held, about] = await Promise.all([
    seekerRequests(
      db
        .select({
          id: referralRequests.id,
          position: referralRequests.position,
          companyName: companies.name,
          status: referralRequests.status,
          createdAt: referralRequests.createdAt,
        })
        .from(referralRequests)
        .$dynamic(),
      id,
    )
      .orderBy(desc(referralRequests.id))
      .limit(ADMIN_USER_VIEW_LIST_SIZE),
    joinReferralCompany(
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
        .$dynamic(),
    )
      .where(eq(referrals.referrerId, id))
      .orderBy(desc(referrals.requestId), desc(referrals.id))
      .limit(ADMIN_USER_VIEW_LIST_SIZE),
    reportQuery(db)
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
 * with its referrer, and the timeline: requested, the payment review, everything that happened to its
 * referrals (`history`, the referrals feature's: each assignment, every status with its note, each pass-on),
 * and how it closed. Undefined for no such request.
 */
export async function readRequestView(
  db: Db,
  id: number,
  history: RequestHistory,
): Promise<AdminRequestView | undefined> {
  const [[row], held, steps] = await Promise.all([
    db
      .select({
        request: referralRequests,
        seeker: { id: seeker.id, fullName: seeker.fullName, email: seeker.email },
        company: { id: companies.id, name: companies.name },
      })
      .from(referralRequests)
      .innerJoin(seeker, eq(seeker.id, referralRequests.jobSeekerId))
      .innerJoin(companies, eq(companies.id, referralRequests.companyId))
      .where(eq(referralRequests.id, id)),
    db
      .select({
        referral: referrals,
        referrer: { id: users.id, fullName: users.fullName, email: users.email },
      })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referrerId))
      .where(eq(referrals.requestId, id))
      .orderBy(asc(referrals.id)),
    history(db, id),
  ]);
  if (!row) return undefined;
  const { request } = row;
  const timeline: AdminRequestStep[] = [step('requested', request.createdAt)];
  if (request.heldRule) {
    timeline.push(step('held', request.createdAt));
    if (request.reviewedAt) {
      timeline.push(step(request.status === 'rejected' ? 'rejected' : 'released', request.reviewedAt));
    }
  }
  for (const { kind, at, referralId, referrerName, note } of steps) {
    timeline.push({ kind, at: isoTime(at), referralId, referrerName, note });
  }
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
    referrals: held.map(({ referral, referrer }) => ({
      id: referral.id,
      referrer,
      status: referral.status,
      declineReason: referral.declineReason,
      candidateId: referral.candidateId,
      assignedAt: isoTime(referral.createdAt),
      submittedAt: orNull(referral.submittedAt),
      passedOnAt: orNull(referral.supersededAt),
    })),
    timeline,
  };
}

function step(kind: string, at: Date): AdminRequestStep {
  return { kind, at: isoTime(at), referralId: null, referrerName: null, note: null };
}
