import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { referralRequests, referrals } from '../../../db/schema.js';

/** The current open (pending or accepted) referrals of the seeker's own requests, in request order. */
export async function openReferralsOnRequestsOf(tx: Db, seekerId: number) {
  return tx
    .select({ id: referrals.id, requestId: referrals.requestId, referrerId: referrals.referrerId })
    .from(referrals)
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .where(
      and(
        eq(referralRequests.jobSeekerId, seekerId),
        isNull(referrals.supersededAt),
        inArray(referrals.status, ['pending', 'accepted']),
      ),
    )
    .orderBy(asc(referrals.requestId));
}

/** The seeker's pending requests, oldest first (the caller skips those that still have a referrer). */
export async function waitingRequestsOf(tx: Db, seekerId: number) {
  return tx
    .select({ id: referralRequests.id })
    .from(referralRequests)
    .where(
      and(
        eq(referralRequests.jobSeekerId, seekerId),
        eq(referralRequests.status, 'pending'),
        isNull(referralRequests.erasedAt),
      ),
    )
    .orderBy(asc(referralRequests.id));
}
