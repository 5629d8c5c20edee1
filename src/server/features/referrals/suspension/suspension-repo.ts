import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { referralRequests } from '../../../db/schema.js';
import { openReferralsWhere } from '../rows/referrals.js';

/** The current open (pending or accepted) referrals of the seeker's own requests, in request order. */
export async function openReferralsOnRequestsOf(tx: Db, seekerId: number) {
  return openReferralsWhere(tx, eq(referralRequests.jobSeekerId, seekerId));
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
