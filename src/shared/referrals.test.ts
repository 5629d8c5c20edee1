import { describe, expect, it } from 'vitest';
import { REFERRAL_TRANSITIONS, ReferralStatusSchema, canMoveReferral } from './referrals';

describe('referral status machine (spec section 4)', () => {
  it('allows exactly the five referrer transitions', () => {
    const allowed = ReferralStatusSchema.options.flatMap((from) =>
      ReferralStatusSchema.options.filter((to) => canMoveReferral(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'accepted->submitted',
        'pending->accepted',
        'pending->declined',
        'submitted->successful',
        'submitted->unsuccessful',
      ].sort(),
    );
  });

  it('ends at declined, successful and unsuccessful', () => {
    for (const end of ['declined', 'successful', 'unsuccessful'] as const)
      expect(REFERRAL_TRANSITIONS[end]).toEqual([]);
  });
});
