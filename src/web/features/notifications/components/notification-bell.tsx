import { formatBadgeCount } from '@shared/notifications';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePopupOnDemand } from '@/lib/use-popup-on-demand';
import { useRecentNotifications } from '../api/get-recent-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useOpenNotification } from '../hooks/use-open-notification';

let popoverLoaded = false;
const loadPopover = () =>
  import('./bell-popover').then((m) => {
    popoverLoaded = true;
    return m;
  });
const BellPopover = lazy(() => loadPopover().then((m) => ({ default: m.BellPopover })));

/**
 * docs/product.md, Screens (the bell): unread badge ('99+' cap, hidden at 0) and a popup of the recent notifications.
 * The badge and the data are here from the start; the popup's code loads when the bell is first used, and
 * its trigger replaces this button only when that cannot take the focus away (use-popup-on-demand.ts).
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { ready, triggerProps } = usePopupOnDemand(
    loadPopover,
    () => popoverLoaded,
    () => setOpen(true),
  );
  const unread = useUnreadCount();
  const recent = useRecentNotifications();
  const openNotification = useOpenNotification({ beforeNavigate: () => setOpen(false) });
  const count = unread.data ?? 0;
  const badge = formatBadgeCount(count);

  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      // The badge's text is part of the name, as it is on screen: a voice user can say what they see (WCAG 2.5.3).
      aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
      aria-haspopup="dialog"
      {...(ready ? {} : triggerProps)}
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
    </Button>
  );
  if (!ready) return trigger;
  return (
    <Suspense fallback={trigger}>
      <BellPopover
        trigger={trigger}
        open={open}
        onOpenChange={setOpen}
        count={count}
        notifications={recent.data}
        isPending={recent.isPending}
        isError={recent.isError}
        onOpen={openNotification}
      />
    </Suspense>
  );
}
