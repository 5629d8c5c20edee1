import { apiPath } from '@shared/api-routes';
import { ReferrerRecordSchema } from '@shared/referrer-record';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { referralKeys } from './referral-keys';

/** GET /api/referrer/record: the signed-in referrer's own record; under referralKeys.all, so every answer refreshes it. */
export const referrerRecordQuery = queryOptions({
  queryKey: [...referralKeys.all, 'record'] as const,
  queryFn: async () => ReferrerRecordSchema.parse(await apiGet(apiPath('referrerRecord'))),
});

export function useReferrerRecord() {
  return useQuery(referrerRecordQuery);
}
