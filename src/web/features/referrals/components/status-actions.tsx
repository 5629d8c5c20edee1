import { displayStatus } from '@shared/referral-status';
import {
  DECLINE_REASON_ERRORS,
  DECLINE_REASON_LABELS,
  DECLINE_REASONS,
  type DeclineReason,
  FEEDBACK_MAX,
} from '@shared/referral-texts';
import { DEFAULT_RELATIONSHIP, type Relationship } from '@shared/referral-honesty';
import {
  CHANGE_KINDS,
  CHANGE_LABELS,
  CHANGES_ERRORS,
  CHANGES_TEXTS,
  type ChangeKind,
  MAX_CHANGE_ROUNDS,
} from '@shared/referral-changes';
import { CANDIDATE_ID_MAX, type ShownReferralRequest } from '@shared/referrals';
import { Check, PencilLine, Send, ThumbsDown, ThumbsUp, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { CharacterCount } from '@/components/form-field';
import { AppDialog, DialogCloseButton } from '@/components/app-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useUpdateReferralStatus, type StatusChange } from '../api/update-referral-status';
import { normalizeStatus } from '../utils/referral-display';
import { BusyIcon } from '@/components/busy-icon';
import { RelationshipSelect } from './relationship-choice';

interface Action {
  status: StatusChange;
  label: string;
  icon: ReactNode;
  variant: 'default' | 'outline';
  hint: string;
}

/** docs/product.md, Flows and statuses: the referrer's moves from each status; declined, successful, unsuccessful have none. */
const ACTIONS: Partial<Record<string, readonly Action[]>> = {
  pending: [
    {
      status: 'accepted',
      label: 'Accept Referral',
      icon: <Check />,
      variant: 'default',
      hint: 'You agree to refer this candidate.',
    },
    {
      status: 'changes_requested',
      label: CHANGES_TEXTS.askForChanges,
      icon: <PencilLine />,
      variant: 'outline',
      hint: CHANGES_TEXTS.askBody,
    },
    {
      status: 'declined',
      label: 'Decline',
      icon: <X />,
      variant: 'outline',
      hint: 'The job seeker will be notified.',
    },
  ],
  accepted: [
    {
      status: 'submitted',
      label: 'Mark as Submitted',
      icon: <Send />,
      variant: 'default',
      hint: 'You submitted the referral to your company.',
    },
  ],
  submitted: [
    {
      status: 'successful',
      label: 'Mark as Successful',
      icon: <ThumbsUp />,
      variant: 'default',
      hint: 'The candidate was shortlisted or invited to interview.',
    },
    {
      status: 'unsuccessful',
      label: 'Mark as Unsuccessful',
      icon: <ThumbsDown />,
      variant: 'outline',
      hint: 'The candidate was not selected.',
    },
  ],
};

export const MISSING_REFERRAL_TEXT = 'Unable to find referral ID. Please try again.';

/**
 * The action buttons of a request card; each asks for optional feedback before it changes the status.
 * `onChange` hears each change as it is sent: the list that reads it again moves the card to its new
 * group before this dialog hears back, and the card then takes the focus (its button is gone).
 */
export function StatusActions({
  request,
  onChange,
}: {
  request: ShownReferralRequest;
  onChange?: (status: StatusChange) => void;
}) {
  const [chosen, setChosen] = useState<Action | null>(null);
  // Two rounds of changes at most (docs/decisions/084-changes-requested.md): then accept or decline.
  const rounds = request.referral?.changeRounds ?? 0;
  const actions = (ACTIONS[normalizeStatus(displayStatus(request))] ?? []).filter(
    (action) => action.status !== 'changes_requested' || rounds < MAX_CHANGE_ROUNDS,
  );
  if (actions.length === 0) return null;

  function choose(action: Action) {
    if (!request.referral) {
      toast({ variant: 'destructive', title: 'Error', description: MISSING_REFERRAL_TEXT });
      return;
    }
    setChosen(action);
  }

  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button
          key={action.status}
          type="button"
          size="sm"
          variant={action.variant}
          onClick={() => choose(action)}
        >
          {action.icon}
          {action.label}
        </Button>
      ))}
      {chosen && request.referral && (
        <FeedbackDialog
          key={chosen.status}
          action={chosen}
          referralId={request.referral.id}
          position={request.position}
          roundsLeft={MAX_CHANGE_ROUNDS - rounds - 1}
          onClose={() => setChosen(null)}
          onChange={() => onChange?.(chosen.status)}
        />
      )}
    </div>
  );
}

