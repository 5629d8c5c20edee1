import { CHANGE_LABELS, CHANGES_TEXTS, changeSentences } from '@shared/referral-changes';
import { MESSAGE_MAX } from '@shared/referral-texts';
import { type ShownReferralRequest } from '@shared/referrals';
import { PencilLine, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AppDialog, DialogCloseButton } from '@/components/app-dialog';
import { BusyIcon } from '@/components/busy-icon';
import { CharacterCount } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/paths';
import { useResubmitRequest } from '../api/resubmit-request';
import { formatAnswerBy } from '../utils/referral-display';

type Referral = NonNullable<ShownReferralRequest['referral']>;

/**
 * Issue 50 item 1 (docs/decisions/084-changes-requested.md): the seeker's card while their referrer asks for
 * changes: each change as a sentence, the feedback, until when, the way to the profile editor, and Resubmit.
 */
export function SeekerChangesRequested({
  request,
  referral,
}: {
  request: ShownReferralRequest;
  referral: Referral;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-2 rounded-md border border-orange-300 bg-orange-50 p-3 dark:border-orange-800 dark:bg-orange-950/30"
      data-testid="changes-requested"
    >
      <h4 id={titleId} className="font-medium">
        {CHANGES_TEXTS.seekerIntro}
      </h4>
      <ul className="grid list-disc gap-1 pl-5">
        {changeSentences(referral.changes).map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      {referral.feedback && (
        <p>
          <span className="font-medium">Feedback from referrer:</span>{' '}
          <span className="whitespace-pre-line">{referral.feedback}</span>
        </p>
      )}
      {referral.resubmitBy && <p>{CHANGES_TEXTS.seekerResubmitBy(formatAnswerBy(referral.resubmitBy))}</p>}
      <p className="text-muted-foreground text-xs">{CHANGES_TEXTS.seekerHint}</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={paths.profileEdit}>
            <PencilLine aria-hidden="true" />
            {CHANGES_TEXTS.editProfile}
          </Link>
        </Button>
        <ResubmitButton request={request} />
      </div>
    </section>
  );
}

function ResubmitButton({ request }: { request: ShownReferralRequest }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const id = useId();
  const resubmit = useResubmitRequest();
  const tooLong = message.length > MESSAGE_MAX;
  return (
    <AppDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" size="sm">
          <Send aria-hidden="true" />
          {CHANGES_TEXTS.resubmit}
        </Button>
      }
      title={CHANGES_TEXTS.resubmit}
      description={`${request.position}: ${CHANGES_TEXTS.seekerHint}`}
      footer={
        <>
          <DialogCloseButton />
          <Button
            type="button"
            disabled={resubmit.isPending || tooLong}
            data-testid="confirm-resubmit"
            onClick={() =>
              resubmit.mutate(
                { requestId: request.id, message: message.trim() },
                { onSuccess: () => setOpen(false) },
              )
            }
          >
            <BusyIcon busy={resubmit.isPending} />
            {CHANGES_TEXTS.resubmit}
          </Button>
        </>
      }
    >
      <div className="grid gap-2">
        <Label htmlFor={id}>{CHANGES_TEXTS.resubmitMessageLabel}</Label>
        <Textarea
          id={id}
          rows={3}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-invalid={tooLong || undefined}
          data-testid="resubmit-message"
        />
        <CharacterCount length={message.length} max={MESSAGE_MAX} />
      </div>
    </AppDialog>
  );
}

/** The referrer's card while the applicant makes the changes they asked for, or once they resubmitted. */
export function ReferrerChangesRequested({ referral }: { referral: Referral }) {
  if (referral.status === 'pending' && referral.changeRounds > 0) {
    return <p className="text-muted-foreground">{CHANGES_TEXTS.resubmittedAfter(referral.changeRounds)}</p>;
  }
  if (referral.status !== 'changes_requested') return null;
  return (
    <div
      className="grid gap-1 rounded-md border border-orange-300 bg-orange-50 p-3 dark:border-orange-800 dark:bg-orange-950/30"
      data-testid="changes-requested"
    >
      <p className="font-medium">{CHANGES_TEXTS.waitingOnSeeker}</p>
      <p>
        <span className="font-medium">{CHANGES_TEXTS.youAskedFor}</span>{' '}
        {referral.changes.map((change) => CHANGE_LABELS[change]).join('; ')}
      </p>
      {referral.feedback && (
        <p>
          <span className="font-medium">Your feedback:</span>{' '}
          <span className="whitespace-pre-line">{referral.feedback}</span>
        </p>
      )}
      {referral.resubmitBy && <p>{CHANGES_TEXTS.resubmitBy(formatAnswerBy(referral.resubmitBy))}</p>}
    </div>
  );
}
