import { apiPath } from '@shared/api-routes';
import { WantedCompaniesSchema } from '@shared/companies';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

/** The server keeps the list a minute; asking again sooner would bring the same answer. */
const WANTED_STALE_MS = 60_000;

/** GET /api/companies/wanted: up to ten companies where a referrer is wanted, names only. */
export function useWantedCompanies() {
  return useQuery({
    queryKey: referralKeys.wanted(),
    queryFn: async () => WantedCompaniesSchema.parse(await apiGet(apiPath('wantedCompanies'))),
    staleTime: WANTED_STALE_MS,
  });
}
