import { apiPath } from '@shared/api-routes';
import type { ChangeKind } from '@shared/referral-changes';
import type { Relationship } from '@shared/referral-honesty';
import { type DeclineReason, REFERRAL_STATUS_TOASTS, REQUEST_LIFECYCLE_TEXTS } from '@shared/referral-texts';
import { ReferralSchema, type UpdateReferralStatusInput } from '@shared/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { logActivity } from '@/lib/activity';
import { apiRequest } from '@/lib/api';
import { referralKeys } from './referral-keys';
import { runUndoDecline } from './undo-decline';

export type StatusChange = UpdateReferralStatusInput['status'];

export const STATUS_UPDATE_FAILED = 'Error: Failed to update referral status. Please try again.';

/** The analytics action of each change (docs/product.md, Data (the analytics vocabulary)). */
const ACTIVITY_ACTION: Record<StatusChange, string> = {
  accepted: 'accept',
  declined: 'decline',
  changes_requested: 'ask_changes',
  submitted: 'submit',
  successful: 'success',
  unsuccessful: 'unsuccessful',
};

export interface UpdateReferralStatusVariables {
  referralId: number;
  status: StatusChange;
  feedback: string;
  /** With a decline only; left out, the payload of docs/product.md, The API is sent as it was. */
  reason?: DeclineReason | null;
  /** With a submit only: the company's referral or candidate id. */
  candidateId?: string;
  /** With an accept only: how the referrer knows the candidate (the server's default when left out). */
  relationship?: Relationship;
  /** With a request for changes only: what the applicant should change, one or more. */
  changes?: ChangeKind[];
}

export async function updateReferralStatus({
  referralId,
  status,
  feedback,
  reason,
  candidateId,
  relationship,
  changes,
}: UpdateReferralStatusVariables) {
  return ReferralSchema.parse(
    await apiRequest(apiPath('referralStatus', { referralId }), {
      method: 'PUT',
      data: {
        status,
        feedback,
        ...(reason ? { reason } : {}),
        ...(candidateId ? { candidateId } : {}),
        ...(relationship ? { relationship } : {}),
        ...(changes ? { changes } : {}),
      },
    }),
  );
}

export function useUpdateReferralStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReferralStatus,
    onSuccess: (_referral, { referralId, status }) => {
      // A decline may be undone for DECLINE_UNDO_WINDOW: its toast carries the way back.
      const undo =
        status === 'declined'
          ? {
              action: {
                label: REQUEST_LIFECYCLE_TEXTS.undo,
                onClick: () => void runUndoDecline(queryClient, referralId),
              },
            }
          : {};
      const description =
        status === 'declined' ? REQUEST_LIFECYCLE_TEXTS.declinedUndoable : REFERRAL_STATUS_TOASTS[status];
      toast({ title: 'Referral updated', description, ...undo });
      logActivity('referral_action', ACTIVITY_ACTION[status], { referralId });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
    meta: { errorToast: STATUS_UPDATE_FAILED, conflictFromServer: true },
  });
}
