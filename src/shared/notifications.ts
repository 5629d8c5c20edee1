import { format } from 'date-fns';
import { z } from 'zod';
import { idSchema } from './ids.js';

/** docs/product.md, Data: a notification as the API sends it. */
export const NotificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.array(NotificationSchema);

export const UnreadCountSchema = z.object({ count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** The recent list (the bell's popup) holds the newest ten. */
export const RECENT_LIMIT = 10;
/** One page of the full list, and the most a client may ask for at once. */
export const NOTIFICATION_PAGE_SIZE = 50;
export const NOTIFICATION_MAX_PAGE_SIZE = 100;

export const NotificationIdParamsSchema = z.object({
  id: idSchema('The notification id must be a positive whole number.'),
});

/** GET /api/notifications: newest first; `before` is the id of the last item already shown. */
export const NotificationListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'The limit must be a whole number from 1 to 100.' })
    .int('The limit must be a whole number from 1 to 100.')
    .min(1, 'The limit must be a whole number from 1 to 100.')
    .max(NOTIFICATION_MAX_PAGE_SIZE, 'The limit must be a whole number from 1 to 100.')
    .default(NOTIFICATION_PAGE_SIZE),
  before: idSchema('The before cursor must be a notification id.').optional(),
});
export type NotificationListQuery = z.input<typeof NotificationListQuerySchema>;

/** A link a notification may carry: a path inside the app, never another site. */
export const NotificationLinkSchema = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'A notification link must be a path inside the app.');

export const MarkAllReadResultSchema = z.object({ updated: z.number().int().min(0) });

/** docs/product.md, Limits: 'Jan 5, 2025 3:04 PM' in the bell and 'MMM d, yyyy h:mm a' on the page — one pattern. */
export const NOTIFICATION_DATE_FORMAT = 'MMM d, yyyy h:mm a';

export function formatNotificationDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : format(date, NOTIFICATION_DATE_FORMAT);
}

/**
 * A moment inside a notification's text. It is kept as an ISO value, not as words, so that each reader sees
 * it in their own time zone: the browser formats it (renderNotificationText), and so does mail, in the
 * zone the user's browser gave at sign-in.
 */
export function notificationTime(at: Date): string {
  return `{{time:${at.toISOString()}}}`;
}

const TIME_TOKEN = /\{\{time:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)\}\}/g;

/** The text with each notificationTime written by `formatTime` (by default as the bell writes dates). */
export function renderNotificationText(
  text: string,
  formatTime: (at: Date) => string = formatNotificationDate,
): string {
  return text.replace(TIME_TOKEN, (_token, iso: string) => formatTime(new Date(iso)));
}

/** The bell's badge text: nothing at 0, the number up to 99, then '99+'. */
export function formatBadgeCount(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}

/**
 * Where a notification about a request takes its reader: the seeker's list of their requests, and the
 * referrer's incoming tab. Both the referrals and the admin features write them.
 */
export const SEEKER_LINK = '/my-referrals';
export const INCOMING_LINK = '/my-referrals?tab=incoming';
/** Where a referral bonus's reminder takes the referrer: their dashboard's Bonuses card (issue 50 item 5). */
export const REFERRER_BONUSES_LINK = '/referrer-dashboard';

/**
 * Whether a notification is news of the reader's own job hunt (issue 50 item 4,
 * docs/decisions/085-a-job-hunt-hidden-from-the-employer.md): every notice of their own requests leads to
 * SEEKER_LINK, and a watched company's news ('company_watch') to the request form. Such news is never mailed
 * to an address at the reader's current employer.
 */
export function isJobHuntNews(notification: { type: string; link: string | null }): boolean {
  return notification.link === SEEKER_LINK || notification.type === 'company_watch';
}
