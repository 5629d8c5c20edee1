import { z } from 'zod';

/** The referral status machine (docs/product.md, Flows and statuses, docs/product.md, Statuses) and how a status is shown. */
export const ReferralStatusSchema = z.enum([
  'pending',
  'accepted',
  'declined',
  // Issue 50 item 1: the referrer asked the seeker for changes; the seeker resubmits (back to pending, same
  // referrer) or the request ends withdrawn after CHANGES_WINDOW (docs/decisions/084-changes-requested.md).
  'changes_requested',
  'submitted',
  'successful',
  'unsuccessful',
  // Never a referrer's move: the sweep sets it when nobody answered in time (docs/product.md, A request's life).
  'expired',
  // Never a referrer's move either: the seeker withdrew the request before anything was submitted.
  'withdrawn',
  // Nor this: the liveness sweep found the posting closed (docs/decisions/032-job-postings.md).
  'job_closed',
]);
export type ReferralStatus = z.infer<typeof ReferralStatusSchema>;

/**
 * Where a referrer may take a referral from each status. Declined, successful, unsuccessful and the three
 * that are nobody's answer (expired, withdrawn, job_closed) are final. Changes requested is not final but
 * waits on the seeker: the referrer takes it nowhere, the seeker's resubmit takes it back to pending
 * (RESUBMIT), and MAX_CHANGE_ROUNDS bounds how often (canRequestChanges).
 */
export const REFERRAL_TRANSITIONS: Readonly<Record<ReferralStatus, readonly ReferralStatus[]>> = {
  pending: ['accepted', 'declined', 'changes_requested'],
  accepted: ['submitted'],
  submitted: ['successful', 'unsuccessful'],
  declined: [],
  changes_requested: [],
  successful: [],
  unsuccessful: [],
  expired: [],
  withdrawn: [],
  job_closed: [],
};

export function canMoveReferral(from: ReferralStatus, to: ReferralStatus): boolean {
  return REFERRAL_TRANSITIONS[from].includes(to);
}

/** The seeker's one move of a referral (issue 50 item 1): a resubmit, from changes requested to pending. */
export const RESUBMIT = { from: 'changes_requested', to: 'pending' } as const satisfies Record<
  'from' | 'to',
  ReferralStatus
>;

export function canResubmit(from: ReferralStatus): boolean {
  return from === RESUBMIT.from;
}

/**
 * Whether the referrer may ask for changes from `from` after `roundsSoFar` earlier requests for changes on
 * this referral: from pending, at most `maxRounds` times (MAX_CHANGE_ROUNDS).
 */
export function canRequestChanges(from: ReferralStatus, roundsSoFar: number, maxRounds: number): boolean {
  return canMoveReferral(from, 'changes_requested') && roundsSoFar < maxRounds;
}

/**
 * A request's status: a referral's, or one of the two a request has while no referral exists and an admin
 * reviews it (issue 25 item 6; docs/decisions/039-running-the-marketplace.md). A referral never takes
 * these, so REFERRAL_TRANSITIONS does not name them.
 * - `held`: its message offers or asks for money (src/shared/payment-offer.ts); nobody has it yet. An
 *   admin releases it (pending, then matched or waiting as a new request would be) or rejects it; its
 *   seeker may withdraw it meanwhile.
 * - `rejected`: an admin refused it; final.
 */
export const REQUEST_ONLY_STATUSES = ['held', 'rejected'] as const;
export const RequestStatusSchema = z.enum([...ReferralStatusSchema.options, ...REQUEST_ONLY_STATUSES]);
export type RequestStatus = z.infer<typeof RequestStatusSchema>;

/**
 * A referral that still takes one of the referrer's capacity slots (docs/product.md, Matching): changes
 * requested keeps it while the seeker makes them. OPEN_REFERRAL (src/server/lib/referrer-sql.ts) and the
 * partial index referrals_referrer_open_idx name the same list.
 */
export const OPEN_REFERRAL_STATUSES: readonly ReferralStatus[] = ['pending', 'accepted', 'changes_requested'];

