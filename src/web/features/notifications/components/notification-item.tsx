import { formatNotificationDate, renderNotificationText, type Notification } from '@shared/notifications';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** The bell's popup is compact (message clamped to 2 lines); the /notifications page shows rows in full. */
type Variant = 'compact' | 'full';

const styles = {
  compact: {
    item: (read: boolean) => cn(!read && 'bg-primary/5'),
    button: () => 'hover:bg-accent focus-visible:bg-accent w-full px-4 py-3 transition-colors outline-none',
    dot: (read: boolean) => cn('mt-1.5', read ? 'bg-transparent' : 'bg-primary'),
    title: 'text-sm',
    message: 'mt-0.5 line-clamp-2',
    time: 'mt-1',
  },
  full: {
    item: (read: boolean) =>
      cn(
        'flex items-start gap-2 pr-3 transition-colors',
        read ? 'hover:bg-muted/60' : 'bg-primary/5 border-l-primary hover:bg-primary/10 border-l-4',
      ),
    button: (read: boolean) =>
      cn(
        'focus-visible:ring-ring/50 min-w-0 flex-1 py-4 outline-none focus-visible:ring-[3px] focus-visible:ring-inset',
        read ? 'pl-5' : 'pl-4',
      ),
    dot: (read: boolean) => cn('mt-2', read ? 'bg-muted-foreground/30' : 'bg-primary'),
    title: '',
    message: 'mt-1',
    time: 'mt-2',
  },
} satisfies Record<Variant, unknown>;

/** One notification: a button that opens it (title, message, date, unread mark), plus an optional action. */
export function NotificationItem({
  notification: n,
  variant,
  onOpen,
  action,
}: {
  notification: Notification;
  variant: Variant;
  onOpen: (notification: Notification) => void;
  action?: ReactNode;
}) {
  const s = styles[variant];
  const unread = !n.read || undefined;
  return (
    <li data-unread={unread} className={s.item(n.read)}>
      <button
        type="button"
        onClick={() => onOpen(n)}
        data-unread={unread}
        className={cn('flex cursor-pointer gap-3 text-left', s.button(n.read))}
      >
        <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', s.dot(n.read))} />
        <span className="min-w-0 flex-1">
          <span className={cn('block', s.title, n.read ? 'font-medium' : 'font-semibold')}>
            {n.title}
            {!n.read && <span className="sr-only"> (unread)</span>}
          </span>
          <span className={cn('text-muted-foreground block text-sm', s.message)}>
            {renderNotificationText(n.message)}
          </span>
          <time dateTime={n.createdAt} className={cn('text-muted-foreground block text-xs', s.time)}>
            {formatNotificationDate(n.createdAt)}
          </time>
        </span>
      </button>
      {action}
    </li>
  );
}
