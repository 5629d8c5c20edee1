import { apiPath } from '@shared/api-routes';
import { WatchStateSchema } from '@shared/watches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

export const UNWATCH_FAILED = 'Error: Failed to stop watching this company. Please try again.';

/** DELETE /api/companies/{id}/watch (issue 49 item 1). */
export async function unwatchCompany(companyId: number) {
  return WatchStateSchema.parse(
    await apiRequest(apiPath('unwatchCompany', { id: companyId }), { method: 'DELETE' }),
  );
}

export function useUnwatchCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unwatchCompany,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.watches() }),
    meta: { errorToast: UNWATCH_FAILED },
  });
}
