import { DECLINE_REASON_LABELS, DECLINE_REASON_SENTENCES } from '@shared/referral-texts';
import { type TimelineEntry } from '@shared/referrals';
import { format } from 'date-fns';
import { ListChecks } from 'lucide-react';

const STEP: Record<TimelineEntry['kind'], string> = {
  requested: 'Requested',
  assigned: 'Assigned',
  passed_on: 'Passed on',
  pending: 'Decline undone',
  accepted: 'Accepted',
  declined: 'Declined',
  changes_requested: 'Changes requested',
  resubmitted: 'Resubmitted with changes',
  submitted: 'Submitted to the company',
  successful: 'Marked successful',
  unsuccessful: 'Marked unsuccessful',
  expired: 'Not answered in time',
  withdrawn: 'Withdrawn',
  job_closed: 'Posting closed',
  // An admin's review of a request its message held (issue 25 item 6); only the seeker's timeline has them.
  held: 'Held for review',
  released: 'Released by our team',
  rejected: 'Rejected by our team',
};

/** What one step says: the seeker reads whose step it was; a referrer's timeline is all their own. */
function stepLabel(entry: TimelineEntry, viewer: 'seeker' | 'referrer'): string {
  if (entry.kind === 'assigned') {
    return viewer === 'referrer'
      ? 'Assigned to you'
      : `Assigned to ${entry.referrerFirstName ?? 'a referrer'}`;
  }
  const by = viewer === 'seeker' && entry.referrerFirstName && entry.kind !== 'requested';
  return by ? `${STEP[entry.kind]} (${entry.referrerFirstName})` : STEP[entry.kind];
}

/**
 * The request's life, oldest first (docs/decisions/034-request-timeline.md), folded away under one line so
 * a card stays short; each step keeps the note given with it.
 */
export function RequestTimeline({
  timeline,
  viewer,
}: {
  timeline: readonly TimelineEntry[];
  viewer: 'seeker' | 'referrer';
}) {
  if (timeline.length === 0) return null;
  return (
    <details className="group rounded-md border px-3 py-2">
      <summary className="text-muted-foreground flex cursor-pointer items-center gap-1.5 font-medium">
        <ListChecks className="size-4" aria-hidden="true" />
        Timeline ({timeline.length} {timeline.length === 1 ? 'step' : 'steps'})
      </summary>
      <ol aria-label="Timeline" className="mt-2 grid gap-2 border-l pl-3">
        {timeline.map((entry, i) => (
          <li key={`${entry.kind}-${entry.at}-${i}`} className="grid">
            <span>
              <span className="font-medium">{stepLabel(entry, viewer)}</span>{' '}
              <time dateTime={entry.at} className="text-muted-foreground text-xs">
                {format(new Date(entry.at), 'MMM d, yyyy, HH:mm')}
              </time>
            </span>
            {entry.declineReason && (
              <span className="text-muted-foreground">
                {
                  (viewer === 'seeker' ? DECLINE_REASON_SENTENCES : DECLINE_REASON_LABELS)[
                    entry.declineReason
                  ]
                }
              </span>
            )}
            {entry.note && <span className="break-words whitespace-pre-line">“{entry.note}”</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}
