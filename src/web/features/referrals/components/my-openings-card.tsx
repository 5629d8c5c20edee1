import { MAX_OPEN_OPENINGS, type Opening } from '@shared/openings';
import { Briefcase, ExternalLink, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/paths';
import { useMyOpenings } from '../api/get-my-openings';
import { useRemoveOpening } from '../api/remove-opening';
import { formatRequestDate } from '../utils/referral-display';
import { PostOpeningForm } from './post-opening-form';

export const MY_OPENINGS_FAILED = 'Your openings could not be loaded. Please try again later.';
export const NO_OPENINGS_OF_YOURS =
  'You have no open openings. Post one above: seekers find it on Openings, and what they ask through it comes to you first.';

/**
 * Issue 49 item 2, on the referrer dashboard and on /refer: a willing referrer posts openings at their own
 * company, sees the ones still open and removes them. Nothing shows for anyone else (the server refuses them).
 */
export function MyOpeningsCard({
  willing,
  heading: Heading = 'h2',
}: {
  willing: boolean;
  heading?: 'h2' | 'h3';
}) {
  const titleId = useId();
  if (!willing) return null;
  return (
    <Card role="region" className="gap-4 py-4" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Briefcase className="size-4" aria-hidden="true" />
          <Heading id={titleId}>Your openings</Heading>
        </CardTitle>
        <CardDescription>
          Hiring where you work? Post the role: seekers find it on{' '}
          <Link to={paths.openings} className="underline underline-offset-4">
            Openings
          </Link>{' '}
          and a request asked through it comes to you first.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 text-sm">
        <PostOpeningForm />
        <MyOpeningsList heading={Heading === 'h2' ? 'h3' : 'h4'} />
      </CardContent>
    </Card>
  );
}

function MyOpeningsList({ heading: Heading }: { heading: 'h3' | 'h4' }) {
  const mine = useMyOpenings(true);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  // A removed row takes its Remove (which had the focus) with it: the list's heading takes the focus once
  // the list shows it gone, rather than leaving it to the page.
  const focusWhenRemoved = useRef(false);
  const count = mine.data?.items.length;
  useEffect(() => {
    if (!focusWhenRemoved.current) return;
    focusWhenRemoved.current = false;
    headingRef.current?.focus();
  }, [count]);
  if (mine.isPending) return <p role="status">Loading your openings...</p>;
  if (mine.isError)
    return (
      <p role="alert" className="text-destructive">
        {MY_OPENINGS_FAILED}
      </p>
    );
  const items = mine.data.items;
  return (
    <section aria-labelledby={headingId} className="grid gap-2 border-t pt-4">
      <Heading id={headingId} ref={headingRef} tabIndex={-1} className="font-medium outline-none">
        Open now ({items.length} of {MAX_OPEN_OPENINGS})
      </Heading>
      {items.length === 0 ? (
        <p className="text-muted-foreground">{NO_OPENINGS_OF_YOURS}</p>
      ) : (
        <ul className="grid gap-2">
          {items.map((opening) => (
            <MyOpeningRow
              key={opening.id}
              opening={opening}
              onRemove={(removing) => (focusWhenRemoved.current = removing)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function MyOpeningRow({
  opening,
  onRemove,
}: {
  opening: Opening;
  /** True as the removal starts, false if it failed (the row stays, and so does the focus). */
  onRemove: (removing: boolean) => void;
}) {
  const remove = useRemoveOpening();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
      <div className="grid min-w-0 gap-0.5">
        <p className="font-medium break-words">{opening.title}</p>
        <p className="text-muted-foreground text-xs break-words">
          {[opening.location, `posted ${formatRequestDate(opening.postedAt)}`].filter(Boolean).join(' · ')}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="ghost" size="sm">
          <a href={opening.jobUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Posting<span className="sr-only">: {opening.title}</span>
          </a>
        </Button>
        <ConfirmDialog
          title="Remove this opening?"
          description={`${opening.title}: seekers will no longer find it on Openings.`}
          trigger={
            <Button type="button" variant="outline" size="sm" aria-label={`Remove ${opening.title}`}>
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          }
          confirmLabel="Remove"
          pending={remove.isPending}
          onConfirm={(close) => {
            onRemove(true);
            remove.mutate(opening.id, {
              onSuccess: () => {
                close();
                toast({ title: 'Opening removed', description: `${opening.title} is off Openings.` });
              },
              onError: () => onRemove(false),
            });
          }}
        />
      </div>
    </li>
  );
}
