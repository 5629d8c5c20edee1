import { z } from 'zod';

/** The referral status machine (spec section 4, DESIGN.md "Status changes") and how a status is shown. */
export const ReferralStatusSchema = z.enum([
  'pending',
  'accepted',
  'declined',
  'submitted',
  'successful',
  'unsuccessful',
  // Never a referrer's move: the sweep sets it when nobody answered in time (DESIGN.md "Bounded answers").
  'expired',
]);
export type ReferralStatus = z.infer<typeof ReferralStatusSchema>;

/** Where a referrer may take a referral from each status; declined, successful and unsuccessful are final. */
export const REFERRAL_TRANSITIONS: Readonly<Record<ReferralStatus, readonly ReferralStatus[]>> = {
  pending: ['accepted', 'declined'],
  accepted: ['submitted'],
  submitted: ['successful', 'unsuccessful'],
  declined: [],
  successful: [],
  unsuccessful: [],
  expired: [],
};

export function canMoveReferral(from: ReferralStatus, to: ReferralStatus): boolean {
  return REFERRAL_TRANSITIONS[from].includes(to);
}

/** A referral that still takes one of the referrer's capacity slots (DESIGN.md "Matching"). */
export const OPEN_REFERRAL_STATUSES: readonly ReferralStatus[] = ['pending', 'accepted'];

/** The status a card shows: the referral's when there is one, else the request's (spec section 3). */
export function displayStatus(request: {
  status: ReferralStatus;
  referral: { status: ReferralStatus } | null;
}): ReferralStatus {
  return request.referral?.status ?? request.status;
}

/**
 * Spec section 4: every status value a card may meet, as it is shown. Older data may say approved or
 * rejected; anything unknown is shown raw.
 */
export function statusLabel(status: string): string {
  switch (status) {
    case 'pending':
      return 'Pending';
    case 'approved':
    case 'accepted':
      return 'Accepted';
    case 'rejected':
    case 'declined':
      return 'Declined';
    case 'submitted':
      return 'Submitted';
    case 'successful':
      return 'Successful';
    case 'unsuccessful':
      return 'Unsuccessful';
    case 'expired':
      return 'Expired';
    default:
      return status;
  }
}
