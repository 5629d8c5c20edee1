import type { Db } from '../../../db/client.js';
import { openReferralsHeldBy } from './handoff-repo.js';
import { excludedReferrers, handToNextReferrer, SEEKER_LINK } from '../matching/matching.js';
import type { ReferralDeps } from '../ports.js';
import { referralsOfRequest, supersedeReferral } from '../rows/referrals.js';
import { lockRequestWithNames, setRequestStatus } from '../rows/requests.js';

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
  const request = await lockRequestWithNames(tx, leaving.requestId);
  if (!request) return false;
  const history = await referralsOfRequest(tx, request.id);
  const handed = await handToNextReferrer(tx, deps, request, {
    exclude: await excludedReferrers(tx, request, history),
    at: now,
    beforeAssign: async () => {
      if (!(await supersedeReferral(tx, leaving.id, now))) return false;
      await setRequestStatus(tx, request.id, 'pending', now);
      return true;
    },
  });
  if (handed.kind === 'stopped') return false;
  const picked = handed.kind === 'picked';
  await deps.notify(tx, {
    userId: request.jobSeekerId,
    title: picked ? 'Request passed to another referrer' : 'Request waiting for another referrer',
    message: sentence(`${request.position} at ${request.companyName}`, picked),
    type: 'referral_status',
    link: SEEKER_LINK,
  });
  return picked;
}

/**
 * Every open referral the referrer holds passes on (passOnOpenReferral), in request order: they closed their
 * account, or were suspended. Answers, for each, whether another referrer took it.
 */
export async function passOnReferralsHeldBy(
  tx: Db,
  deps: ReferralDeps,
  referrerId: number,
  now: Date,
  sentence: PassOnSentence,
): Promise<boolean[]> {
  const taken: boolean[] = [];
  for (const leaving of await openReferralsHeldBy(tx, referrerId)) {
    taken.push(await passOnOpenReferral(tx, deps, leaving, now, sentence));
  }
  return taken;
}

/**
 * docs/product.md, Privacy: a referrer closing their account. Each open referral they hold passes on
 * (passOnReferralsHeldBy). The caller deletes the user afterwards in the same transaction. Answers how many
 * were passed on.
 */
export async function passOnReferralsOfLeavingReferrer(
  tx: Db,
  deps: ReferralDeps,
  userId: number,
  now: Date = new Date(),
): Promise<number> {
  const taken = await passOnReferralsHeldBy(tx, deps, userId, now, (where, picked) =>
    picked
      ? `The referrer who had your request for ${where} closed their account, so it now goes to another referrer there.`
      : `The referrer who had your request for ${where} closed their account. It will pass to another referrer there as soon as one has room.`,
  );
  return taken.filter(Boolean).length;
}
