import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { referralRequests, referrals, users } from '../../../db/schema.js';
import { openReferralsWhere, recordStatusChange, type ReferralRow } from '../rows/referrals.js';

/** The queries of docs/product.md, A request's life: reminders, expiry, hand-off history. */

const PENDING_CURRENT = and(eq(referrals.status, 'pending'), isNull(referrals.supersededAt));

/**
 * The oldest current referral still pending since `dueBefore`, locked with its request. SKIP LOCKED:
 * another instance's sweep holding one makes this sweep take the next, so each referral passes on exactly
 * once; a request a withdraw or a status change holds (they lock the request first) is left for later,
 * so neither waits on the other in opposite orders.
 */
export async function claimDueReferral(tx: Db, dueBefore: Date): Promise<ReferralRow | undefined> {
  const [row] = await tx
    .select({ referral: referrals })
    .from(referrals)
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .where(and(PENDING_CURRENT, lte(referrals.pendingSince, dueBefore)))
    .orderBy(asc(referrals.pendingSince), asc(referrals.id))
    .limit(1)
    .for('update', { of: [referrals, referralRequests], skipLocked: true });
  return row?.referral;
}

/**
 * The oldest decline whose undo window closed by `dueBefore` and whose request is still open (not yet
 * passed on nor ended), locked with its request like claimDueReferral
 * (docs/decisions/033-request-lifecycle.md).
 */
export async function claimDueDecline(tx: Db, dueBefore: Date): Promise<ReferralRow | undefined> {
  const [row] = await tx
    .select({ referral: referrals })
    .from(referrals)
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .where(
      and(
        eq(referrals.status, 'declined'),
        isNull(referrals.supersededAt),
        lte(referrals.declinedAt, dueBefore),
        eq(referralRequests.status, 'pending'),
      ),
    )
    .orderBy(asc(referrals.declinedAt), asc(referrals.id))
    .limit(1)
    .for('update', { of: [referrals, referralRequests], skipLocked: true });
  return row?.referral;
}

/** pending → expired, only if nobody answered in the meantime. */
export async function expireReferral(tx: Db, id: number, at: Date): Promise<ReferralRow | undefined> {
  const [row] = await tx
    .update(referrals)
    .set({ status: 'expired', updatedAt: at })
    .where(and(eq(referrals.id, id), PENDING_CURRENT))
    .returning();
  if (row) await recordStatusChange(tx, { referralId: row.id, status: 'expired', note: null, at });
  return row;
}

/**
 * Marks up to `limit` current referrals pending since between `fullBefore` and `halfBefore` as reminded and
 * answers them; each is claimed once, whichever instance gets it.
 */
export async function claimReminders(tx: Db, halfBefore: Date, fullBefore: Date, at: Date, limit: number) {
  const due = tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(
      and(
        PENDING_CURRENT,
        isNull(referrals.remindedAt),
        lte(referrals.pendingSince, halfBefore),
        gt(referrals.pendingSince, fullBefore),
      ),
    )
    .orderBy(asc(referrals.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(referrals)
    .set({ remindedAt: at })
    .where(and(inArray(referrals.id, due), isNull(referrals.remindedAt)))
    .returning({
      id: referrals.id,
      requestId: referrals.requestId,
      referrerId: referrals.referrerId,
      pendingSince: referrals.pendingSince,
    });
}

/**
 * Marks up to `limit` current referrals accepted before `acceptedBefore` and not submitted as asked about
 * (SUBMIT_REMINDER_AFTER, once) and answers them; each is claimed once, whichever instance gets it.
 */
export async function claimSubmitReminders(tx: Db, acceptedBefore: Date, at: Date, limit: number) {
  const due = tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(
      and(
        eq(referrals.status, 'accepted'),
        isNull(referrals.supersededAt),
        isNull(referrals.submitRemindedAt),
        lte(referrals.answeredAt, acceptedBefore),
      ),
    )
    .orderBy(asc(referrals.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(referrals)
    .set({ submitRemindedAt: at })
    .where(and(inArray(referrals.id, due), isNull(referrals.submitRemindedAt)))
    .returning({ id: referrals.id, requestId: referrals.requestId, referrerId: referrals.referrerId });
}

export async function findUserName(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.fullName ?? null;
}

/** The current open (pending or accepted) referrals a referrer holds, in request order. */
export async function openReferralsHeldBy(tx: Db, referrerId: number) {
  return openReferralsWhere(tx, eq(referrals.referrerId, referrerId));
}
