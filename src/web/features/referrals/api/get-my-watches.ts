import { apiPath } from '@shared/api-routes';
import { CompanyWatchListSchema } from '@shared/watches';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

/** GET /api/user/watches (issue 49 item 1): the companies the user watches, newest first. */
export async function getMyWatches() {
  return CompanyWatchListSchema.parse(await apiGet(apiPath('myWatches')));
}

export const myWatchesQuery = queryOptions({ queryKey: referralKeys.watches(), queryFn: getMyWatches });

export function useMyWatches() {
  return useQuery(myWatchesQuery);
}
