import {
  RequestStatusSchema,
  statusLabel,
  WITHDRAWABLE_REQUEST_STATUSES,
} from '../../../../shared/referral-status.js';
import type { Referral, ReferralRequest } from '../../../../shared/referrals.js';
import type { Db } from '../../../db/client.js';
import type { UserRow } from '../../../db/schema.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { describeRequest, setRequestStatus } from '../rows/requests.js';
import { assignWaitingRequests, INCOMING_LINK } from '../matching/matching.js';
import type { ReferralDeps } from '../ports.js';
import { findLiveReferral } from '../access.js';
import { lockRequest, undoDecline, withdrawReferral } from './request-repo.js';
import { findRequestView, listClock, toReferralDto } from './list-repo.js';

/** Issue 24: the seeker withdraws, the referrer undoes a decline (docs/decisions/033-request-lifecycle.md). */

export const REQUEST_NOT_FOUND = 'Referral request not found.';
export const UNDO_TOO_LATE = 'The time to undo this decline has passed.';

export function cannotWithdrawMessage(status: string): string {
  const state =
    status === 'job_closed' ? 'closed with its posting' : `already ${statusLabel(status).toLowerCase()}`;
  return `This request is ${state}, so it can no longer be withdrawn.`;
}

/**
 * POST /api/referral-requests/{id}/withdraw: only the seeker's own request (404 otherwise), only while
 * nothing was submitted (held for review, waiting, pending or accepted; 409 otherwise). The request and its
 * open referral end withdrawn; the referrer is told, loses sight of the applicant, and their slot goes to
 * the company's waiting requests. A decline still inside its undo window counts as open: it ends withdrawn as well, so
 * the sweep never passes the request on. The request row is locked first, as status changes and the
 * sweeps take it, so a withdraw racing an accept or a submit ends one way or the other, never half.
 */
export async function withdrawRequest(
  db: Db,
  deps: ReferralDeps,
  seeker: UserRow,
  requestId: number,
): Promise<ReferralRequest> {
  const at = deps.now();
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId);
    if (!request || request.jobSeekerId !== seeker.id) throw notFound(REQUEST_NOT_FOUND);
    const status = RequestStatusSchema.parse(request.status);
    if (!WITHDRAWABLE_REQUEST_STATUSES.includes(status)) throw conflict(cannotWithdrawMessage(status));
    const referral = await withdrawReferral(tx, request.id, at);
    await setRequestStatus(tx, request.id, 'withdrawn', at);
    if (!referral) return;
    const about = await describeRequest(tx, request.id);
    await deps.notify(tx, {
      userId: referral.referrerId,
      title: 'Referral request withdrawn',
      message: `${about?.seekerName ?? seeker.fullName} withdrew their request for ${request.position} at ${about?.companyName ?? 'your company'}.`,
      type: 'referral_withdrawn',
      link: INCOMING_LINK,
    });
    await assignWaitingRequests(tx, deps, referral.referrerId, at, 'one freed');
  });
  const view = await findRequestView(db, requestId, seeker.id, listClock(deps));
  if (!view) throw notFound(REQUEST_NOT_FOUND);
  return view;
}

/**
 * POST /api/referrals/{id}/undo: the referrer who declined, within DECLINE_UNDO_WINDOW and while the
 * request is still open (404 for anyone else, 409 after). The referral is pending again with its original
 * response clock; the seeker was never told of the decline, so nobody is told of the undo.
 */
export async function undoReferralDecline(
  db: Db,
  deps: ReferralDeps,
  referrer: UserRow,
  referralId: number,
): Promise<Referral> {
  const at = deps.now();
  return db.transaction(async (tx) => {
    // A decline passed on is over for its referrer (access.ts): 404, not 'too late'.
    const found = await findLiveReferral(tx, referralId, referrer.id, 'holder');
    const request = await lockRequest(tx, found.referral.requestId);
    const since = new Date(at.getTime() - deps.declineUndoMs);
    const undone =
      request?.status === 'pending' ? await undoDecline(tx, referralId, referrer.id, since, at) : undefined;
    if (undone) return toReferralDto(undone);
    const { referral: now } = await findLiveReferral(tx, referralId, referrer.id, 'holder');
    if (now.status !== 'declined') {
      throw conflict(
        `This referral is ${statusLabel(now.status).toLowerCase()}, not declined, so there is nothing to undo.`,
      );
    }
    throw conflict(UNDO_TOO_LATE);
  });
}
