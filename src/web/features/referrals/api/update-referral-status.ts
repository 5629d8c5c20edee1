import { apiPath } from '@shared/api-routes';
import { REFERRAL_STATUS_TOASTS } from '@shared/referral-texts';
import { ReferralSchema, type UpdateReferralStatusInput } from '@shared/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';

export type StatusChange = UpdateReferralStatusInput['status'];

export const STATUS_UPDATE_FAILED = 'Error: Failed to update referral status. Please try again.';

/** The analytics action of each change (spec section 3 'Analytics vocabulary'). */
const ACTIVITY_ACTION: Record<StatusChange, string> = {
  accepted: 'accept',
  declined: 'decline',
  submitted: 'submit',
  successful: 'success',
  unsuccessful: 'unsuccessful',
};

export interface UpdateReferralStatusVariables {
  referralId: number;
  status: StatusChange;
  feedback: string;
}

export async function updateReferralStatus({ referralId, status, feedback }: UpdateReferralStatusVariables) {
  return ReferralSchema.parse(
    await apiRequest(apiPath('referralStatus', { referralId }), {
      method: 'PUT',
      data: { status, feedback },
    }),
  );
}

export function useUpdateReferralStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReferralStatus,
    onSuccess: (_referral, { referralId, status }) => {
      toast({ title: 'Referral updated', description: REFERRAL_STATUS_TOASTS[status] });
      logActivity('referral_action', ACTIVITY_ACTION[status], { referralId });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
    meta: { errorToast: STATUS_UPDATE_FAILED, conflictFromServer: true },
  });
}
