import { RequestStatusSchema, WITHDRAWABLE_REQUEST_STATUSES } from '@shared/referral-status';
import { REQUEST_LIFECYCLE_TEXTS } from '@shared/referral-texts';
import { type ShownReferralRequest } from '@shared/referrals';
import { Loader2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { AppDialog, DialogCloseButton } from '@/components/app-dialog';
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
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawRequest();
  const status = RequestStatusSchema.safeParse(request.status);
  if (!status.success || !WITHDRAWABLE_REQUEST_STATUSES.includes(status.data)) return null;
  return (
    <AppDialog
      open={open}
      onOpenChange={setOpen}
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
      footer={
        <>
          <DialogCloseButton />
          <Button
            type="button"
            variant="destructive"
            disabled={withdraw.isPending}
            onClick={() => {
              onConfirm?.();
              withdraw.mutate(request.id, { onSuccess: () => setOpen(false) });
            }}
            data-testid="confirm-withdraw"
          >
            {withdraw.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {REQUEST_LIFECYCLE_TEXTS.withdrawButton}
          </Button>
        </>
      }
    />
  );
}
