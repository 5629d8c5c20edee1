import { apiPath } from '@shared/api-routes';
import { REFERRAL_PAGE_SIZE, ShownReferralRequestListSchema } from '@shared/referrals';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

export async function getIncomingRequests(before: number | undefined) {
  return ShownReferralRequestListSchema.parse(
    await apiGet(apiPath('referralRequests'), { role: 'referrer', limit: REFERRAL_PAGE_SIZE, before }),
  );
}

/** The requests assigned to the signed-in referrer (with referral and jobSeeker), newest first. */
export const incomingRequestsQuery = infiniteQueryOptions({
  queryKey: referralKeys.incoming(),
  queryFn: ({ pageParam }) => getIncomingRequests(pageParam),
  initialPageParam: undefined as number | undefined,
  getNextPageParam: (lastPage) => (lastPage.length === REFERRAL_PAGE_SIZE ? lastPage.at(-1)?.id : undefined),
});

/** Used by /my-referrals and every referrer dashboard variant, so they share one cache entry. */
export function useIncomingRequests() {
  return useInfiniteQuery(incomingRequestsQuery);
}
