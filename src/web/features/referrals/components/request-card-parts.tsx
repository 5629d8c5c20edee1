import { displayStatus } from '@shared/referral-status';
import { type ShownReferralRequest } from '@shared/referrals';
import { Building2, ExternalLink } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { companyNameOf } from '../utils/referral-display';
import { RequestJobLine } from './request-job-line';
import { StatusBadge } from './status-badge';

/**
 * A request card, on either side: an article named by its heading (`titleId`) that can take the focus, for
 * when a change made on the card moves or removes the control that had it.
 */
export function RequestCardFrame({
  titleId,
  className,
  ...props
}: ComponentProps<typeof Card> & { titleId: string }) {
  return (
    <Card
      tabIndex={-1}
      role="article"
      aria-labelledby={titleId}
      className={cn('focus-visible:ring-ring gap-3 outline-none focus-visible:ring-2', className)}
      {...props}
    />
  );
}

/**
 * The top of a request card, on either side: the position as the card's heading (`level` follows the
 * list it sits in), the company with anything `companyExtra` adds, the posting's title and location as last
 * read, and the status badge.
 */
export function RequestCardHeader({
  request,
  titleId,
  level,
  companyFallback,
  companyExtra,
  status,
}: {
  request: ShownReferralRequest;
  titleId: string;
  level: 'h3' | 'h4';
  companyFallback: string;
  companyExtra?: ReactNode;
  /** What the badge says when it is not the request's status ('passed_on' on a referrer's history). */
  status?: string;
}) {
  const Title = level;
  return (
    <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
      <div className="grid gap-1">
        <Title id={titleId} className={level === 'h3' ? 'text-lg font-semibold' : 'text-base font-semibold'}>
          {request.position}
        </Title>
        <p className="text-muted-foreground flex items-center gap-1.5 text-sm">
          <Building2 className="size-4" aria-hidden="true" />
          {companyNameOf(request, companyFallback)}
          {companyExtra}
        </p>
        <RequestJobLine job={request.job} />
      </div>
      <StatusBadge status={status ?? displayStatus(request)} />
    </CardHeader>
  );
}

/** 'View Job Posting', in a new tab. */
export function JobPostingLink({ url, className }: { url: string; className?: string }) {
  return (
    <Button asChild variant="outline" size="sm" className={className}>
      <a href={url} target="_blank" rel="noopener noreferrer">
        <ExternalLink aria-hidden="true" />
        View Job Posting
      </a>
    </Button>
  );
}
