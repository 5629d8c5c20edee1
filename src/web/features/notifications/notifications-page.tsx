import { Bell, CheckCheck, Loader2, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useNotifications } from './api/get-notifications';
import { useUnreadCount } from './api/get-unread-count';
import { useDeleteNotification } from './api/delete-notification';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read';
import { useOpenNotification } from './hooks/use-open-notification';
import { DeleteNotificationDialog } from './components/delete-notification-dialog';
import { NotificationItem } from './components/notification-item';
import { PageMain } from '@/components/main-landmark';
import { LoadMore } from '@/components/paged-list';

/** docs/product.md, Screens (the notifications page): the full list, newest first, with read and delete actions. */
export function NotificationsPage() {
  const list = useNotifications();
  const unread = useUnreadCount();
  const openNotification = useOpenNotification();
  const markAllRead = useMarkAllNotificationsRead();
  const deleteNotification = useDeleteNotification();
  const [toDelete, setToDelete] = useState<number | null>(null);

  const notifications = list.data?.pages.flat() ?? [];
  const unreadCount = unread.data ?? notifications.filter((n) => !n.read).length;

  function confirmDelete() {
    if (toDelete === null) return;
    deleteNotification.mutate(toDelete, { onSuccess: () => setToDelete(null) });
  }

  return (
    <PageMain className="mx-auto max-w-3xl px-4 py-10">
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
              <NotificationItem
                key={n.id}
                notification={n}
                variant="full"
                onOpen={openNotification}
                action={
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-muted-foreground hover:text-destructive mt-3"
                    aria-label="Delete notification"
                    onClick={() => setToDelete(n.id)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                }
              />
            ))}
          </ul>
        </Card>
      )}

      <LoadMore query={list} className="mt-6" />

      <DeleteNotificationDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        onConfirm={confirmDelete}
        deleting={deleteNotification.isPending}
      />
    </PageMain>
  );
}

function StateCard({ children }: { children: ReactNode }) {
  return <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">{children}</Card>;
}
