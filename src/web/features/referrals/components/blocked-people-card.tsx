import { Ban } from 'lucide-react';
import { useRef } from 'react';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useMyBlocks } from '../api/get-my-blocks';
import { useUnblockUser } from '../api/unblock-user';
import { formatRequestDate } from '../utils/referral-display';
import { BusyIcon } from '@/components/busy-icon';

/**
 * Account Settings (issue 46 item 9): whom the user blocked from a request card, and when, each with
 * 'Unblock'. Lifted, matching may pair the two again; neither side is told either way.
 */
export function BlockedPeopleCard() {
  const heading = useRef<HTMLHeadingElement>(null);
  const blocks = useMyBlocks();
  const unblock = useUnblockUser();

  return (
    <SettingsCard
      icon={Ban}
      title="Blocked people"
      description="Nobody you block is matched with you again, and they are not told. Unblock someone to let requests pass between you again."
      loadFailed={blocks.isError}
      failedText="Whom you blocked could not be loaded. Please try again later."
      headingRef={heading}
    >
      {!blocks.isSuccess ? (
        <p className="text-muted-foreground text-sm">Loading...</p>
      ) : blocks.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">You have not blocked anyone.</p>
      ) : (
        <ul aria-label="Blocked people" className="divide-y">
          {blocks.data.map((blocked) => (
            <li key={blocked.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-sm">
                <span className="font-medium">{blocked.firstName}</span>
                <span className="text-muted-foreground">
                  {' '}
                  · blocked on {formatRequestDate(blocked.blockedAt)}
                </span>
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`Unblock ${blocked.firstName}`}
                disabled={unblock.isPending}
                onClick={() =>
                  unblock.mutate(blocked.userId, {
                    onSuccess: () => {
                      // The row and its button go: the focus waits on the card's heading.
                      heading.current?.focus();
                      toast({
                        title: 'Unblocked',
                        description: `${blocked.firstName} and you may be matched again.`,
                      });
                    },
                  })
                }
              >
                <BusyIcon busy={unblock.isPending && unblock.variables === blocked.userId} />
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
