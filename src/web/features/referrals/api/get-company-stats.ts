import { apiPath } from '@shared/api-routes';
import { CompanyStatsSchema } from '@shared/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

export async function getCompanyStats(companyId: number) {
  return CompanyStatsSchema.parse(await apiGet(apiPath('companyStats', { id: companyId })));
}

/** Fresh for 10 minutes: the numbers move slowly, and many cards may show the same company. */
export const companyStatsQuery = (companyId: number) =>
  queryOptions({
    queryKey: referralKeys.companyStats(companyId),
    queryFn: () => getCompanyStats(companyId),
    staleTime: 10 * 60 * 1000,
  });

export function useCompanyStats(companyId: number | null) {
  return useQuery({ ...companyStatsQuery(companyId ?? 0), enabled: companyId !== null });
}
