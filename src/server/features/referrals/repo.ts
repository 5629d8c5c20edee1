import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  ne,
  notExists,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CLOSED_REQUEST_STATUSES, ENDED_REQUEST_STATUSES } from '../../../shared/referral-status.js';
import { verifiedInSql } from './verification/lapse-rule.js';
import { monthStartInSql, pausedInSql } from '../../lib/referrer-sql.js';
import { blockedEitherWay } from './blocks/blocks-repo.js';
import { LIVE_REFERRAL } from './access.js';
import type { Db } from '../../db/client.js';
import { companies, referralRequests, referrals, referrers, userSettings, users } from '../../db/schema.js';
import type { JobSnapshot, ReferralCompany } from './ports.js';
import { recordStatusChange } from './timeline/timeline-repo.js';

export type ReferralRow = typeof referrals.$inferSelect;
export type ReferralRequestRow = typeof referralRequests.$inferSelect;

const OPEN = sql`${referrals.status} in ('pending', 'accepted')`;
/** The request's current referral; superseded ones are hand-off history (docs/product.md, A request's life). */
export const CURRENT = isNull(referrals.supersededAt);

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
  return tx
    .select({
      userId: referrers.userId,
      // A lapsed verification ranks as none (docs/decisions/035-verification-lapse.md).
      isVerified: verifiedInSql(verifiedSince),
      lastAssignedAt: referrers.lastAssignedAt,
      paused: pausedInSql(at),
      monthlyCap: userSettings.monthlyReferralCap,
    })
    .from(referrers)
    .innerJoin(users, eq(users.id, referrers.userId))
    .leftJoin(userSettings, eq(userSettings.userId, referrers.userId))
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
  const [row] = await tx
    .select({
      companyId: referrers.companyId,
      // A suspended referrer takes nothing new, however willing.
      willing: sql<boolean>`(${users.willingToGiveReferrals} and ${users.suspendedAt} is null)`,
      paused: pausedInSql(at),
      monthlyCap: userSettings.monthlyReferralCap,
    })
    .from(referrers)
    .innerJoin(users, eq(users.id, referrers.userId))
    .leftJoin(userSettings, eq(userSettings.userId, referrers.userId))
    .where(eq(referrers.userId, userId))
    .for('update', { of: referrers });
  return row;
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
    .where(
      and(
        inArray(referrals.referrerId, referrerIds),
        sql`${referrals.createdAt} >= ${monthStartInSql(at)}`,
        sql`${referrals.createdAt} <= ${at.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(referrals.referrerId);
  return new Map(rows.map((r) => [r.referrerId, r.assigned]));
}

export async function countOpenReferrals(db: Db, referrerIds: number[]): Promise<Map<number, number>> {
  if (referrerIds.length === 0) return new Map();
  const rows = await db
    .select({ referrerId: referrals.referrerId, open: count() })
    .from(referrals)
    .where(and(inArray(referrals.referrerId, referrerIds), OPEN))
    .groupBy(referrals.referrerId);
  return new Map(rows.map((r) => [r.referrerId, r.open]));
}

export type NewRequest = Pick<
  ReferralRequestRow,
  'jobSeekerId' | 'companyId' | 'position' | 'jobUrl' | 'normalizedJobUrl' | 'message' | 'jobNextCheckAt'
> &
  Partial<Pick<ReferralRequestRow, 'status' | 'heldRule'>>;

/** The predicate of the partial unique index referral_requests_seeker_job_key: the request is still open. */
const REQUEST_OPEN = sql`${referralRequests.status} not in (${sql.join(
  ENDED_REQUEST_STATUSES.map((s) => sql.raw(`'${s}'`)),
  sql`, `,
)})`;

/**
 * Undefined when the seeker has an open request for this posting (the partial unique index decides,
 * race-free); an ended one does not count (docs/decisions/033-request-lifecycle.md).
 */
export async function insertRequest(tx: Db, values: NewRequest): Promise<ReferralRequestRow | undefined> {
  const [row] = await tx
    .insert(referralRequests)
    .values(values)
    .onConflictDoNothing({
      target: [referralRequests.jobSeekerId, referralRequests.normalizedJobUrl],
      where: REQUEST_OPEN,
    })
    .returning();
  return row;
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

/** The seeker's request, locked: withdraw, undo and status changes take it before its referral. */
export async function lockRequest(tx: Db, requestId: number): Promise<ReferralRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(referralRequests)
    .where(eq(referralRequests.id, requestId))
    .for('update');
  return row;
}

/**
 * The request with the names its notices say (the seeker's, the company's), locked: every hand-off, the
 * liveness sweep and a release take it, so two of them cannot interleave on one request and a status
 * change cannot slip in between.
 */
export async function lockRequestWithNames(tx: Db, requestId: number) {
  const [row] = await tx
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
    .where(eq(referralRequests.id, requestId))
    .for('update', { of: referralRequests });
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
    .values({ requestId, referrerId, createdAt: at, updatedAt: at })
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

export interface Move {
  id: number;
  referrerId: number;
  from: string;
  to: string;
  feedback: string | null;
  /** A decline's reason (DECLINE_REASONS), or null. */
  reason?: string | null;
  /** With a submit: the company's referral or candidate id. */
  candidateId?: string | null;
  at?: Date;
}

/**
 * Moves the referral only if it is still in `from` and still its request's current one: of two racing
 * changes, one wins, and a hand-off racing a move leaves the earlier referral as it was. The move and its note
 * join the timeline; `feedback` keeps the latest note given.
 */
export async function moveReferral(tx: Db, move: Move): Promise<ReferralRow | undefined> {
  const at = move.at ?? new Date();
  const [row] = await tx
    .update(referrals)
    .set({
      status: move.to,
      feedback: move.feedback ?? sql`${referrals.feedback}`,
      ...(move.to === 'submitted' ? { submittedAt: at } : {}),
      ...(move.to === 'accepted' || move.to === 'declined' ? { answeredAt: at } : {}),
      ...(move.to === 'declined' ? { declinedAt: at, declineReason: move.reason ?? null } : {}),
      ...(move.to === 'submitted' ? { candidateId: move.candidateId ?? null } : {}),
      updatedAt: at,
    })
    .where(
      and(
        eq(referrals.id, move.id),
        eq(referrals.referrerId, move.referrerId),
        eq(referrals.status, move.from),
        // A referral passed on is over for its referrer (access.ts), whatever a read before this saw.
        CURRENT,
      ),
    )
    .returning();
  if (row) {
    await recordStatusChange(tx, {
      referralId: row.id,
      status: move.to,
      note: move.feedback,
      at: row.updatedAt,
    });
  }
  return row;
}

/**
 * declined → pending, only while the decline is the request's current referral and younger than `since`
 * (DECLINE_UNDO_WINDOW). The response clock keeps its original start (docs/decisions/033-request-lifecycle.md).
 */
export async function undoDecline(
  tx: Db,
  id: number,
  referrerId: number,
  since: Date,
  at: Date,
): Promise<ReferralRow | undefined> {
  const [row] = await tx
    .update(referrals)
    .set({
      status: 'pending',
      feedback: null,
      declineReason: null,
      declinedAt: null,
      answeredAt: null,
      updatedAt: at,
    })
    .where(
      and(
        eq(referrals.id, id),
        eq(referrals.referrerId, referrerId),
        eq(referrals.status, 'declined'),
        isNull(referrals.supersededAt),
        gt(referrals.declinedAt, since),
      ),
    )
    .returning();
  // 'pending' after 'declined' reads 'Decline undone' on the referrer's timeline; the seeker's drops both.
  if (row) await recordStatusChange(tx, { referralId: row.id, status: 'pending', note: null, at });
  return row;
}

/**
 * The request's current referral ends withdrawn, if it is still open; a decline inside its undo window
 * (the request still pending) is not final yet, so it ends withdrawn too.
 */
export async function withdrawReferral(
  tx: Db,
  requestId: number,
  at: Date,
): Promise<ReferralRow | undefined> {
  const [row] = await tx
    .update(referrals)
    .set({ status: 'withdrawn', updatedAt: at })
    .where(and(eq(referrals.requestId, requestId), CURRENT, or(OPEN, eq(referrals.status, 'declined'))))
    .returning();
  if (row) await recordStatusChange(tx, { referralId: row.id, status: 'withdrawn', note: null, at });
  return row;
}

/** Undefined when the referral is no longer its request's current one. */
export async function setSeekerConfirmation(
  tx: Db,
  referralId: number,
  answer: 'received' | 'not_received',
  at: Date,
): Promise<ReferralRow | undefined> {
  const [row] = await tx
    .update(referrals)
    .set({ seekerConfirmation: answer, seekerConfirmedAt: at })
    .where(and(eq(referrals.id, referralId), CURRENT))
    .returning();
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
 * Issue 25: whether two users share a request: one is its seeker and the other held a referral for it, now
 * or earlier. Answers one such request id (the given one, if it qualifies), or null.
 */
export async function sharedRequest(
  db: Db,
  userId: number,
  otherId: number,
  requestId?: number | null,
): Promise<number | null> {
  const pair = or(
    and(eq(referralRequests.jobSeekerId, userId), eq(referrals.referrerId, otherId)),
    and(eq(referralRequests.jobSeekerId, otherId), eq(referrals.referrerId, userId)),
  );
  const [row] = await db
    .select({ id: referralRequests.id })
    .from(referrals)
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .where(requestId == null ? pair : and(pair, eq(referralRequests.id, requestId)))
    .orderBy(desc(referralRequests.id))
    .limit(1);
  return row?.id ?? null;
}
