import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { ENDED_REQUEST_STATUSES } from '../../../../shared/referral-status.js';
import type { Db } from '../../../db/client.js';
import { OPEN_REFERRAL } from '../../../lib/referrer-sql.js';
import { referralRequests, referrals } from '../../../db/schema.js';
import type { ReferralRequestRow } from '../rows/requests.js';
import { CURRENT, recordStatusChange, type ReferralRow } from '../rows/referrals.js';

/** The requests use cases' queries: a new request, the request's own lock, the moves of its referral. */

export type NewRequest = Pick<
  ReferralRequestRow,
  'jobSeekerId' | 'companyId' | 'position' | 'jobUrl' | 'normalizedJobUrl' | 'message' | 'jobNextCheckAt'
> &
  Partial<Pick<ReferralRequestRow, 'status' | 'heldRule' | 'alreadyApplied'>>;

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

/** The seeker's request, locked: withdraw, undo and status changes take it before its referral. */
export async function lockRequest(tx: Db, requestId: number): Promise<ReferralRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(referralRequests)
    .where(eq(referralRequests.id, requestId))
    .for('update');
  return row;
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
  /**
   * With an accept: how the referrer knows the seeker (docs/decisions/082-already-applied-and-
   * relationship.md).
   */
  relationship?: string | null;
  /** With changes_requested: what the seeker should change (docs/decisions/084-changes-requested.md). */
  changes?: readonly string[] | null;
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
      // A request for changes carries its own round's feedback, none included.
      feedback:
        move.to === 'changes_requested' ? move.feedback : (move.feedback ?? sql`${referrals.feedback}`),
      ...(move.to === 'submitted' ? { submittedAt: at } : {}),
      ...(move.to === 'accepted' || move.to === 'declined' || move.to === 'changes_requested'
        ? { answeredAt: at }
        : {}),
      ...(move.to === 'changes_requested'
        ? {
            requestedChanges: [...(move.changes ?? [])],
            changeRounds: sql`${referrals.changeRounds} + 1`,
            changesRequestedAt: at,
          }
        : {}),
      ...(move.to === 'declined' ? { declinedAt: at, declineReason: move.reason ?? null } : {}),
      ...(move.to === 'submitted' ? { candidateId: move.candidateId ?? null } : {}),
      ...(move.to === 'accepted' && move.relationship ? { relationship: move.relationship } : {}),
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
    .where(
      and(eq(referrals.requestId, requestId), CURRENT, or(OPEN_REFERRAL, eq(referrals.status, 'declined'))),
    )
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

/** Only while the referral is accepted and its request's current one; undefined otherwise. */
export async function setRelationship(
  tx: Db,
  referralId: number,
  relationship: string,
  at: Date,
): Promise<ReferralRow | undefined> {
  const [row] = await tx
    .update(referrals)
    .set({ relationship, updatedAt: at })
    .where(and(eq(referrals.id, referralId), eq(referrals.status, 'accepted'), CURRENT))
    .returning();
  return row;
}
