import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { referralRequests, referrals, userBlocks, users } from '../../../db/schema.js';
import { openReferralsWhere } from '../rows/referrals.js';

/** Adds the block; answers false when it was there already. */
export async function insertBlock(tx: Db, blockerId: number, blockedId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(userBlocks)
    .values({ blockerId, blockedId, createdAt: at })
    .onConflictDoNothing()
    .returning({ blockerId: userBlocks.blockerId });
  return rows.length > 0;
}

/** Lifts the block; answers false when there was none. */
export async function deleteBlock(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const rows = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .returning({ blockedId: userBlocks.blockedId });
  return rows.length > 0;
}

/** The blocks `blockerId` made, newest first, with the blocked person's name. */
export async function blocksBy(db: Db, blockerId: number) {
  return db
    .select({ userId: userBlocks.blockedId, fullName: users.fullName, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId));
}

export async function isBlocking(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return rows.length > 0;
}

/** The open (pending or accepted) current referrals between the two, in either role, by request. */
export async function openReferralsBetween(tx: Db, a: number, b: number) {
  return openReferralsWhere(
    tx,
    or(
      and(eq(referrals.referrerId, a), eq(referralRequests.jobSeekerId, b)),
      and(eq(referrals.referrerId, b), eq(referralRequests.jobSeekerId, a)),
    ),
  );
}
