import { NotificationLinkSchema, RECENT_LIMIT, type Notification } from '../../../shared/notifications.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { SessionRead } from '../../kept/session-memo.js';
import * as repo from './repo.js';
import { isoTime } from '../../lib/iso-time.js';

const NOT_FOUND = 'Notification not found.';

export interface NotifyInput {
  userId: number;
  title: string;
  message: string;
  /** What happened, e.g. 'welcome', 'referral_assigned', 'referral_status'. */
  type: string;
  /** A path inside the app the notification leads to. */
  link?: string | null;
}

export function toNotificationDto(row: repo.NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    link: row.link,
    read: row.read,
    createdAt: isoTime(row.createdAt),
  };
}

export interface NotifyHooks {
  /**
   * Runs in the notification's own transaction once it is stored (app-features.ts passes the mail feature's
   * in); if it throws, the notification is not kept either.
   */
  onNotified?: (tx: Db, event: { userId: number; notification: Notification }) => Promise<void>;
}

/** The one way other features tell a user something. Links must stay inside the app. */
export async function notify(db: Db, input: NotifyInput, hooks: NotifyHooks = {}): Promise<Notification> {
  const link = input.link == null ? null : NotificationLinkSchema.parse(input.link);
  const store = async (tx: Db) => {
    const row = await repo.insertNotification(tx, {
      userId: input.userId,
      title: input.title,
      message: input.message,
      type: input.type,
      link,
    });
    const notification = toNotificationDto(row);
    await hooks.onNotified?.(tx, { userId: input.userId, notification });
    return notification;
  };
  const { onNotified } = hooks;
  // Inside the caller's transaction this is a savepoint; on its own, a transaction of its own.
  return onNotified ? db.transaction((tx) => store(tx)) : store(db);
}

export const WELCOME_NOTIFICATION = {
  title: 'Welcome to ReferBridge!',
  message:
    'Complete your profile with your experience, education, skills and resume so referrers can vouch for you.',
  type: 'welcome',
  link: '/profile/edit',
} as const;

/** Sent once, when a user account is created on first sign-in. */
export function sendWelcomeNotification(
  db: Db,
  userId: number,
  hooks: NotifyHooks = {},
): Promise<Notification> {
  return notify(db, { userId, ...WELCOME_NOTIFICATION }, hooks);
}

export async function listForUser(
  db: Db,
  userId: number,
  page: { limit: number; before?: number },
): Promise<Notification[]> {
  const rows = await repo.listNotifications(db, userId, { limit: page.limit, beforeId: page.before });
  return rows.map(toNotificationDto);
}

export async function recentForUser(db: Db, userId: number): Promise<Notification[]> {
  const rows = await repo.listNotifications(db, userId, { limit: RECENT_LIMIT });
  return rows.map(toNotificationDto);
}

export async function unreadCount(db: Db, userId: number): Promise<{ count: number }> {
  return { count: await repo.countUnread(db, userId) };
}

/**
 * The auth feature's session rules (expiry, idle time, the hourly touch) around a query that reads the
 * session row by token hash along with its own answer; null when there is no live session.
 */
export type ReadSession = <Row extends { lastSeenAt: Date }>(
  token: string,
  read: (tokenHash: string, now: Date) => Promise<Row | undefined>,
) => Promise<Row | null>;

/** The auth feature's session rules the bell's poll needs (passed in by app-features.ts). */
export interface SessionRules {
  readSession: ReadSession;
  /** Until when a session, as read, stays as it is. */
  sessionUnchangedUntil: (session: { lastSeenAt: Date; expiresAt: Date }) => number;
}

/**
 * The bell's poll as the database answers it: the session and its user's unread count in one query, under
 * every session rule; null when no live session holds the token. The route asks it through a session memo.
 */
export async function readSessionCount(
  db: Db,
  sessionRules: SessionRules,
  token: string,
): Promise<SessionRead<number> | null> {
  const row = await sessionRules.readSession(token, (hash, now) => repo.countUnreadBySession(db, hash, now));
  if (!row) return null;
  return { userId: row.userId, value: row.count, readUntil: sessionRules.sessionUnchangedUntil(row) };
}

/**
 * Another user's id answers exactly like a missing one, so ids reveal nothing. One already read is
 * answered as it is: nothing is written and nothing announced to the user's open streams.
 */
export async function markRead(db: Db, userId: number, id: number): Promise<Notification> {
  const row = (await repo.markRead(db, userId, id)) ?? (await repo.findNotification(db, userId, id));
  if (!row) throw notFound(NOT_FOUND);
  return toNotificationDto(row);
}

/** With nothing unread, nothing is written and nothing announced. */
export async function markAllRead(db: Db, userId: number): Promise<{ updated: number }> {
  return { updated: await repo.markAllRead(db, userId) };
}

export async function remove(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await repo.deleteNotification(db, userId, id);
  if (!deleted) throw notFound(NOT_FOUND);
}

/** One of the user's notifications as the list shows it; undefined when gone or not theirs. */
export async function findForUser(db: Db, userId: number, id: number): Promise<Notification | undefined> {
  const row = await repo.findNotification(db, userId, id);
  return row && toNotificationDto(row);
}
