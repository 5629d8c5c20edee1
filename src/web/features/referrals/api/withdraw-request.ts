import { apiPath } from '@shared/api-routes';
import { REQUEST_LIFECYCLE_TEXTS } from '@shared/referral-texts';
import { ShownReferralRequestSchema } from '@shared/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

export const WITHDRAW_FAILED = 'Error: Failed to withdraw the request. Please try again.';

/** POST /api/referral-requests/{id}/withdraw: the seeker's own request, before anything was submitted. */
export async function withdrawRequest(requestId: number) {
  return ShownReferralRequestSchema.parse(
    await apiRequest(apiPath('withdrawReferralRequest', { id: requestId }), { method: 'POST' }),
  );
}

export function useWithdrawRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawRequest,
    onSuccess: (_request, requestId) => {
      toast({ title: 'Request withdrawn', description: REQUEST_LIFECYCLE_TEXTS.withdrawn });
      logActivity('referral', 'withdraw', { requestId });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
    meta: { errorToast: WITHDRAW_FAILED, conflictFromServer: true },
  });
}
