import { WATCH_BUTTON_TEXT } from '@shared/watches';
import { BellPlus, BellRing } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useMyWatches } from '../api/get-my-watches';
import { useUnwatchCompany } from '../api/unwatch-company';
import { useWatchCompany } from '../api/watch-company';

export const WATCHING_TEXT = (company: string) =>
  `We'll tell you once, in the app and by mail, when a referrer at ${company} can take requests.`;

/**
 * 'Tell me when one joins' (issue 49 item 1): a toggle for a company where nobody can take a request now.
 * Pressed, it shows the watch (and says what will happen); pressed again, it undoes it. Its name stays the
 * same either way, as a toggle's should; aria-pressed says which way it stands.
 */
export function WatchCompanyButton({ companyId, companyName }: { companyId: number; companyName: string }) {
  const watches = useMyWatches();
  const watch = useWatchCompany();
  const unwatch = useUnwatchCompany();
  const busy = watch.isPending || unwatch.isPending;
  const watching = busy
    ? watch.isPending
    : (watches.data?.items.some((w) => w.companyId === companyId) ?? false);
  const Icon = watching ? BellRing : BellPlus;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        type="button"
        size="sm"
        variant={watching ? 'secondary' : 'outline'}
        aria-pressed={watching}
        disabled={watches.isPending}
        onClick={() => {
          if (!busy) (watching ? unwatch : watch).mutate(companyId);
        }}
      >
        <Icon aria-hidden="true" />
        {WATCH_BUTTON_TEXT}
      </Button>
      {watching && (
        <p role="status" className="text-muted-foreground text-xs">
          {WATCHING_TEXT(companyName)}
        </p>
      )}
    </div>
  );
}
