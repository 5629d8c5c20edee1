import { formatBadgeCount, type Notification } from '@shared/notifications';
import { Bell } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { paths } from '@/paths';
import { NotificationItem } from './notification-item';
import { useRecentNotifications } from '../api/get-recent-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useOpenNotification } from '../hooks/use-open-notification';

/** Spec 'Notification bell': unread badge ('99+' cap, hidden at 0) and a popup of the recent notifications. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const descriptionId = useId();
  const unread = useUnreadCount();
  const recent = useRecentNotifications();
  const openNotification = useOpenNotification({ beforeNavigate: () => setOpen(false) });
  const count = unread.data ?? 0;
  const badge = formatBadgeCount(count);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label="Notifications"
          aria-describedby={descriptionId}
        >
          <Bell className="size-5" aria-hidden="true" />
          {badge && (
            <span
              data-testid="notification-badge"
              aria-hidden="true"
              className="bg-destructive ring-background absolute -top-0.5 -right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full px-1 text-[10px] leading-none font-semibold text-white ring-2"
            >
              {badge}
            </span>
          )}
          <span id={descriptionId} className="sr-only">
            {count > 0 ? `${count} unread` : 'No unread notifications'}
          </span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[22rem] p-0">
        <div className="flex items-center justify-between border-b px-4 py-3">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {count > 0 && <span className="text-muted-foreground text-xs">{count} unread</span>}
        </div>
        <RecentList
          notifications={recent.data}
          isPending={recent.isPending}
          isError={recent.isError}
          onOpen={openNotification}
        />
        <div className="border-t p-2">
          <Button asChild variant="ghost" size="sm" className="text-primary w-full">
            <Link to={paths.notifications} onClick={() => setOpen(false)}>
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
