import type { Db } from '../../../db/client.js';
import { excludedReferrers, handToNextReferrer } from '../matching/matching.js';
import type { ReferralDeps } from '../ports.js';
import { lockRequestWithNames } from '../rows/requests.js';

/**
 * Issue 25 item 6, the admin feature's port: a held request an admin has just released (its row is now
 * pending, in the caller's transaction) is matched as a new request would be: never to a referrer who
 * declined the posting for this seeker before, verified first, then the better record. A referrer picked
 * gets the referral and is told; with nobody there, or everybody full, it waits as a pending request with
 * no referral, and the hand-out of waiting requests gives it to the next referrer with room. Capacity
 * never refuses a release. The seeker is told by the caller, which knows it was a review.
 */
export async function matchReleasedRequest(
  tx: Db,
  deps: ReferralDeps,
  requestId: number,
  at: Date,
): Promise<'assigned' | 'waiting'> {
  const request = await lockRequestWithNames(tx, requestId);
  if (request?.status !== 'pending') {
    throw new Error(`request ${requestId} must be pending to be matched, not ${request?.status ?? 'gone'}`);
  }
  // Held, it never had a referral: only earlier decliners of the posting are left out.
  const exclude = await excludedReferrers(tx, request);
  const handed = await handToNextReferrer(tx, deps, request, { exclude, at });
  return handed.kind === 'picked' ? 'assigned' : 'waiting';
}
