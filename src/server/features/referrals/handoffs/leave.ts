import { verifiedSince } from '../verification/lapse-rule.js';
import type { Db } from '../../../db/client.js';
import {
  lockRequestForHandoff,
  openReferralsHeldBy,
  referralsOfRequest,
  supersedeReferral,
} from './handoff-repo.js';
import { assignedToReferrerNotice, pickReferrer, SEEKER_LINK } from '../matching/matching.js';
import { excludedReferrers } from './handoff.js';
import type { ReferralDeps } from '../ports.js';
import { insertReferral, setRequestStatus } from '../repo.js';

/**
 * DESIGN.md "Account control": a referrer closing their account. Each open referral they hold (pending or
 * accepted, current) passes to another eligible referrer at the company, or waits for one with room; the
 * seeker is told either way. REFERRAL_MAX_HANDOFFS is not spent on this: the seeker did nothing to lose a
 * turn. The caller deletes the user afterwards in the same transaction. Answers how many were passed on.
 */
export async function passOnReferralsOfLeavingReferrer(
  tx: Db,
  deps: ReferralDeps,
  userId: number,
  now: Date = new Date(),
): Promise<number> {
  const open = await openReferralsHeldBy(tx, userId);
  let passed = 0;
  for (const leaving of open) {
    const request = await lockRequestForHandoff(tx, leaving.requestId);
    if (!request || request.jobSeekerId === userId) continue;
    const history = await referralsOfRequest(tx, request.id);
    const pick = await pickReferrer(
      tx,
      deps,
      request.companyId,
      request.jobSeekerId,
      await excludedReferrers(tx, request, history),
      verifiedSince(now, deps.verificationTtlMs),
    );
    if (!(await supersedeReferral(tx, leaving.id, now))) continue;
    await setRequestStatus(tx, request.id, 'pending', now);
    const where = `${request.position} at ${request.companyName}`;
    if (pick.kind === 'picked') {
      await insertReferral(tx, request.id, pick.referrerId, now);
      passed += 1;
      await deps.notify(
        tx,
        assignedToReferrerNotice(pick.referrerId, request.seekerName, request.position, request.companyName),
      );
    }
    await deps.notify(tx, {
      userId: request.jobSeekerId,
      title:
        pick.kind === 'picked'
          ? 'Request passed to another referrer'
          : 'Request waiting for another referrer',
      message:
        pick.kind === 'picked'
          ? `The referrer who had your request for ${where} closed their account, so it now goes to another referrer there.`
          : `The referrer who had your request for ${where} closed their account. It will pass to another referrer there as soon as one has room.`,
      type: 'referral_status',
      link: SEEKER_LINK,
    });
  }
  return passed;
}