function FeedbackDialog({
  action,
  referralId,
  position,
  roundsLeft,
  onClose,
  onChange,
}: {
  action: Action;
  referralId: number;
  position: string;
  /** After this request for changes, how many more the referrer may make. */
  roundsLeft: number;
  onClose: () => void;
  onChange: () => void;
}) {
  const id = useId();
  const reasonId = useId();
  const [feedback, setFeedback] = useState('');
  const [reason, setReason] = useState<DeclineReason | ''>('');
  const candidateFieldId = useId();
  const [candidateId, setCandidateId] = useState('');
  const [relationship, setRelationship] = useState<Relationship>(DEFAULT_RELATIONSHIP);
  const accepting = action.status === 'accepted';
  const submitting = action.status === 'submitted';
  const update = useUpdateReferralStatus();
  const tooLong = feedback.length > FEEDBACK_MAX;
  const declining = action.status === 'declined';
  const askingChanges = action.status === 'changes_requested';
  const [changes, setChanges] = useState<ChangeKind[]>([]);
  const changesHintId = useId();
  // 'other' says why in the feedback (the server refuses it without), for a decline and for changes.
  const otherChosen = (declining && reason === 'other') || (askingChanges && changes.includes('other'));
  const needsFeedback = otherChosen && feedback.trim() === '';
  const needsChanges = askingChanges && changes.length === 0;

  function confirm() {
    onChange();
    update.mutate(
      {
        referralId,
        status: action.status,
        feedback: feedback.trim(),
        ...(declining && reason ? { reason } : {}),
        ...(submitting && candidateId.trim() ? { candidateId: candidateId.trim() } : {}),
        ...(accepting ? { relationship } : {}),
        ...(askingChanges ? { changes } : {}),
      },
      { onSuccess: onClose },
    );
  }

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={action.label}
      description={`${position}: ${action.hint}`}
      footer={
        <>
          <DialogCloseButton />
          <Button
            type="button"
            onClick={confirm}
            disabled={update.isPending || tooLong || needsFeedback || needsChanges}
            data-testid="confirm-status-change"
          >
            <BusyIcon busy={update.isPending} />
            Confirm
          </Button>
        </>
      }
    >
      <div className="grid gap-2">
        {accepting && <RelationshipSelect value={relationship} onChange={setRelationship} />}
        {askingChanges && (
          <fieldset className="grid gap-2" aria-describedby={changesHintId} data-testid="change-kinds">
            <legend className="mb-1 text-sm font-medium">What should the applicant change?</legend>
            {CHANGE_KINDS.map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="accent-primary size-4"
                  value={kind}
                  checked={changes.includes(kind)}
                  onChange={(e) =>
                    setChanges((now) =>
                      e.target.checked ? [...now, kind] : now.filter((chosen) => chosen !== kind),
                    )
                  }
                />
                {CHANGE_LABELS[kind]}
              </label>
            ))}
            <p id={changesHintId} className="text-muted-foreground text-xs">
              {needsChanges ? CHANGES_ERRORS.none : CHANGES_TEXTS.roundsLeft(roundsLeft)}
            </p>
          </fieldset>
        )}
        {declining && (
          <>
            <Label htmlFor={reasonId}>
              Reason
              <span className="text-muted-foreground text-xs font-normal">(optional)</span>
            </Label>
            <NativeSelect
              id={reasonId}
              value={reason}
              onChange={(e) => setReason(DECLINE_REASONS.find((r) => r === e.target.value) ?? '')}
              data-testid="decline-reason"
            >
              <option value="">No reason given</option>
              {DECLINE_REASONS.map((r) => (
                <option key={r} value={r}>
                  {DECLINE_REASON_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
          </>
        )}
        {submitting && (
          <>
            <Label htmlFor={candidateFieldId}>
              Referral or candidate id
              <span className="text-muted-foreground text-xs font-normal">(optional)</span>
            </Label>
            <Input
              id={candidateFieldId}
              value={candidateId}
              maxLength={CANDIDATE_ID_MAX}
              onChange={(e) => setCandidateId(e.target.value)}
              placeholder="As your company's referral tool shows it"
            />
          </>
        )}
        <Label htmlFor={id}>
          Feedback for the job seeker
          {!otherChosen && <span className="text-muted-foreground text-xs font-normal">(optional)</span>}
        </Label>
        <Textarea
          id={id}
          rows={4}
          value={feedback}
          onChange={(e) => setFeedback(e.target.value)}
          aria-invalid={tooLong || undefined}
          data-testid="feedback-input"
        />
        <CharacterCount length={feedback.length} max={FEEDBACK_MAX} />
        {needsFeedback && (
          <p className="text-muted-foreground text-xs">
            {askingChanges ? CHANGES_ERRORS.otherNeedsFeedback : DECLINE_REASON_ERRORS.otherNeedsFeedback}
          </p>
        )}
      </div>
    </AppDialog>
  );
}
