import { apiPath } from '@shared/api-routes';
import { ReferralSchema } from '@shared/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

export const CONFIRM_FAILED = 'Error: Failed to save your answer. Please try again.';

/** POST /api/referrals/{id}/confirmation: whether the company's referral email arrived. */
export function useConfirmReferral(referralId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (received: boolean) =>
      ReferralSchema.parse(
        await apiRequest(apiPath('confirmReferral', { referralId }), { method: 'POST', data: { received } }),
      ),
    onSuccess: () => toast({ title: 'Thank you', description: 'Your referrer has been told.' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
    meta: { errorToast: CONFIRM_FAILED, conflictFromServer: true },
  });
}
