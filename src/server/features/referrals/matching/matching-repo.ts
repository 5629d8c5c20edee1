import { and, asc, count, eq, inArray, isNull, ne, notExists, notInArray, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { LIVE_REFERRAL } from '../access.js';
import type { Db } from '../../../db/client.js';
import { referralRequests, referrals, referrers, userSettings, users } from '../../../db/schema.js';
import {
  assignedInCapMonthSql,
  OPEN_REFERRAL,
  pausedInSql,
  takesRequestsInSql,
} from '../../../lib/referrer-sql.js';
import { blockedEitherWay } from '../rows/people.js';
import { CURRENT, type ReferralRow } from '../rows/referrals.js';
import { verifiedInSql } from '../verification/lapse-rule.js';

/** Matching's queries: the candidates and their load, the waiting requests, the assignment, who declined. */

export interface Candidate {
  userId: number;
  isVerified: boolean;
  lastAssignedAt: Date | null;
}

/** A candidate with their own limits (issue 25 item 9): a pause in force at the time asked, and a cap. */
export interface LoadedCandidate extends Candidate {
  paused: boolean;
  monthlyCap: number | null;
}

/**
 * The willing referrers at a company other than the seeker and those in `exclude` (who already held the
 * request), their referrer rows locked (in user id order,
 * so concurrent requests cannot deadlock) until the transaction ends: capacity is counted and spent by one
 * transaction at a time.
 */
export async function lockCandidates(
  tx: Db,
  companyId: number,
  seekerId: number,
  exclude: readonly number[],
  verifiedSince: Date,
  at: Date,
): Promise<LoadedCandidate[]> {
  return withLimits(tx, at, {
    userId: referrers.userId,
    // A lapsed verification ranks as none (docs/decisions/035-verification-lapse.md).
    isVerified: verifiedInSql(verifiedSince),
    lastAssignedAt: referrers.lastAssignedAt,
  })
    .where(
      and(
        eq(referrers.companyId, companyId),
        eq(users.willingToGiveReferrals, true),
        ne(referrers.userId, seekerId),
        exclude.length > 0 ? notInArray(referrers.userId, [...exclude]) : undefined,
        // Blocks are absolute, either way round (docs/decisions/039-running-the-marketplace.md).
        sql`not ${blockedEitherWay(referrers.userId, seekerId)}`,
        // Suspension takes both sides out of matching: nobody suspended is assigned, and a suspended
        // seeker's requests wait (docs/decisions/039-running-the-marketplace.md).
        isNull(users.suspendedAt),
        sql`not exists (select 1 from ${users} seeker where seeker.id = ${seekerId} and seeker.suspended_at is not null)`,
      ),
    )
    .orderBy(asc(referrers.userId))
    .for('update', { of: referrers });
}

/**
 * Locks one referrer's row (see lockCandidates) and tells whether they currently take new referrals:
 * willing, and at `at` not paused, with their monthly cap if any.
 */
export async function lockReferrer(tx: Db, userId: number, at: Date) {
  const [row] = await withLimits(tx, at, {
    companyId: referrers.companyId,
    // A suspended referrer takes nothing new, however willing.
    willing: sql<boolean>`(${users.willingToGiveReferrals} and ${users.suspendedAt} is null)`,
  })
    .where(eq(referrers.userId, userId))
    .for('update', { of: referrers });
  return row;
}

/**
 * Referrers (joined to their users row) with `columns` and their own limits at `at` (issue 25 item 9): a
 * pause in force then, and their monthly cap, from their user_settings if any. What both locks read.
 */
function withLimits<Columns extends SelectedFields>(tx: Db, at: Date, columns: Columns) {
  return tx
    .select({ ...columns, paused: pausedInSql(at), monthlyCap: userSettings.monthlyReferralCap })
    .from(referrers)
    .innerJoin(users, eq(users.id, referrers.userId))
    .leftJoin(userSettings, eq(userSettings.userId, referrers.userId))
    .$dynamic();
}

/**
 * Issue 25 item 9: how many referrals each referrer was assigned (any status, passed on or not) since their
 * calendar month began at `at`, in their time zone (UTC when unknown).
 */
export async function countMonthAssignments(
  db: Db,
  referrerIds: number[],
  at: Date,
): Promise<Map<number, number>> {
  if (referrerIds.length === 0) return new Map();
  const rows = await db
    .select({ referrerId: referrals.referrerId, assigned: count() })
    .from(referrals)
    .leftJoin(userSettings, eq(userSettings.userId, referrals.referrerId))
    .where(and(inArray(referrals.referrerId, referrerIds), assignedInCapMonthSql(at)))
    .groupBy(referrals.referrerId);
  return new Map(rows.map((r) => [r.referrerId, r.assigned]));
}

export async function countOpenReferrals(db: Db, referrerIds: number[]): Promise<Map<number, number>> {
  if (referrerIds.length === 0) return new Map();
  const rows = await db
    .select({ referrerId: referrals.referrerId, open: count() })
    .from(referrals)
    .where(and(inArray(referrals.referrerId, referrerIds), OPEN_REFERRAL))
    .groupBy(referrals.referrerId);
  return new Map(rows.map((r) => [r.referrerId, r.open]));
}

/**
 * The referrers who declined an earlier request of this seeker for this posting: a request asked again
 * never goes to them (docs/decisions/033-request-lifecycle.md).
 */
export async function earlierDecliners(
  tx: Db,
  seekerId: number,
  normalizedJobUrl: string,
): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ referrerId: referrals.referrerId })
    .from(referrals)
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .where(
      and(
        eq(referralRequests.jobSeekerId, seekerId),
        eq(referralRequests.normalizedJobUrl, normalizedJobUrl),
        eq(referrals.status, 'declined'),
      ),
    );
  return rows.map((r) => r.referrerId);
}

