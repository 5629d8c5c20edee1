import { RequestStatusSchema, WITHDRAWABLE_REQUEST_STATUSES } from '@shared/referral-status';
import { REQUEST_LIFECYCLE_TEXTS } from '@shared/referral-texts';
import { type ShownReferralRequest } from '@shared/referrals';
import { Undo2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useWithdrawRequest } from '../api/withdraw-request';

/**
 * The seeker's 'Withdraw', while nothing was submitted (the request's own status is held, pending or
 * accepted), behind a confirmation: the referrer is told and loses sight of the profile. `onConfirm`: the
 * seeker confirmed (the card takes the focus once it shows the request withdrawn, this button gone).
 */
export function WithdrawRequestButton({
  request,
  onConfirm,
}: {
  request: ShownReferralRequest;
  onConfirm?: () => void;
}) {
  const withdraw = useWithdrawRequest();
  const status = RequestStatusSchema.safeParse(request.status);
  if (!status.success || !WITHDRAWABLE_REQUEST_STATUSES.includes(status.data)) return null;
  return (
    <ConfirmDialog
      title={REQUEST_LIFECYCLE_TEXTS.withdrawTitle}
      description={`${request.position}: ${
        request.status === 'held'
          ? REQUEST_LIFECYCLE_TEXTS.withdrawHeldBody
          : REQUEST_LIFECYCLE_TEXTS.withdrawBody
      }`}
      trigger={
        <Button type="button" variant="outline" size="sm" className="justify-self-start">
          <Undo2 aria-hidden="true" />
          {REQUEST_LIFECYCLE_TEXTS.withdrawButton}
        </Button>
      }
      confirmLabel={REQUEST_LIFECYCLE_TEXTS.withdrawButton}
      pending={withdraw.isPending}
      onConfirm={(close) => {
        onConfirm?.();
        withdraw.mutate(request.id, { onSuccess: close });
      }}
      confirmTestId="confirm-withdraw"
    />
  );
}
