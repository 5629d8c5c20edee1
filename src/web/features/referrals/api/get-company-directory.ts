import { apiPath } from '@shared/api-routes';
import { CompanyDirectoryPageSchema, DIRECTORY_PAGE_SIZE } from '@shared/companies';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

export async function getCompanyDirectory(q: string, cursor: string | undefined) {
  return CompanyDirectoryPageSchema.parse(
    await apiGet(apiPath('companyDirectory'), { q: q || undefined, limit: DIRECTORY_PAGE_SIZE, cursor }),
  );
}

/** GET /api/companies/directory for a search, one page at a time ('Load more' follows nextCursor). */
export function companyDirectoryQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: referralKeys.directory(q),
    queryFn: ({ pageParam }) => getCompanyDirectory(q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useCompanyDirectory(q: string) {
  return useInfiniteQuery(companyDirectoryQuery(q));
}