/**
 * Undefined when the request already has a current referral (another assignment got there first). `at`
 * starts the response clock: the sweep passes its own, so a fake clock in tests stays consistent.
 */
export async function insertReferral(
  tx: Db,
  requestId: number,
  referrerId: number,
  at: Date = new Date(),
): Promise<ReferralRow | undefined> {
  const [row] = await tx
    .insert(referrals)
    .values({ requestId, referrerId, createdAt: at, pendingSince: at, updatedAt: at })
    .onConflictDoNothing({ target: referrals.requestId, where: CURRENT })
    .returning();
  if (row) {
    await tx.update(referrers).set({ lastAssignedAt: at }).where(eq(referrers.userId, referrerId));
  }
  return row;
}

const earlierRequests = alias(referralRequests, 'earlier_requests');

/**
 * A company's oldest pending requests that nobody holds now, not the referrer's own nor one they held
 * before (declined or let expire), nor one for a posting they declined for this seeker before; skips
 * locked ones.
 */
export async function lockWaitingRequests(tx: Db, companyId: number, referrerId: number, limit: number) {
  return tx
    .select({
      id: referralRequests.id,
      jobSeekerId: referralRequests.jobSeekerId,
      position: referralRequests.position,
      seekerName: users.fullName,
    })
    .from(referralRequests)
    .innerJoin(users, eq(users.id, referralRequests.jobSeekerId))
    .where(
      and(
        eq(referralRequests.companyId, companyId),
        eq(referralRequests.status, 'pending'),
        ne(referralRequests.jobSeekerId, referrerId),
        sql`not ${blockedEitherWay(referralRequests.jobSeekerId, referrerId)}`,
        // A suspended seeker's requests wait until the suspension is lifted.
        isNull(users.suspendedAt),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(referrals)
            .where(
              and(
                eq(referrals.requestId, referralRequests.id),
                sql`(${referrals.supersededAt} is null or ${referrals.referrerId} = ${referrerId})`,
              ),
            ),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(earlierRequests)
            .innerJoin(referrals, eq(referrals.requestId, earlierRequests.id))
            .where(
              and(
                eq(earlierRequests.jobSeekerId, referralRequests.jobSeekerId),
                eq(earlierRequests.normalizedJobUrl, referralRequests.normalizedJobUrl),
                eq(referrals.referrerId, referrerId),
                eq(referrals.status, 'declined'),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(referralRequests.id))
    .limit(limit)
    .for('update', { of: referralRequests, skipLocked: true });
}

/**
 * True when the viewer holds the current referral of one of this user's requests: a referrer the request
 * passed on from no longer sees the applicant, nor one whose referral the seeker withdrew.
 */
export async function holdsReferralFor(db: Db, referrerId: number, seekerId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(referrals)
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .where(
      and(
        eq(referrals.referrerId, referrerId),
        eq(referralRequests.jobSeekerId, seekerId),
        // Passed on, or erased by retention with the request's details (docs/decisions/036-retention.md).
        LIVE_REFERRAL,
        ne(referrals.status, 'withdrawn'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Issue 49 item 1: whether a referrer at the company other than `exceptId` takes requests at `at`, as
 * matching judges a candidate (lockCandidates, withinOwnLimits, the capacity): willing, not suspended, not
 * paused, under their monthly cap and holding fewer than `capacity` open referrals.
 */
export async function othersTakeRequests(
  tx: Db,
  companyId: number,
  exceptId: number,
  capacity: number,
  at: Date,
): Promise<boolean> {
  const rows = await withLimits(tx, at, { one: sql`1` })
    .where(
      and(
        eq(referrers.companyId, companyId),
        ne(referrers.userId, exceptId),
        takesRequestsInSql(at, capacity),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
