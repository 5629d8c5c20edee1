import { firstNameOf } from '../../../../shared/names.js';
import {
  DECLINE_REASON_SENTENCES,
  DECLINE_REASONS,
  type DeclineReason,
} from '../../../../shared/referral-texts.js';
import type { Db } from '../../../db/client.js';
import { findUserName } from './handoff-repo.js';
import { excludedReferrers, handToNextReferrer, INCOMING_LINK, SEEKER_LINK } from '../matching/matching.js';
import type { ReferralDeps } from '../ports.js';
import { referralsOfRequest, supersedeReferral } from '../rows/referrals.js';
import { lockRequestWithNames, setRequestStatus } from '../rows/requests.js';

/** How a referral left its referrer without a referral being made: they declined, or nobody answered. */
export type HandoffOutcome = 'declined' | 'expired';

/** passed: a new referrer holds it; waiting: eligible referrers exist but are full; ended: nobody left. */
export type HandoffResult = 'passed' | 'waiting' | 'ended';

export interface LeavingReferral {
  id: number;
  requestId: number;
  referrerId: number;
  /** A decline's reason and feedback, passed on to the seeker with it. */
  declineReason?: string | null;
  feedback?: string | null;
}

function isDeclineReason(value: string | null | undefined): value is DeclineReason {
  return DECLINE_REASONS.some((r) => r === value);
}

/** What a seeker's notice says of a decline after its first sentence: the reason, then the feedback. */
export function declineNote(reason: string | null | undefined, feedback: string | null | undefined): string {
  const why = isDeclineReason(reason) ? ` ${DECLINE_REASON_SENTENCES[reason]}` : '';
  return `${why}${feedback ? ` Feedback: ${feedback}` : ''}`;
}

/**
 * docs/product.md, A request's life. The referral has moved to `outcome` (the referrer's decline, once its undo
 * window passed, or the sweep's expiry). While fewer than REFERRAL_MAX_HANDOFFS hand-offs happened and a
 * willing referrer at the company has not held the request yet (nor declined this posting for this seeker
 * before), it passes to them as a new pending referral; the earlier row stays as history. Full referrers:
 * it waits for one of them (assignWaitingRequests). Nobody left: a decline stays the current referral, as
 * before hand-offs existed; an expired one becomes history; the request ends declined if anyone declined
 * it, else expired. The seeker is told each time, with the decline's reason and feedback.
 */
export async function passOn(
  tx: Db,
  deps: ReferralDeps,
  leaving: LeavingReferral,
  outcome: HandoffOutcome,
  now: Date,
): Promise<HandoffResult> {
  const request = await lockRequestWithNames(tx, leaving.requestId);
  if (!request) return 'ended';
  const history = await referralsOfRequest(tx, request.id);
  const handoffsSoFar = history.filter((r) => r.supersededAt !== null).length;
  const where = `${request.position} at ${request.companyName}`;
  const said = outcome === 'declined' ? declineNote(leaving.declineReason, leaving.feedback) : '';
  const handed =
    handoffsSoFar < deps.maxHandoffs
      ? await handToNextReferrer(tx, deps, request, {
          exclude: await excludedReferrers(tx, request, history),
          at: now,
          beforeAssign: async (pick) => {
            // With nobody left the request ends below; otherwise it leaves this referral for the next.
            if (pick.kind === 'none') return true;
            await supersedeReferral(tx, leaving.id, now);
            await setRequestStatus(tx, request.id, 'pending', now);
            if (outcome === 'expired') {
              await deps.notify(tx, {
                userId: leaving.referrerId,
                title: 'Referral request passed on',
                message: `${request.seekerName}'s request for ${where} was not answered in time, so it went to another referrer.`,
                type: 'referral_handoff',
                link: INCOMING_LINK,
              });
            }
            return true;
          },
        })
      : ({ kind: 'none' } as const);

  if (handed.kind === 'none') {
    if (outcome === 'declined') {
      await setRequestStatus(tx, request.id, 'declined', now);
      await deps.notify(tx, {
        userId: request.jobSeekerId,
        title: 'Referral declined',
        message: `Your referral request for ${where} was declined by your referrer.${said}`,
        type: 'referral_status',
        link: SEEKER_LINK,
      });
      return 'ended';
    }
    await supersedeReferral(tx, leaving.id, now);
    const final = history.some((r) => r.status === 'declined') ? 'declined' : 'expired';
    await setRequestStatus(tx, request.id, final, now);
    await deps.notify(tx, {
      userId: request.jobSeekerId,
      title: final === 'expired' ? 'Referral request expired' : 'Referral declined',
      message:
        final === 'expired'
          ? `No referrer answered your referral request for ${where} in time, so it has expired.`
          : `Your referral request for ${where} was declined, and no other referrer there is left to take it.`,
      type: 'referral_status',
      link: SEEKER_LINK,
    });
    return 'ended';
  }

  const leaver = firstNameOf(await findUserName(tx, leaving.referrerId));
  const why = outcome === 'declined' ? `was declined by ${leaver}` : `was not answered in time by ${leaver}`;
  if (handed.kind === 'full') {
    await deps.notify(tx, {
      userId: request.jobSeekerId,
      title: 'Request waiting for another referrer',
      message: `Your referral request for ${where} ${why}. It will pass to another referrer there as soon as one has room.${said}`,
      type: 'referral_status',
      link: SEEKER_LINK,
    });
    return 'waiting';
  }
  await deps.notify(tx, {
    userId: request.jobSeekerId,
    title: 'Request passed to another referrer',
    message: `Your referral request for ${where} ${why}, so it now goes to another referrer there.${said}`,
    type: 'referral_status',
    link: SEEKER_LINK,
  });
  return 'passed';
}
