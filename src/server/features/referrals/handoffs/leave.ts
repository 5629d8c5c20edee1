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

/** What the seeker is told when their referral moves on without their doing: the referrer's side of it. */
export type PassOnSentence = (where: string, picked: boolean) => string;

/**
 * Passes one open (pending or accepted, current) referral to another eligible referrer at the company, or
 * leaves the request waiting for one with room; the seeker is told with `sentence`. REFERRAL_MAX_HANDOFFS is
 * not spent: the seeker did nothing to lose a turn. Answers whether another referrer took it.
 */
export async function passOnOpenReferral(
  tx: Db,
  deps: ReferralDeps,
  leaving: { id: number; requestId: number },
  now: Date,
  sentence: PassOnSentence,
): Promise<boolean> {
  const request = await lockRequestForHandoff(tx, leaving.requestId);
  if (!request) return false;
  const history = await referralsOfRequest(tx, request.id);
  const pick = await pickReferrer(
    tx,
    deps,
    request.companyId,
    request.jobSeekerId,
    await excludedReferrers(tx, request, history),
    verifiedSince(now, deps.verificationTtlMs),
    now,
  );
  if (!(await supersedeReferral(tx, leaving.id, now))) return false;
  await setRequestStatus(tx, request.id, 'pending', now);
  const where = `${request.position} at ${request.companyName}`;
  if (pick.kind === 'picked') {
    await insertReferral(tx, request.id, pick.referrerId, now);
    await deps.notify(
      tx,
      assignedToReferrerNotice(pick.referrerId, request.seekerName, request.position, request.companyName),
    );
  }
  await deps.notify(tx, {
    userId: request.jobSeekerId,
    title:
      pick.kind === 'picked' ? 'Request passed to another referrer' : 'Request waiting for another referrer',
    message: sentence(where, pick.kind === 'picked'),
    type: 'referral_status',
    link: SEEKER_LINK,
  });
  return pick.kind === 'picked';
}

/**
 * docs/product.md, Privacy: a referrer closing their account. Each open referral they hold passes on
 * (passOnOpenReferral). The caller deletes the user afterwards in the same transaction. Answers how many
 * were passed on.
 */
export async function passOnReferralsOfLeavingReferrer(
  tx: Db,
  deps: ReferralDeps,
  userId: number,
  now: Date = new Date(),
): Promise<number> {
  let passed = 0;
  for (const leaving of await openReferralsHeldBy(tx, userId)) {
    const picked = await passOnOpenReferral(tx, deps, leaving, now, (where, picked) =>
      picked
        ? `The referrer who had your request for ${where} closed their account, so it now goes to another referrer there.`
        : `The referrer who had your request for ${where} closed their account. It will pass to another referrer there as soon as one has room.`,
    );
    if (picked) passed += 1;
  }
  return passed;
}
