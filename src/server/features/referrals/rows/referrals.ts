import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { referralStatusChanges, referrals } from '../../../db/schema.js';

/**
 * A request's referrals as several use cases read and write them: which one is current, its history, the
 * hand-off's step that lets one go, and the timeline's record of every status a referral takes.
 */

export type ReferralRow = typeof referrals.$inferSelect;

/** Pending or accepted: the referral still asks something of its referrer. */
export const OPEN_REFERRAL = sql`${referrals.status} in ('pending', 'accepted')`;

/** The request's current referral; superseded ones are hand-off history (docs/product.md, A request's life). */
export const CURRENT = isNull(referrals.supersededAt);

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
