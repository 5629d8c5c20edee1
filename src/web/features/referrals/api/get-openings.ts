import { apiPath } from '@shared/api-routes';
import { OpeningListSchema, OPENINGS_PAGE_SIZE } from '@shared/openings';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

/** GET /api/openings (issue 49 item 2): a page of the openings referrers posted, newest first. */
export async function getOpenings(query: {
  q?: string;
  companyId?: number | null;
  limit?: number;
  cursor?: string;
}) {
  return OpeningListSchema.parse(
    await apiGet(apiPath('openings'), {
      q: query.q || undefined,
      companyId: query.companyId ?? undefined,
      limit: query.limit ?? OPENINGS_PAGE_SIZE,
      cursor: query.cursor,
    }),
  );
}

/** A search ('q' in title or company) and a company filter, one page at a time ('Load more' follows nextCursor). */
export function openingsQuery(q: string, companyId: number | null) {
  return infiniteQueryOptions({
    queryKey: referralKeys.openingsList(q, companyId),
    queryFn: ({ pageParam }) => getOpenings({ q, companyId, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useOpenings(q: string, companyId: number | null) {
  return useInfiniteQuery(openingsQuery(q, companyId));
}

/** The newest `limit` openings, one page, as the waiting request cards read them together. */
export function newestOpeningsQuery(limit: number) {
  return queryOptions({
    queryKey: [...referralKeys.openings(), 'newest', limit] as const,
    queryFn: () => getOpenings({ limit }),
  });
}

export function useNewestOpenings(limit: number) {
  return useQuery(newestOpeningsQuery(limit));
}
