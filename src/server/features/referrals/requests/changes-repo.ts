import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { referralRequests, referrals } from '../../../db/schema.js';
import { CURRENT, recordStatusChange, type ReferralRow } from '../rows/referrals.js';

/** The queries of changes asked for (docs/decisions/084-changes-requested.md): the resubmit and the lapse. */

const WAITING_ON_SEEKER = and(eq(referrals.status, 'changes_requested'), isNull(referrals.supersededAt));

/**
 * changes_requested → pending, the seeker's resubmit: only while it is its request's current referral. The
 * same referrer gets it back with a fresh response clock (pending_since) and a fresh reminder; the answer
 * they gave by asking for changes is no longer their answer, so their record judges the next one. The
 * round's feedback stays on the timeline, not on the card. The step joins the timeline with the seeker's
 * message.
 */
export async function resubmitReferral(
  tx: Db,
  requestId: number,
  message: string | null,
  at: Date,
): Promise<ReferralRow | undefined> {
  const [row] = await tx
    .update(referrals)
    .set({
      status: 'pending',
      pendingSince: at,
      remindedAt: null,
      answeredAt: null,
      feedback: null,
      changesRequestedAt: null,
      updatedAt: at,
    })
    .where(and(eq(referrals.requestId, requestId), WAITING_ON_SEEKER, CURRENT))
    .returning();
  if (row) await recordStatusChange(tx, { referralId: row.id, status: 'pending', note: message, at });
  return row;
}

/**
 * The current referral waiting longest on its seeker's changes since before `dueBefore` (CHANGES_WINDOW),
 * locked with its request; SKIP LOCKED, as the sweep's other claims, so two sweeps end it once and a resubmit
 * or a withdraw holding the request is left alone.
 */
export async function claimLapsedChanges(tx: Db, dueBefore: Date): Promise<ReferralRow | undefined> {
  const [row] = await tx
    .select({ referral: referrals })
    .from(referrals)
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .where(and(WAITING_ON_SEEKER, lte(referrals.changesRequestedAt, dueBefore)))
    .orderBy(asc(referrals.changesRequestedAt), asc(referrals.id))
    .limit(1)
    .for('update', { of: [referrals, referralRequests], skipLocked: true });
  return row?.referral;
}

/** changes_requested → withdrawn, only if the seeker did not resubmit meanwhile. */
export async function withdrawLapsedChanges(tx: Db, id: number, at: Date): Promise<ReferralRow | undefined> {
  const [row] = await tx
    .update(referrals)
    .set({ status: 'withdrawn', updatedAt: at })
    .where(and(eq(referrals.id, id), WAITING_ON_SEEKER))
    .returning();
  if (row) await recordStatusChange(tx, { referralId: row.id, status: 'withdrawn', note: null, at });
  return row;
}
