import { notificationTime } from '../../../../shared/notifications.js';
import { paymentOfferRule } from '../../../../shared/payment-offer.js';
import { CHANGES_ERRORS } from '../../../../shared/referral-changes.js';
import { canResubmit, ReferralStatusSchema, statusLabel } from '../../../../shared/referral-status.js';
import type { ReferralRequest, ResubmitInputSchema } from '../../../../shared/referrals.js';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { oneByOne } from '../../../db/one-by-one.js';
import type { UserRow } from '../../../db/schema.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { assignWaitingRequests, INCOMING_LINK, SEEKER_LINK } from '../matching/matching.js';
import type { ReferralDeps } from '../ports.js';
import { findRequestView, listClock } from './list-repo.js';
import { REQUEST_NOT_FOUND } from './lifecycle.js';
import { describeRequest, lockRequestWithNames, setRequestStatus } from '../rows/requests.js';
import { claimLapsedChanges, resubmitReferral, withdrawLapsedChanges } from './changes-repo.js';

/**
 * Changes asked for, not a bare decline (issue 50 item 1; docs/decisions/084-changes-requested.md): the
 * seeker's resubmit, and the sweep's end of a request whose seeker did not resubmit within CHANGES_WINDOW.
 * The referrer's request for changes is a status move (requests/service.ts, changeReferralStatus).
 */

type ResubmitInput = z.output<typeof ResubmitInputSchema>;

/**
 * POST /api/referral-requests/{id}/resubmit: only the request's seeker (404 to anyone else), only while
 * changes are requested (409 with a sentence otherwise). The referral is pending again with the same
 * referrer and a fresh REFERRAL_RESPONSE_TIME; the referrer is told, with the seeker's message. The request
 * is locked first, as a withdraw, a status change and the sweeps take it.
 */
export async function resubmitRequest(
  db: Db,
  deps: ReferralDeps,
  seeker: UserRow,
  requestId: number,
  input: ResubmitInput,
): Promise<ReferralRequest> {
  const at = deps.now();
  if (input.message && paymentOfferRule(input.message)) {
    throw badRequest(CHANGES_ERRORS.paymentOffer, { message: [CHANGES_ERRORS.paymentOffer] });
  }
  await db.transaction(async (tx) => {
    const request = await lockRequestWithNames(tx, requestId);
    if (!request || request.jobSeekerId !== seeker.id) throw notFound(REQUEST_NOT_FOUND);
    const status = ReferralStatusSchema.safeParse(request.status);
    if (!status.success || !canResubmit(status.data)) {
      throw conflict(CHANGES_ERRORS.notWaiting(statusLabel(request.status)));
    }
    const referral = await resubmitReferral(tx, request.id, input.message, at);
    // The request says changes_requested only while its current referral does.
    if (!referral) throw conflict(CHANGES_ERRORS.notWaiting(statusLabel(request.status)));
    await setRequestStatus(tx, request.id, 'pending', at);
    const deadline = new Date(at.getTime() + deps.responseMs);
    const said = input.message ? ` Their message: ${input.message}` : '';
    await deps.notify(tx, {
      userId: referral.referrerId,
      title: 'Request resubmitted',
      message: `${request.seekerName} made the changes you asked for and resubmitted their request for ${request.position} at ${request.companyName}. Please accept or decline it by ${notificationTime(deadline)}.${said}`,
      type: 'referral_resubmitted',
      link: INCOMING_LINK,
    });
  });
  const view = await findRequestView(db, requestId, seeker.id, listClock(deps));
  if (!view) throw notFound(REQUEST_NOT_FOUND);
  return view;
}

/** Requests ended per sweep at most; the rest wait for the next one. */
const LAPSE_BATCH = 200;

/**
 * The sweep's step: a request whose seeker did not resubmit within CHANGES_WINDOW of the last request for
 * changes ends withdrawn, one a transaction. The seeker and the referrer are told, and the referrer's slot
 * goes to the company's waiting requests.
 */
export async function endLapsedChanges(
  db: Db,
  deps: ReferralDeps,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  const dueBefore = new Date(now.getTime() - deps.changesWindowMs);
  return oneByOne(db, { limit: LAPSE_BATCH, signal }, async (tx) => {
    const due = await claimLapsedChanges(tx, dueBefore);
    if (!due) return false;
    // Claimed and locked: the conditional update is a second guard, not a race.
    const ended = await withdrawLapsedChanges(tx, due.id, now);
    if (!ended) return false;
    await setRequestStatus(tx, ended.requestId, 'withdrawn', now);
    const about = await describeRequest(tx, ended.requestId);
    if (about) {
      await deps.notify(tx, {
        userId: about.jobSeekerId,
        title: 'Referral request withdrawn',
        message: `Your request for ${about.position} at ${about.companyName} was withdrawn: it was not resubmitted in time after your referrer asked for changes. You can ask for this job again.`,
        type: 'referral_status',
        link: SEEKER_LINK,
      });
      await deps.notify(tx, {
        userId: ended.referrerId,
        title: 'Referral request withdrawn',
        message: `${about.seekerName} did not resubmit their request for ${about.position} at ${about.companyName} after your changes, so it was withdrawn.`,
        type: 'referral_withdrawn',
        link: INCOMING_LINK,
      });
    }
    await assignWaitingRequests(tx, deps, ended.referrerId, now, 'one freed');
    return true;
  });
}
