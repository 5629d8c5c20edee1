import { apiPath } from '@shared/api-routes';
import { CHANGES_TEXTS } from '@shared/referral-changes';
import { ShownReferralRequestSchema } from '@shared/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

export const RESUBMIT_FAILED = 'Error: Failed to resubmit the request. Please try again.';

/**
 * POST /api/referral-requests/{id}/resubmit (issue 50 item 1): the seeker, after the changes their referrer
 * asked for; back to the same referrer with a fresh time to answer.
 */
export async function resubmitRequest({ requestId, message }: { requestId: number; message: string }) {
  return ShownReferralRequestSchema.parse(
    await apiRequest(apiPath('resubmitReferralRequest', { id: requestId }), {
      method: 'POST',
      data: message ? { message } : {},
    }),
  );
}

export function useResubmitRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resubmitRequest,
    onSuccess: (_request, { requestId }) => {
      toast({ title: 'Request resubmitted', description: CHANGES_TEXTS.resubmitted });
      logActivity('referral', 'resubmit', { requestId });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
    meta: { errorToast: RESUBMIT_FAILED, conflictFromServer: true },
  });
}
