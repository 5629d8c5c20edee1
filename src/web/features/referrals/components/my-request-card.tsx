import { JOB_UNREACHABLE_MESSAGE } from '@shared/jobs';
import { displayStatus } from '@shared/referral-status';
import { RELATIONSHIP_SEEKER_SENTENCES } from '@shared/referral-honesty';
import { DECLINE_REASON_SENTENCES, PAYMENT_HOLD_TEXTS, type DeclineReason } from '@shared/referral-texts';
import { type ReferralHandoff, type ShownReferralRequest } from '@shared/referrals';
import {
  Ban,
  Calendar,
  CircleHelp,
  History,
  MessageSquare,
  RotateCcw,
  ShieldAlert,
  UserRound,
} from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
import { askAgainState } from '../utils/ask-again';
import { companyNameOf, formatRequestDate } from '../utils/referral-display';
import { CompanyStatsLine } from './company-stats-line';
import { WaitingRequestNote } from './company-notes';
import { JobPostingLink, RequestCardFrame, RequestCardHeader } from './request-card-parts';
import { ReferralConfirmation } from './referral-confirmation';
import { ReferralThread } from './referral-thread';
import { RequestTimeline } from './request-timeline';
import { WithdrawRequestButton } from './withdraw-request-button';
import { SeekerChangesRequested } from './changes-requested';
import { ReportUserButton } from './report-user-button';
import { BlockUserButton } from './block-user-button';

/**
 * One of the seeker's own requests (My Requests tab). `askAgain`: a withdrawn request whose posting may be
 * asked for again offers 'Ask again', the request form filled with what it asked.
 */
export function MyRequestCard({
  request,
  askAgain = false,
}: {
  request: ShownReferralRequest;
  askAgain?: boolean;
}) {
  const titleId = useId();
  const referral = request.referral;
  // Withdrawn from this card: its Withdraw (which had the focus) is gone, so the card takes the focus once
  // it shows the request withdrawn, rather than leaving it to the page (issue 46 item 9).
  const cardRef = useRef<HTMLDivElement>(null);
  const focusWhenWithdrawn = useRef(false);
  useEffect(() => {
    if (!focusWhenWithdrawn.current || request.status !== 'withdrawn') return;
    focusWhenWithdrawn.current = false;
    cardRef.current?.focus();
  }, [request.status]);
  return (
    <RequestCardFrame ref={cardRef} titleId={titleId}>
      <RequestCardHeader request={request} titleId={titleId} level="h3" companyFallback="Company" />
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground flex items-center gap-1.5">
          <Calendar className="size-4" aria-hidden="true" />
          Requested on {formatRequestDate(request.createdAt)}
        </p>
        {request.closedAt && request.status !== 'submitted' && (
          <p className="text-muted-foreground">Ended on {formatRequestDate(request.closedAt)}</p>
        )}
        {request.erasedAt && (
          // Retention (docs/decisions/036-retention.md): only this line is left of the request.
          <p className="text-muted-foreground" data-testid="request-erased">
            Its message, notes and messages were erased on {formatRequestDate(request.erasedAt)}, as our{' '}
            <Link to={paths.privacy} className="underline">
              privacy policy
            </Link>{' '}
            says.
          </p>
        )}
        <ReviewLines request={request} />
        {request.job.unreachableSince && (
          <p
            className="flex items-center gap-1.5 text-amber-800 dark:text-amber-200"
            data-testid="job-unreachable"
          >
            <CircleHelp className="size-4 shrink-0" aria-hidden="true" />
            {JOB_UNREACHABLE_MESSAGE}
          </p>
        )}
        {displayStatus(request) === 'pending' &&
          (referral ? (
            <CompanyStatsLine companyId={request.companyId} companyName={companyNameOf(request, 'Company')} />
          ) : (
            <WaitingRequestNote
              companyId={request.companyId}
              companyName={companyNameOf(request, 'Company')}
              position={request.position}
            />
          ))}
        {request.message && (
          <p className="bg-muted/50 flex gap-2 rounded-md p-3">
            <MessageSquare className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="break-words whitespace-pre-line">{request.message}</span>
          </p>
        )}
        {referral && (
          <div className="grid gap-1 rounded-md border p-3">
            <p className="flex items-center gap-1.5">
              <UserRound className="text-muted-foreground size-4" aria-hidden="true" />
              Referrer: <span className="font-medium">{referral.referrerFirstName}</span>
            </p>
            <DeclineReasonLine reason={referral.declineReason} />
            {referral.feedback && referral.status !== 'changes_requested' && (
              <p>
                <span className="font-medium">Feedback from referrer:</span>{' '}
                <span className="whitespace-pre-line">{referral.feedback}</span>
              </p>
            )}
          </div>
        )}
        {referral?.status === 'changes_requested' && request.status === 'changes_requested' && (
          <SeekerChangesRequested request={request} referral={referral} />
        )}
        {request.handoffs.length > 0 && <HandoffHistory request={request} />}
        {referral?.relationship && (
          <p className="text-muted-foreground" data-testid="referral-relationship">
            {RELATIONSHIP_SEEKER_SENTENCES[referral.relationship]}
          </p>
        )}
        {referral?.candidateId && (
          <p className="text-muted-foreground">Your candidate id at the company: {referral.candidateId}</p>
        )}
        {referral && <ReferralConfirmation referral={referral} />}
        {referral && <ReferralThread referralId={referral.id} otherName={referral.referrerFirstName} />}
        <RequestTimeline timeline={request.timeline} viewer="seeker" />
        <div className="flex flex-wrap items-center gap-2">
          <JobPostingLink url={request.jobUrl} className="justify-self-start" />
          <WithdrawRequestButton request={request} onConfirm={() => (focusWhenWithdrawn.current = true)} />
          {askAgain && (
            <Button asChild variant="outline" size="sm">
              <Link to={paths.requestReferralAt(request.companyId)} state={askAgainState(request)}>
                <RotateCcw aria-hidden="true" />
                Ask again
              </Link>
            </Button>
          )}
          {referral?.referrerId != null && (
            <ReportUserButton
              subjectUserId={referral.referrerId}
              subjectName={referral.referrerFirstName ?? 'your referrer'}
              requestId={request.id}
            />
          )}
          {referral?.referrerId != null && (
            <BlockUserButton
              userId={referral.referrerId}
              name={referral.referrerFirstName ?? 'this referrer'}
              seeker
            />
          )}
        </div>
      </CardContent>
    </RequestCardFrame>
  );
}

