import { formatNotificationDate, type Notification } from '@shared/notifications';
import { Bell, CheckCheck, Loader2, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { appPathOf } from './utils/app-path-of';
import { useNotifications } from './api/get-notifications';
import { useUnreadCount } from './api/get-unread-count';
import { useDeleteNotification } from './api/delete-notification';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read';
import { useMarkNotificationRead } from './api/mark-notification-read';
import { DeleteNotificationDialog } from './components/delete-notification-dialog';

/** Spec 'Notifications (/notifications)': the full list, newest first, with read and delete actions. */
export function NotificationsPage() {
  const list = useNotifications();
  const unread = useUnreadCount();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const deleteNotification = useDeleteNotification();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<number | null>(null);

  const notifications = list.data?.pages.flat() ?? [];
  const unreadCount = unread.data ?? notifications.filter((n) => !n.read).length;

  function openNotification(notification: Notification) {
    if (!notification.read) markRead.mutate(notification.id);
    const to = appPathOf(notification);
    if (to) navigate(to);
  }

  function confirmDelete() {
    if (toDelete === null) return;
    deleteNotification.mutate(toDelete, { onSuccess: () => setToDelete(null) });
  }

  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">Notifications</h1>
          {unreadCount > 0 && <Badge>{unreadCount} unread</Badge>}
        </div>
        {unreadCount > 0 && (
          <Button
            variant="outline"
            onClick={() => markAllRead.mutate(undefined)}
            disabled={markAllRead.isPending}
          >
            <CheckCheck aria-hidden="true" />
            Mark all as read
          </Button>
        )}
      </div>

      {list.isPending ? (
        <StateCard>
          <Loader2 className="text-primary size-6 animate-spin" aria-hidden="true" />
          <p className="text-muted-foreground">Loading notifications...</p>
        </StateCard>
      ) : list.isError ? (
        <StateCard>
          <p className="text-muted-foreground">Notifications could not be loaded.</p>
          <Button variant="outline" onClick={() => list.refetch()}>
            Try again
          </Button>
        </StateCard>
      ) : notifications.length === 0 ? (
        <StateCard>
          <Bell className="text-muted-foreground/60 size-10" aria-hidden="true" />
          <p className="text-muted-foreground">No notifications yet</p>
        </StateCard>
      ) : (
        <Card className="gap-0 overflow-hidden py-0">
          <ul aria-label="All notifications" className="divide-y">
            {notifications.map((n) => (
              <NotificationRow key={n.id} notification={n} onOpen={openNotification} onDelete={setToDelete} />
            ))}
          </ul>
        </Card>
      )}

      {list.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
            Load more
          </Button>
        </div>
      )}

      <DeleteNotificationDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        onConfirm={confirmDelete}
        deleting={deleteNotification.isPending}
      />
    </main>
  );
}

function NotificationRow({
  notification: n,
  onOpen,
  onDelete,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  onDelete: (id: number) => void;
}) {
  return (
    <li
      data-unread={!n.read || undefined}
      className={cn(
        'flex items-start gap-2 pr-3 transition-colors',
        n.read ? 'hover:bg-muted/60' : 'bg-primary/5 border-l-primary hover:bg-primary/10 border-l-4',
      )}
    >
      <button
        type="button"
        onClick={() => onOpen(n)}
        className={cn(
          'focus-visible:ring-ring/50 flex min-w-0 flex-1 cursor-pointer gap-3 py-4 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-inset',
          n.read ? 'pl-5' : 'pl-4',
        )}
      >
        <span
          className={cn(
            'mt-2 size-2 shrink-0 rounded-full',
            n.read ? 'bg-muted-foreground/30' : 'bg-primary',
          )}
          aria-hidden="true"
        />
        <span className="min-w-0 flex-1">
          <span className={cn('block', n.read ? 'font-medium' : 'font-semibold')}>
            {n.title}
            {!n.read && <span className="sr-only"> (unread)</span>}
          </span>
          <span className="text-muted-foreground mt-1 block text-sm">{n.message}</span>
          <time dateTime={n.createdAt} className="text-muted-foreground mt-2 block text-xs">
            {formatNotificationDate(n.createdAt)}
          </time>
        </span>
      </button>
      <Button
        variant="ghost"
        size="icon"
        className="text-muted-foreground hover:text-destructive mt-3"
        aria-label="Delete notification"
        onClick={() => onDelete(n.id)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}

function StateCard({ children }: { children: ReactNode }) {
  return <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">{children}</Card>;
}
