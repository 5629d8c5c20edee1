import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { OPEN_REFERRAL } from '../../../lib/referrer-sql.js';
import { referralRequests, referralStatusChanges, referrals } from '../../../db/schema.js';

/**
 * A request's referrals as several use cases read and write them: which one is current, its history, the
 * hand-off's step that lets one go, and the timeline's record of every status a referral takes.
 */

export type ReferralRow = typeof referrals.$inferSelect;


/** The request's current referral; superseded ones are hand-off history (docs/product.md, A request's life). */
export const CURRENT = isNull(referrals.supersededAt);

/**
 * The current open referrals `where` picks (it may name their request too), in request order: what passes
 * on when its referrer leaves or is suspended, when one side blocks the other, or when its seeker is
 * suspended.
 */
export async function openReferralsWhere(tx: Db, where: SQL | undefined) {
  return tx
    .select({ id: referrals.id, requestId: referrals.requestId, referrerId: referrals.referrerId })
    .from(referrals)
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .where(and(CURRENT, OPEN_REFERRAL, where))
    .orderBy(asc(referrals.requestId));
}

/** Every referral the request ever had, current one included. */
export async function referralsOfRequest(tx: Db, requestId: number) {
  return tx
    .select({
      referrerId: referrals.referrerId,
      status: referrals.status,
      supersededAt: referrals.supersededAt,
    })
    .from(referrals)
    .where(eq(referrals.requestId, requestId));
}

/** The request leaves this referral: it becomes history (and the referrer loses sight of the applicant). */
export async function supersedeReferral(tx: Db, id: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(referrals)
    .set({ supersededAt: at, updatedAt: at })
    .where(and(eq(referrals.id, id), isNull(referrals.supersededAt)))
    .returning({ id: referrals.id });
  return rows.length > 0;
}

/** One status a referral took, with the note given with it; written in the transaction of the change. */
export async function recordStatusChange(
  tx: Db,
  change: { referralId: number; status: string; note: string | null; at: Date },
): Promise<void> {
  await tx.insert(referralStatusChanges).values(change);
}
