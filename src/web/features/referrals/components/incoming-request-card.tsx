import { DECLINE_REASON_LABELS } from '@shared/referral-texts';
import { type ReferralRequest } from '@shared/referrals';
import { Calendar, FileText, Star, UserRound } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { formatRequestDate, isPartnerRequest } from '../utils/referral-display';
import { JobPostingLink, RequestCardHeader } from './request-card-parts';
import { StatusActions } from './status-actions';

/** A request assigned to the referrer (spec section 2, 'Request card (referrer side)'). */
export function IncomingRequestCard({
  request,
  onViewProfile,
}: {
  request: ReferralRequest;
  onViewProfile: (userId: number) => void;
}) {
  const titleId = useId();
  const partner = isPartnerRequest(request);
  const name = request.jobSeeker.fullName.trim() || 'Unknown User';
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-partner={partner || undefined}
      className={cn(
        'gap-3',
        partner && 'border-green-300 bg-green-50/60 dark:border-green-800 dark:bg-green-950/30',
      )}
    >
      <RequestCardHeader
        request={request}
        titleId={titleId}
        level="h4"
        companyFallback="Unknown Company"
        companyExtra={
          partner && (
            <Badge className="border-transparent bg-green-600 text-white">
              <Star aria-hidden="true" />
              Partner Company
            </Badge>
          )
        }
      />
      <CardContent className="grid gap-3 text-sm">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="bg-primary/10 text-primary flex size-9 items-center justify-center rounded-full font-semibold"
          >
            {name.charAt(0).toUpperCase()}
          </span>
          <div>
            <p className="font-medium">{name}</p>
            <p className="text-muted-foreground flex items-center gap-1.5 text-xs">
              <Calendar className="size-3.5" aria-hidden="true" />
              Requested on {formatRequestDate(request.createdAt)}
            </p>
          </div>
        </div>
        {request.message && (
          <div className="bg-muted/50 rounded-md p-3">
            <p className="font-medium">Message from applicant:</p>
            <p className="mt-1 break-words whitespace-pre-line">{request.message}</p>
          </div>
        )}
        {request.referral?.declineReason && (
          <p className="text-muted-foreground">
            <span className="text-foreground font-medium">Your reason:</span>{' '}
            {DECLINE_REASON_LABELS[request.referral.declineReason]}
          </p>
        )}
        {request.referral?.feedback && (
          <p className="text-muted-foreground">
            <span className="text-foreground font-medium">Your feedback:</span> {request.referral.feedback}
          </p>
        )}
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
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onViewProfile(request.jobSeeker.id)}
          >
            <UserRound aria-hidden="true" />
            View Profile
          </Button>
        </div>
        <StatusActions request={request} />
      </CardContent>
    </Card>
  );
}
