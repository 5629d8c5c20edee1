import { z } from 'zod';

/**
 * The referral status machine (spec section 4, DESIGN.md "Status changes"). The referrals feature adds the
 * request schemas here; both the server's route and the web form use them.
 */
export const ReferralStatusSchema = z.enum([
  'pending',
  'accepted',
  'declined',
  'submitted',
  'successful',
  'unsuccessful',
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
};

export function canMoveReferral(from: ReferralStatus, to: ReferralStatus): boolean {
  return REFERRAL_TRANSITIONS[from].includes(to);
}
