import { apiPath } from '@shared/api-routes';
import { type CreateReferralRequestInput, CreateReferralRequestResultSchema } from '@shared/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

export async function createReferralRequest(input: CreateReferralRequestInput) {
  return CreateReferralRequestResultSchema.parse(
    await apiRequest(apiPath('createReferralRequest'), { method: 'POST', data: input }),
  );
}

/** The form shows its own failure toast (title 'Failed to submit request') and field errors. */
export function useCreateReferralRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReferralRequest,
    onSuccess: (result) => {
      logActivity('referral', 'referral_request', {
        requestId: result.id,
        companyId: result.companyId,
        noReferrers: result.noReferrers,
      });
      return queryClient.invalidateQueries({ queryKey: referralKeys.all });
    },
    meta: { silent: true },
  });
}
