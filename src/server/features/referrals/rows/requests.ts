import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CLOSED_REQUEST_STATUSES,
  WITHDRAWABLE_REQUEST_STATUSES,
} from '../../../../shared/referral-status.js';
import type { Db } from '../../../db/client.js';
import { companies, referralRequests, users } from '../../../db/schema.js';
import type { JobSnapshot, ReferralCompany } from '../ports.js';

/**
 * The request's row as several use cases read and write it: its lock with the names its notices say, its
 * status, its posting as read, and the company it names. What one use case alone needs stays in its folder.
 */

export type ReferralRequestRow = typeof referralRequests.$inferSelect;

/** The request with the names its notices say: the seeker's and the company's. */
function requestWithNames(db: Db, requestId: number) {
  return db
    .select({
      id: referralRequests.id,
      status: referralRequests.status,
      jobSeekerId: referralRequests.jobSeekerId,
      companyId: referralRequests.companyId,
      position: referralRequests.position,
      normalizedJobUrl: referralRequests.normalizedJobUrl,
      companyName: companies.name,
      seekerName: users.fullName,
    })
    .from(referralRequests)
    .innerJoin(companies, eq(companies.id, referralRequests.companyId))
    .innerJoin(users, eq(users.id, referralRequests.jobSeekerId))
    .where(eq(referralRequests.id, requestId));
}

/**
 * The request with its names, locked: every hand-off, the liveness sweep and a release take it, so two of
 * them cannot interleave on one request and a status change cannot slip in between.
 */
export async function lockRequestWithNames(tx: Db, requestId: number) {
  const [row] = await requestWithNames(tx, requestId).for('update', { of: referralRequests });
  return row;
}

/** For notifications: the request with its names, unlocked. */
export async function describeRequest(db: Db, requestId: number) {
  const [row] = await requestWithNames(db, requestId);
  return row;
}

/**
 * The request follows its referral; answers what the seeker's notification needs. A move into a closed
 * status starts the retention count at `at`, and a later notice is owed for the new date; any other move
 * clears it (docs/decisions/036-retention.md).
 */
export async function setRequestStatus(tx: Db, requestId: number, status: string, at: Date) {
  const closed = CLOSED_REQUEST_STATUSES.some((s) => s === status);
  const [row] = await tx
    .update(referralRequests)
    .set({ status, updatedAt: at, closedAt: closed ? at : null, erasureNoticedAt: null })
    .where(eq(referralRequests.id, requestId))
    .returning({
      jobSeekerId: referralRequests.jobSeekerId,
      position: referralRequests.position,
      companyId: referralRequests.companyId,
    });
  return row;
}

/** The request's columns for its posting as read. */
export function jobColumns(snapshot: JobSnapshot) {
  return {
    jobTitle: snapshot.title,
    jobLocation: snapshot.location,
    jobStatus: snapshot.status,
    jobSource: snapshot.source,
    jobCheckedAt: snapshot.checkedAt,
    jobUnknownSince: snapshot.status === 'unknown' ? snapshot.checkedAt : null,
  };
}

/**
 * Stores what the posting said, unless a later reading is there already. An unknown answer keeps the start
 * of the unknown run; an open or closed one ends it (and the seeker's flag with it). Answers the stored row's
 * run, undefined when nothing was stored.
 */
export async function updateRequestJob(db: Db, requestId: number, snapshot: JobSnapshot) {
  const at = snapshot.checkedAt.toISOString();
  const unknown = snapshot.status === 'unknown';
  const [row] = await db
    .update(referralRequests)
    .set({
      ...jobColumns(snapshot),
      jobUnknownSince: unknown ? sql`coalesce(${referralRequests.jobUnknownSince}, ${at})` : null,
      ...(unknown ? {} : { jobUnknownFlaggedAt: null }),
    })
    .where(
      and(
        eq(referralRequests.id, requestId),
        sql`(${referralRequests.jobCheckedAt} is null or ${referralRequests.jobCheckedAt} <= ${at})`,
      ),
    )
    .returning({
      unknownSince: referralRequests.jobUnknownSince,
      flaggedAt: referralRequests.jobUnknownFlaggedAt,
    });
  return row;
}

/** `listedOnly`: a company private to other seekers' requests counts as none. */
export async function findCompanyById(
  db: Db,
  id: number,
  { listedOnly = false } = {},
): Promise<ReferralCompany | undefined> {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      normalizedName: companies.normalizedName,
      emailDomains: companies.emailDomains,
    })
    .from(companies)
    .where(listedOnly ? and(eq(companies.id, id), eq(companies.listed, true)) : eq(companies.id, id));
  return row;
}

/**
 * Issue 49 item 1: which of these users have a request at the company that matching still serves (held,
 * waiting, pending or accepted): a watcher among them is not told that a referrer there can take requests.
 */
export async function seekersWithOpenRequestAt(
  db: Db,
  companyId: number,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: referralRequests.jobSeekerId })
    .from(referralRequests)
    .where(
      and(
        eq(referralRequests.companyId, companyId),
        inArray(referralRequests.jobSeekerId, [...userIds]),
        inArray(referralRequests.status, [...WITHDRAWABLE_REQUEST_STATUSES]),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}
