import { apiPath } from '@shared/api-routes';
import { CompanySummarySchema } from '@shared/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

export async function getCompanies() {
  return CompanySummarySchema.array().parse(await apiGet(apiPath('companies')));
}

export const companiesQuery = queryOptions({ queryKey: referralKeys.companies(), queryFn: getCompanies });

export function useCompanies() {
  return useQuery(companiesQuery);
}
