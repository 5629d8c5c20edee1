import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { notifications, sessions } from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'userId' | 'title' | 'message' | 'type' | 'link'
>;

export async function insertNotification(db: Db, row: NewNotification): Promise<NotificationRow> {
  const [inserted] = await db.insert(notifications).values(row).returning();
  return inserted!;
}

const newestFirst = [desc(notifications.createdAt), desc(notifications.id)] as const;

/**
 * One page of a user's notifications, newest first. `beforeId` is a keyset cursor: the page starts after
 * that notification of the same user. The cursor row is read inside the query so timestamps keep their
 * full database precision; a cursor that is not this user's matches nothing.
 */
export async function listNotifications(
  db: Db,
  userId: number,
  { limit, beforeId }: { limit: number; beforeId?: number },
): Promise<NotificationRow[]> {
  const afterCursor =
    beforeId === undefined
      ? undefined
      : sql`(${notifications.createdAt}, ${notifications.id}) < (
          select c.created_at, c.id from ${notifications} c where c.id = ${beforeId} and c.user_id = ${userId}
        )`;
  if (!afterCursor) return firstPage(db).execute({ userId, limit });
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), afterCursor))
    .orderBy(...newestFirst)
    .limit(limit);
}

// The first page is the bell's popup and the page's first screen; later pages are rarer.
const firstPage = preparedPerDb((db) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare('first_notification_page'),
);

export async function findNotification(
  db: Db,
  userId: number,
  id: number,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

// The bell polls this (and every change pushes it): the hottest read there is.
const unreadCount = preparedPerDb((db) =>
  db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), eq(notifications.read, false)))
    .prepare('count_unread_notifications'),
);

export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await unreadCount(db).execute({ userId });
  return row?.count ?? 0;
}

// The bell's poll in one round trip: the session (by token hash, unexpired) and its user's unread count.
const unreadCountBySession = preparedPerDb((db) =>
  db
    .select({
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      // Spelled out with an alias: in a select list drizzle leaves columns unqualified, and an unqualified
      // user_id inside the subquery would name the notification's own.
      count: sql<number>`(
        select count(*) from ${notifications} n where n.user_id = ${sessions}.user_id and not n.read
      )`.mapWith(Number),
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('count_unread_notifications_by_session'),
);

/** The live session with this token hash, and its user's unread count; undefined for no such session. */
export async function countUnreadBySession(db: Db, tokenHash: string, now: Date) {
  const [row] = await unreadCountBySession(db).execute({ tokenHash, now });
  return row;
}

/**
 * Marks one of the user's unread notifications read; undefined when it is not theirs, does not exist or is
 * read already (then no row is written).
 */
export async function markRead(db: Db, userId: number, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning();
  return row;
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Deletes one of the user's notifications; false when it is not theirs or does not exist. */
export async function deleteNotification(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
