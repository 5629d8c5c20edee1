import { apiPath } from '@shared/api-routes';
import { ReferralBonusListSchema } from '@shared/referral-bonus';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

/** GET /api/referrer/bonuses (issue 50 item 5): the signed-in referrer's own, the soonest expected first. */
export const referrerBonusesQuery = queryOptions({
  queryKey: referralKeys.bonuses(),
  queryFn: async () => ReferralBonusListSchema.parse(await apiGet(apiPath('referrerBonuses'))),
});

export function useReferrerBonuses() {
  return useQuery(referrerBonusesQuery);
}
