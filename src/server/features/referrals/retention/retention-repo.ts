import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  companies,
  referralMessages,
  referralRequests,
  referralStatusChanges,
  referrals,
} from '../../../db/schema.js';

/**
 * The queries of retention (docs/decisions/036-retention.md). Both claims read index
 * referral_requests_closed_idx and lock with SKIP LOCKED, so several instances share the work and a request
 * a status change or another sweep holds is left for the next round.
 */

const NOT_ERASED = isNull(referralRequests.erasedAt);

/**
 * Closed requests due for their notice (closed by `closedBefore`, never told), stamped as told at `now` in
 * the caller's transaction: a second sweep, here or on another instance, never finds them again.
 */
export async function claimErasureNotices(tx: Db, closedBefore: Date, now: Date, limit: number) {
  const due = await tx
    .select({
      id: referralRequests.id,
      jobSeekerId: referralRequests.jobSeekerId,
      position: referralRequests.position,
      companyName: companies.name,
      closedAt: referralRequests.closedAt,
    })
    .from(referralRequests)
    .innerJoin(companies, eq(companies.id, referralRequests.companyId))
    .where(
      and(
        lte(referralRequests.closedAt, closedBefore),
        NOT_ERASED,
        isNull(referralRequests.erasureNoticedAt),
      ),
    )
    .orderBy(asc(referralRequests.closedAt), asc(referralRequests.id))
    .limit(limit)
    .for('update', { of: referralRequests, skipLocked: true });
  if (due.length === 0) return [];
  await tx
    .update(referralRequests)
    .set({ erasureNoticedAt: now })
    .where(
      inArray(
        referralRequests.id,
        due.map((r) => r.id),
      ),
    );
  return due.flatMap((r) => (r.closedAt ? [{ ...r, closedAt: r.closedAt }] : []));
}

/** Closed requests due for erasure: closed by `closedBefore` and told by `noticedBefore`; locked. */
export async function claimErasures(tx: Db, closedBefore: Date, noticedBefore: Date, limit: number) {
  const rows = await tx
    .select({ id: referralRequests.id })
    .from(referralRequests)
    .where(
      and(
        lte(referralRequests.closedAt, closedBefore),
        NOT_ERASED,
        lte(referralRequests.erasureNoticedAt, noticedBefore),
      ),
    )
    .orderBy(asc(referralRequests.closedAt), asc(referralRequests.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}

/**
 * Erases the claimed requests' free text and thread: the seeker's message, every referral's note, decline
 * reason and candidate id, the timeline's notes, the messages, an admin's reason for rejecting it. Statuses, dates and who held each referral
 * stay: they are the company stats' counts and the seeker's line.
 */
export async function eraseRequests(tx: Db, requestIds: number[], now: Date): Promise<void> {
  if (requestIds.length === 0) return;
  const ofRequests = tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(inArray(referrals.requestId, requestIds));
  await tx.delete(referralMessages).where(inArray(referralMessages.referralId, ofRequests));
  await tx
    .update(referralStatusChanges)
    .set({ note: null })
    .where(inArray(referralStatusChanges.referralId, ofRequests));
  await tx
    .update(referrals)
    .set({ feedback: null, declineReason: null, candidateId: null })
    .where(inArray(referrals.requestId, requestIds));
  await tx
    .update(referralRequests)
    .set({ message: null, rejectionReason: null, erasedAt: now })
    .where(inArray(referralRequests.id, requestIds));
}
