import { apiPath } from '@shared/api-routes';
import { REFERRAL_PAGE_SIZE, ShownReferralRequestListSchema } from '@shared/referrals';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

export async function getMyRequests(before: number | undefined) {
  return ShownReferralRequestListSchema.parse(
    await apiGet(apiPath('referralRequests'), { limit: REFERRAL_PAGE_SIZE, before }),
  );
}

/** The seeker's own requests, newest first, one page at a time (`before` is the last id shown). */
export const myRequestsQuery = infiniteQueryOptions({
  queryKey: referralKeys.myRequests(),
  queryFn: ({ pageParam }) => getMyRequests(pageParam),
  initialPageParam: undefined as number | undefined,
  getNextPageParam: (lastPage) => (lastPage.length === REFERRAL_PAGE_SIZE ? lastPage.at(-1)?.id : undefined),
});

export function useMyRequests() {
  return useInfiniteQuery(myRequestsQuery);
}
