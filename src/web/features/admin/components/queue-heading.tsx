import type { AdminQueueCounts } from '@shared/admin';
import { useQuery } from '@tanstack/react-query';
import { queueCountsQuery } from '../api/get-queue-counts';

/**
 * A queue's heading, with how many items wait in it across all its pages once that is known: a page shows
 * 50, and the admin sees how far the queue goes. Nothing is said of an empty queue: its list says so.
 */
export function QueueHeading({
  id,
  title,
  count,
  waiting,
}: {
  id: string;
  title: string;
  count: keyof AdminQueueCounts;
  /** What the number says: '12 open'. */
  waiting: string;
}) {
  const counts = useQuery(queueCountsQuery);
  const n = counts.data?.[count];
  return (
    <div className="flex flex-wrap items-baseline gap-x-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {n !== undefined && n > 0 && (
        <span className="text-muted-foreground text-sm">
          {n.toLocaleString('en-US')} {waiting}
        </span>
      )}
    </div>
  );
}
