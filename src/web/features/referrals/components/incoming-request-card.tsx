import { currentEmployerLine } from '@shared/employer-privacy';
import { firstNameOf } from '@shared/names';
import { alreadyAppliedLine, RELATIONSHIP_LABELS, RELATIONSHIP_QUESTION } from '@shared/referral-honesty';
import { DECLINE_REASON_LABELS } from '@shared/referral-texts';
import { type ShownReferralRequest } from '@shared/referrals';
import { Calendar, Clock, FileText, Forward, Star, UserRound } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import {
  formatAnswerBy,
  formatRequestDate,
  isLastQuarter,
  isPartnerRequest,
  isPassedOn,
} from '../utils/referral-display';
import { JobPostingLink, RequestCardFrame, RequestCardHeader } from './request-card-parts';
import { CopyPacketButton } from './copy-packet-button';
import { ReportUserButton } from './report-user-button';
import { BlockUserButton } from './block-user-button';
import { ReferralThread } from './referral-thread';
import { RelationshipChoice } from './relationship-choice';
import { RequestTimeline } from './request-timeline';
import type { StatusChange } from '../api/update-referral-status';
import { StatusActions } from './status-actions';
import { UndoDeclineButton } from './undo-decline-button';
import { ReferrerChangesRequested } from './changes-requested';

/** What the partner badge means, said on the card itself (issue 46 item 9). */
export const PARTNER_MEANING =
  'Partner company: it works with ReferBridge and welcomes referrals sent through it.';

