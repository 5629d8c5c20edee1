import type { Opening } from '@shared/openings';
import { BadgeCheck, Building2, ExternalLink, MapPin, Send } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/paths';
import { askThroughOpeningState } from '../utils/ask-through-opening';
import { formatRequestDate } from '../utils/referral-display';

/**
 * 'Ask for a referral' on an opening: the request form at the opening's company, filled with its title and
 * posting, and the request carries the opening (it goes to the referrer who posted it first).
 */
export function AskThroughOpeningLink({
  opening,
  variant = 'default',
}: {
  opening: Opening;
  variant?: 'default' | 'outline';
}) {
  return (
    <Button asChild size="sm" variant={variant}>
      <Link
        to={paths.requestReferralAt(opening.company.id)}
        state={askThroughOpeningState(opening)}
        aria-label={`Ask for a referral: ${opening.title} at ${opening.company.name}`}
      >
        <Send aria-hidden="true" />
        Ask for a referral
      </Link>
    </Button>
  );
}

/** One opening of /openings: the role, where, who posted it and their note, and the way to ask through it. */
export function OpeningCard({ opening }: { opening: Opening }) {
  return (
    <li>
      <Card className="gap-3 py-4">
        <CardContent className="grid gap-3 px-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid min-w-0 gap-1">
              <h2 className="font-semibold break-words">{opening.title}</h2>
              <p className="text-muted-foreground flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="flex items-center gap-1.5">
                  <Building2 className="size-4 shrink-0" aria-hidden="true" />
                  {opening.company.name}
                </span>
                {opening.location && (
                  <span className="flex items-center gap-1.5 break-words">
                    <MapPin className="size-4 shrink-0" aria-hidden="true" />
                    {opening.location}
                  </span>
                )}
              </p>
            </div>
            <AskThroughOpeningLink opening={opening} />
          </div>
          {opening.note && (
            <p className="bg-muted/50 rounded-md p-3 text-sm break-words whitespace-pre-line">
              <span className="font-medium">Note from {opening.referrerFirstName}:</span> {opening.note}
            </p>
          )}
          <p className="text-muted-foreground flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
            <span className="flex items-center gap-1">
              Posted by {opening.referrerFirstName}
              {opening.referrerVerified && (
                <>
                  {', '}
                  <BadgeCheck className="size-3.5" aria-hidden="true" />
                  verified at {opening.company.name}
                </>
              )}
              {' on '}
              {formatRequestDate(opening.postedAt)}
            </span>
            <a
              href={opening.jobUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-1 underline underline-offset-4"
            >
              <ExternalLink className="size-3.5" aria-hidden="true" />
              View the posting
              <span className="sr-only">: {opening.title}</span>
            </a>
          </p>
        </CardContent>
      </Card>
    </li>
  );
}