/**
 * A request that ended in one of these may be asked for again (docs/decisions/033-request-lifecycle.md):
 * the duplicate rule holds only while a request for the posting is open. The partial unique index
 * referral_requests_seeker_job_key names the same list. `rejected` is deliberately not here: a posting an
 * admin refused stays refused, so the seeker cannot send it again (the index keeps covering it).
 */
export const ENDED_REQUEST_STATUSES: readonly ReferralStatus[] = [
  'declined',
  'expired',
  'withdrawn',
  'job_closed',
];

/**
 * A request in one of these has closed for retention (docs/decisions/036-retention.md): every final status,
 * and `submitted`, where the referrer's part is done. RETENTION_AFTER_CLOSE counts from the last move into
 * one of them, so an outcome after a submission starts the count again. A decline inside its undo window is
 * not here: the request stays pending until the window passed. A held request is open; a rejected one is
 * closed.
 */
export const CLOSED_REQUEST_STATUSES: readonly RequestStatus[] = [
  ...ENDED_REQUEST_STATUSES,
  'rejected',
  'submitted',
  'successful',
  'unsuccessful',
];

/**
 * Statuses of a request its seeker may still withdraw: nothing has been submitted to the company yet (a
 * held request included: it has not even reached a referrer).
 */
export const WITHDRAWABLE_REQUEST_STATUSES: readonly RequestStatus[] = [
  'held',
  'pending',
  'accepted',
  'changes_requested',
];

/** The endings that are nobody's answer, and the statuses each may end (always open ones, never again). */
export type ReferralEnding = 'expired' | 'withdrawn' | 'job_closed';
export const REFERRAL_ENDINGS: Readonly<Record<ReferralEnding, readonly ReferralStatus[]>> = {
  // The hand-off sweep, when the referrer did not answer in time.
  expired: ['pending'],
  // The seeker, while nothing has been submitted to the company; the sweep, when the seeker did not
  // resubmit within CHANGES_WINDOW.
  withdrawn: ['pending', 'accepted', 'changes_requested'],
  // The liveness sweep, when the posting is gone.
  job_closed: ['pending', 'accepted', 'changes_requested'],
};

export function canEndReferral(from: ReferralStatus, ending: ReferralEnding): boolean {
  return REFERRAL_ENDINGS[ending].includes(from);
}

/**
 * The status a card shows: the referral's when there is one, else the request's (docs/product.md, Data). A
 * referral that passed on while still open (a block, a suspension, an account closed) is no longer pending
 * or accepted for its referrer: it reads 'passed_on' (issue 46). Their own decline or expiry keeps its word.
 */
export function displayStatus(request: {
  status: string;
  referral: { status: string; passedOnAt?: string | null } | null;
}): string {
  const { referral } = request;
  const open: readonly string[] = OPEN_REFERRAL_STATUSES;
  if (referral?.passedOnAt != null && open.includes(referral.status)) return 'passed_on';
  return referral?.status ?? request.status;
}

/**
 * docs/product.md, Flows and statuses: every status value a card may meet, as it is shown. Older data may say approved;
 * anything unknown is shown raw. `rejected` used to be older data's word for declined; it is now a
 * request an admin refused (issue 25 item 6), and says so.
 */
export function statusLabel(status: string): string {
  switch (status) {
    case 'pending':
      return 'Pending';
    case 'approved':
    case 'accepted':
      return 'Accepted';
    case 'declined':
      return 'Declined';
    case 'changes_requested':
      return 'Changes requested';
    case 'held':
      return 'Awaiting review';
    case 'rejected':
      return 'Rejected';
    case 'submitted':
      return 'Submitted';
    case 'successful':
      return 'Successful';
    case 'unsuccessful':
      return 'Unsuccessful';
    case 'expired':
      return 'Expired';
    case 'withdrawn':
      return 'Withdrawn';
    case 'job_closed':
      return 'Posting closed';
    // Not a status: how a referrer's card reads once the request passed to someone else.
    case 'passed_on':
      return 'Passed on';
    default:
      return status;
  }
}
