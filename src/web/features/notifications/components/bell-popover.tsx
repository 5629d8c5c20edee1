import type { Notification } from '@shared/notifications';
import { Bell } from 'lucide-react';
import { useId, type ReactElement } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { paths } from '@/paths';
import { NotificationItem } from './notification-item';

/** The bell's popup (Radix), loaded when the bell is first used: notification-bell.tsx keeps the data. */
export function BellPopover({
  trigger,
  open,
  onOpenChange,
  count,
  notifications,
  isPending,
  isError,
  onOpen,
}: {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  notifications: Notification[] | undefined;
  isPending: boolean;
  isError: boolean;
  onOpen: (notification: Notification) => void;
}) {
  const headingId = useId();
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent align="end" className="w-[22rem] p-0" aria-labelledby={headingId}>
        <div className="flex items-center justify-between border-b px-4 py-3">
          <h2 id={headingId} className="text-sm font-semibold">
            Notifications
          </h2>
          {count > 0 && <span className="text-muted-foreground text-xs">{count} unread</span>}
        </div>
        <RecentList notifications={notifications} isPending={isPending} isError={isError} onOpen={onOpen} />
        <div className="border-t p-2">
          <Button asChild variant="ghost" size="sm" className="text-primary w-full">
            <Link to={paths.notifications} onClick={() => onOpenChange(false)}>
              View all notifications
            </Link>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}

function RecentList({
  notifications,
  isPending,
  isError,
  onOpen,
}: {
  notifications: Notification[] | undefined;
  isPending: boolean;
  isError: boolean;
  onOpen: (notification: Notification) => void;
}) {
  if (isPending)
    return <p className="text-muted-foreground px-4 py-8 text-center text-sm">Loading notifications...</p>;
  if (isError || !notifications) {
    return (
      <p className="text-muted-foreground px-4 py-8 text-center text-sm">
        Notifications could not be loaded.
      </p>
    );
  }
  if (notifications.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
        <Bell className="text-muted-foreground/60 size-8" aria-hidden="true" />
        <p className="text-muted-foreground text-sm">No notifications yet</p>
      </div>
    );
  }
  return (
    <ul aria-label="Recent notifications" className="max-h-96 divide-y overflow-y-auto">
      {notifications.map((n) => (
        <NotificationItem key={n.id} notification={n} variant="compact" onOpen={onOpen} />
      ))}
    </ul>
  );
}