const OUTCOME: Record<ReferralHandoff['outcome'], string> = {
  declined: 'declined',
  expired: 'no answer',
  withdrawn: 'no longer referring',
};

/**
 * Earlier referrers, oldest first (docs/product.md, A request's life). The last one of a request that nobody
 * holds any more and that is not waiting closed it rather than passing it on.
 */
function HandoffHistory({ request }: { request: ShownReferralRequest }) {
  const closed = request.referral === null && request.status !== 'pending';
  return (
    <ul aria-label="Referrer history" className="text-muted-foreground grid gap-1">
      {request.handoffs.map((h, i) => {
        const last = i === request.handoffs.length - 1;
        const verb = closed && last ? 'Closed after' : 'Passed on from';
        return (
          <li key={`${h.at}-${i}`} className="grid gap-0.5">
            <span className="flex items-center gap-1.5">
              <History className="size-4 shrink-0" aria-hidden="true" />
              {verb} {h.referrerFirstName} ({OUTCOME[h.outcome]}) on {formatRequestDate(h.at)}
            </span>
            {(h.declineReason || h.feedback) && (
              <span className="pl-5.5">
                {h.declineReason && DECLINE_REASON_SENTENCES[h.declineReason]}
                {h.feedback && ` Feedback: ${h.feedback}`}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A request its message held for our team (issue 25 item 6): awaiting review, or rejected with the reason
 * the seeker was told.
 */
function ReviewLines({ request }: { request: ShownReferralRequest }) {
  if (request.status === 'held') {
    return (
      <div className="grid gap-1 rounded-md border border-orange-200 bg-orange-50 p-3 text-orange-950 dark:border-orange-900 dark:bg-orange-950 dark:text-orange-50">
        <p className="flex items-center gap-1.5 font-medium" data-testid="request-held">
          <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
          {PAYMENT_HOLD_TEXTS.requestHeld}
        </p>
        <p>{PAYMENT_HOLD_TEXTS.requestHeldWhy}</p>
      </div>
    );
  }
  if (request.status === 'rejected') {
    return (
      <div className="grid gap-1 rounded-md border p-3" data-testid="request-rejected">
        <p className="flex items-center gap-1.5 font-medium">
          <Ban className="size-4 shrink-0" aria-hidden="true" />
          {PAYMENT_HOLD_TEXTS.requestRejected}
        </p>
        {request.rejectionReason && (
          <p className="break-words whitespace-pre-line">
            {PAYMENT_HOLD_TEXTS.reason(request.rejectionReason)}
          </p>
        )}
      </div>
    );
  }
  return null;
}

/** Why the referrer declined, as a plain sentence (docs/decisions/033-request-lifecycle.md). */
function DeclineReasonLine({ reason }: { reason: DeclineReason | null }) {
  if (!reason) return null;
  return <p>{DECLINE_REASON_SENTENCES[reason]}</p>;
}