/** A request assigned to the referrer (docs/product.md, Screens (the referrer's request card)). */
export function IncomingRequestCard({
  request,
  onViewProfile,
  onStatusChange,
  onDeclineUndone,
  takeFocus = false,
  onFocusTaken,
}: {
  request: ShownReferralRequest;
  onViewProfile: (userId: number) => void;
  /** The referrer is changing this request's status from the card. */
  onStatusChange?: (status: StatusChange) => void;
  /** The referrer undid their decline from the card: it is pending again. */
  onDeclineUndone?: () => void;
  /** Take the focus (once): the status just changed here, and the card may have moved to another group. */
  takeFocus?: boolean;
  onFocusTaken?: () => void;
}) {
  const titleId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    cardRef.current?.focus();
    onFocusTaken?.();
    // Once per request to take it; a new callback identity must not take it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [takeFocus]);
  const partnerNoteId = useId();
  const partner = isPartnerRequest(request);
  const name = request.jobSeeker.fullName.trim() || 'Unknown User';
  // A request that passed to another referrer stays as history: who and what, no contact and no actions.
  const passedOn = isPassedOn(request);
  return (
    <RequestCardFrame
      ref={cardRef}
      titleId={titleId}
      data-partner={partner || undefined}
      className={
        partner ? 'border-green-300 bg-green-50/60 dark:border-green-800 dark:bg-green-950/30' : undefined
      }
    >
      <RequestCardHeader
        request={request}
        titleId={titleId}
        level="h4"
        status={passedOn ? 'passed_on' : undefined}
        companyFallback="Unknown Company"
        companyExtra={
          partner && (
            // Green 700 on white text passes WCAG AA (5.0:1); 600 did not (3.3:1). Issue 46 item 9.
            <Badge
              className="border-transparent bg-green-700 text-white"
              title={PARTNER_MEANING}
              aria-describedby={partnerNoteId}
            >
              <Star aria-hidden="true" />
              Partner Company
            </Badge>
          )
        }
      />
      <CardContent className="grid gap-3 text-sm">
        {partner && (
          <p id={partnerNoteId} className="text-xs text-green-900 dark:text-green-100">
            {PARTNER_MEANING}
          </p>
        )}
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="bg-primary/10 text-primary flex size-9 items-center justify-center rounded-full font-semibold"
          >
            {name.charAt(0).toUpperCase()}
          </span>
          <div>
            <p className="font-medium">{name}</p>
            {request.jobSeeker.currentEmployer && (
              <p className="text-muted-foreground text-xs" data-testid="current-employer">
                {currentEmployerLine(request.jobSeeker.currentEmployer)}
              </p>
            )}
            <p className="text-muted-foreground flex items-center gap-1.5 text-xs">
              <Calendar className="size-3.5" aria-hidden="true" />
              Requested on {formatRequestDate(request.createdAt)}
            </p>
          </div>
        </div>
        {request.referral?.respondBy && (
          <AnswerBy respondBy={request.referral.respondBy} assignedAt={request.referral.createdAt} />
        )}
        {passedOn && request.referral?.passedOnAt && (
          <p className="text-muted-foreground flex items-center gap-1.5">
            <Forward className="size-4" aria-hidden="true" />
            Passed on to another referrer on {formatRequestDate(request.referral.passedOnAt)}.
          </p>
        )}
        {request.message && (
          <div className="bg-muted/50 rounded-md p-3">
            <p className="font-medium">Message from applicant:</p>
            <p className="mt-1 break-words whitespace-pre-line">{request.message}</p>
          </div>
        )}
        {alreadyAppliedLine(request.alreadyApplied) && (
          <p data-testid="already-applied">{alreadyAppliedLine(request.alreadyApplied)}</p>
        )}
        {!passedOn && request.referral?.status === 'accepted' && request.referral.relationship && (
          <RelationshipChoice referralId={request.referral.id} relationship={request.referral.relationship} />
        )}
        {request.referral?.status !== 'accepted' && request.referral?.relationship && (
          <p className="text-muted-foreground">
            <span className="text-foreground font-medium">{RELATIONSHIP_QUESTION}</span>{' '}
            {RELATIONSHIP_LABELS[request.referral.relationship]}
          </p>
        )}
        {!passedOn && request.referral && <ReferrerChangesRequested referral={request.referral} />}
        {request.referral?.declineReason && (
          <p className="text-muted-foreground">
            <span className="text-foreground font-medium">Your reason:</span>{' '}
            {DECLINE_REASON_LABELS[request.referral.declineReason]}
          </p>
        )}
        {request.referral?.feedback && request.referral.status !== 'changes_requested' && (
          <p className="text-muted-foreground">
            <span className="text-foreground font-medium">Your feedback:</span> {request.referral.feedback}
          </p>
        )}
        {request.referral?.candidateId && (
          <p className="text-muted-foreground">Candidate id: {request.referral.candidateId}</p>
        )}
        {request.referral?.seekerConfirmation && (
          <p className="text-muted-foreground">
            {request.referral.seekerConfirmation === 'received'
              ? `${firstNameOf(name)} confirmed that the referral arrived.`
              : `${firstNameOf(name)} said the referral has not arrived yet.`}
          </p>
        )}
        {request.referral && !passedOn && (
          <ReferralThread referralId={request.referral.id} otherName={firstNameOf(name)} />
        )}
        <RequestTimeline timeline={request.timeline} viewer="referrer" />
        <div className="flex flex-wrap gap-2">
          <JobPostingLink url={request.jobUrl} />
          {request.resumeLink && (
            <Button asChild variant="outline" size="sm">
              <a href={request.resumeLink} target="_blank" rel="noopener noreferrer">
                <FileText aria-hidden="true" />
                View Resume
              </a>
            </Button>
          )}
          {!passedOn &&
            request.referral &&
            ['pending', 'changes_requested', 'accepted', 'submitted'].includes(request.referral.status) && (
              <CopyPacketButton referralId={request.referral.id} />
            )}
          {!passedOn && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onViewProfile(request.jobSeeker.id)}
            >
              <UserRound aria-hidden="true" />
              View Profile
            </Button>
          )}
          {!passedOn && (
            <ReportUserButton
              subjectUserId={request.jobSeeker.id}
              subjectName={firstNameOf(name)}
              requestId={request.id}
            />
          )}
          {!passedOn && (
            <BlockUserButton userId={request.jobSeeker.id} name={firstNameOf(name)} seeker={false} />
          )}
        </div>
        {!passedOn && <StatusActions request={request} onChange={onStatusChange} />}
        {!passedOn && request.referral?.status === 'declined' && request.referral.undoUntil && (
          <UndoDeclineButton
            referralId={request.referral.id}
            undoUntil={request.referral.undoUntil}
            onUndone={onDeclineUndone}
          />
        )}
      </CardContent>
    </RequestCardFrame>
  );
}

/** 'Answer by Thu 3 Dec, 14:00' in the reader's own time; amber in the last quarter of the time to answer. */
function AnswerBy({ respondBy, assignedAt }: { respondBy: string; assignedAt: string }) {
  const late = isLastQuarter(assignedAt, respondBy, new Date());
  return (
    <p
      data-late={late || undefined}
      className={cn(
        'flex w-fit items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium',
        late
          ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100'
          : 'bg-muted text-muted-foreground',
      )}
    >
      <Clock className="size-3.5" aria-hidden="true" />
      Answer by {formatAnswerBy(respondBy)}
    </p>
  );
}
