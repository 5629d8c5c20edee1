import { apiPath } from '@shared/api-routes';
import { OpeningListSchema, OPENINGS_MAX_PAGE_SIZE } from '@shared/openings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

/**
 * GET /api/openings?mine=true (issue 49 item 2): the referrer's own open openings. A referrer has at most
 * MAX_OPEN_OPENINGS (20) open at once, so one page of the largest size holds them all.
 */
export async function getMyOpenings() {
  return OpeningListSchema.parse(
    await apiGet(apiPath('openings'), { mine: true, limit: OPENINGS_MAX_PAGE_SIZE }),
  );
}

export const myOpeningsQuery = queryOptions({ queryKey: referralKeys.myOpenings(), queryFn: getMyOpenings });

/** Asked only for a willing referrer (`enabled`): nobody else has openings to list. */
export function useMyOpenings(enabled: boolean) {
  return useQuery({ ...myOpeningsQuery, enabled });
}
