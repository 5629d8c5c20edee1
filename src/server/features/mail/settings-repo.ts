import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userSettings, users } from '../../db/schema.js';

/** A user's sign-in address and whether they want mail; undefined when there is no such user. */
export async function findMailRecipient(
  db: Db,
  userId: number,
): Promise<{ email: string; emailNotifications: boolean } | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      emailNotifications: sql<boolean>`coalesce(${userSettings.emailNotifications}, true)`,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function upsertEmailNotifications(db: Db, userId: number, on: boolean): Promise<boolean> {
  const [row] = await db
    .insert(userSettings)
    .values({ userId, emailNotifications: on })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { emailNotifications: on, updatedAt: sql`now()` },
    })
    .returning({ emailNotifications: userSettings.emailNotifications });
  return row!.emailNotifications;
}
