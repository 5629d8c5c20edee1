import { type ShownReferralRequest } from '@shared/referrals';
import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useConfirmReferral } from '../api/confirm-referral';

const SENT: readonly string[] = ['submitted', 'successful', 'unsuccessful'];

/**
 * Issue 24 item 7 on the seeker's card: once submitted, did the company's referral email arrive? The
 * answer may be changed; the referrer is told.
 */
export function ReferralConfirmation({
  referral,
}: {
  referral: NonNullable<ShownReferralRequest['referral']>;
}) {
  const confirm = useConfirmReferral(referral.id);
  if (!SENT.includes(referral.status)) return null;
  const answer = referral.seekerConfirmation;
  return (
    <div className="grid gap-2 rounded-md border p-3">
      <p className="flex items-center gap-1.5 font-medium">
        <MailCheck className="text-muted-foreground size-4" aria-hidden="true" />
        {answer === 'received'
          ? "You confirmed that the company's referral email arrived."
          : answer === 'not_received'
            ? `You told ${referral.referrerFirstName} the referral email has not arrived.`
            : "Did the company's referral email arrive?"}
      </p>
      <div className="flex flex-wrap gap-2">
        {answer !== 'received' && (
          <Button type="button" size="sm" disabled={confirm.isPending} onClick={() => confirm.mutate(true)}>
            {answer ? 'It has arrived now' : 'Yes, it arrived'}
          </Button>
        )}
        {answer === null && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate(false)}
          >
            Not yet
          </Button>
        )}
      </div>
    </div>
  );
}
