import type { Db } from '../../../db/client.js';
import { passOnReferralsHeldBy } from '../handoffs/leave.js';
import {
  assignWaitingRequests,
  excludedReferrers,
  handToNextReferrer,
  INCOMING_LINK,
} from '../matching/matching.js';
import type { ReferralDeps } from '../ports.js';
import { referralsOfRequest, supersedeReferral } from '../rows/referrals.js';
import { lockRequestWithNames, setRequestStatus } from '../rows/requests.js';
import { openReferralsOnRequestsOf, waitingRequestsOf } from './suspension-repo.js';

/**
 * Suspension (issue 25; docs/decisions/039-running-the-marketplace.md), in the admin's transaction, after
 * the user row is marked. Their open referrals as a referrer pass on, as when a referrer leaves; their open
 * requests as a seeker leave their referrers and wait unmatched (matching skips a suspended seeker) until
 * the suspension is lifted. Nobody is told why.
 */
export async function setAsideForSuspension(
  tx: Db,
  deps: ReferralDeps,
  userId: number,
  now: Date,
): Promise<{ passedOn: number; paused: number }> {
  const { length: passedOn } = await passOnReferralsHeldBy(tx, deps, userId, now, (where, picked) =>
    picked
      ? `The referrer who had your request for ${where} can no longer take it, so it now goes to another referrer there.`
      : `The referrer who had your request for ${where} can no longer take it. It will pass to another referrer there as soon as one has room.`,
  );
  // Their openings close: a suspended referrer takes nothing through them (issue 49 item 2).
  await deps.referrerLeft?.(tx, userId);
  let paused = 0;
  for (const open of await openReferralsOnRequestsOf(tx, userId)) {
    // The request first, then its referral, as every hand-off takes them.
    const request = await lockRequestWithNames(tx, open.requestId);
    if (!request || !(await supersedeReferral(tx, open.id, now))) continue;
    await setRequestStatus(tx, request.id, 'pending', now);
    await deps.notify(tx, {
      userId: open.referrerId,
      title: 'Request on hold',
      message: `${request.seekerName}'s request for ${request.position} at ${request.companyName} is on hold, so it has left your hands. Nothing more is needed from you.`,
      type: 'referral_status',
      link: INCOMING_LINK,
    });
    // Its referrer has that slot back, for the company's waiting requests (and its watchers).
    await assignWaitingRequests(tx, deps, open.referrerId, now, 'one freed');
    paused += 1;
  }
  return { passedOn, paused };
}

/**
 * The suspension was lifted: each of the user's requests that waits without a referrer is matched again,
 * never to someone who held it before. Those nobody can take yet keep waiting, as any waiting request. As a
 * referrer, they take the waiting requests at their company again, as when they turn willing.
 */
export async function resumeAfterSuspension(
  tx: Db,
  deps: ReferralDeps,
  userId: number,
  now: Date,
): Promise<number> {
  let matched = 0;
  for (const { id } of await waitingRequestsOf(tx, userId)) {
    const request = await lockRequestWithNames(tx, id);
    if (!request) continue;
    const history = await referralsOfRequest(tx, id);
    if (history.some((r) => r.supersededAt === null)) continue;
    const handed = await handToNextReferrer(tx, deps, request, {
      exclude: await excludedReferrers(tx, request, history),
      at: now,
    });
    if (handed.kind !== 'picked') continue;
    matched += 1;
  }
  // Suspended until now: they took requests nowhere.
  await assignWaitingRequests(tx, deps, userId, now, null);
  return matched;
}
