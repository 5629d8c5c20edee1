import { apiPath } from '@shared/api-routes';
import { WatchStateSchema } from '@shared/watches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

export const WATCH_FAILED = 'Error: Failed to watch this company. Please try again.';

/** POST /api/companies/{id}/watch (issue 49 item 1): told once when a referrer there can take requests. */
export async function watchCompany(companyId: number) {
  return WatchStateSchema.parse(
    await apiRequest(apiPath('watchCompany', { id: companyId }), { method: 'POST' }),
  );
}

export function useWatchCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: watchCompany,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.watches() }),
    // The 51st watch: the server's sentence says what to do.
    meta: { errorToast: WATCH_FAILED, conflictFromServer: true },
  });
}
