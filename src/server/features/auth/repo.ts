import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { identities, sessions, users } from '../../db/schema.js';

import type { UserRow } from '../../db/schema.js';

export interface IdentityClaims {
  issuer: string;
  subject: string;
  email: string;
  fullName: string;
  picture: string | null;
}

/** Finds the user behind (issuer, subject), creating user and identity on first sign-in (`created`). */
export async function upsertUserByIdentity(
  db: Db,
  claims: IdentityClaims,
): Promise<{ user: UserRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ user: users })
      .from(identities)
      .innerJoin(users, eq(users.id, identities.userId))
      .where(and(eq(identities.issuer, claims.issuer), eq(identities.subject, claims.subject)));
    if (existing) {
      const [updated] = await tx
        .update(users)
        .set({
          email: claims.email,
          profilePicture: claims.picture ?? existing.user.profilePicture,
          updatedAt: new Date(),
        })
        .where(eq(users.id, existing.user.id))
        .returning();
      return { user: updated!, created: false };
    }
    const [user] = await tx
      .insert(users)
      .values({
        username: claims.email.split('@')[0] || claims.subject,
        email: claims.email,
        fullName: claims.fullName,
        profilePicture: claims.picture,
      })
      .returning();
    // A concurrent first sign-in of the same identity loses here on the unique index and rolls back.
    await tx.insert(identities).values({
      userId: user!.id,
      issuer: claims.issuer,
      subject: claims.subject,
      email: claims.email,
    });
    return { user: user!, created: true };
  });
}

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

// Every signed-in request asks this first.
const liveSession = preparedPerDb((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // A suspension deletes the user's sessions; this also covers one a sign-in made at that moment.
        isNull(users.suspendedAt),
      ),
    )
    .prepare('find_live_session'),
);

export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await liveSession(db).execute({ tokenHash, now });
  return row;
}

export async function touchSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Removes sessions past their absolute expiry or idle since before `idleSince`. */
export async function deleteStaleSessions(db: Db, now: Date, idleSince: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)));
}
