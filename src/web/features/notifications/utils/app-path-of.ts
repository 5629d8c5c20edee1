import { NotificationLinkSchema, type Notification } from '@shared/notifications';

/** Where clicking a notification leads: its link when that is a path inside the app, else nowhere. */
export function appPathOf(notification: Notification): string | null {
  return notification.link && NotificationLinkSchema.safeParse(notification.link).success
    ? notification.link
    : null;
}
