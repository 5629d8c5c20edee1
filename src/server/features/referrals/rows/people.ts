import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { referralRequests, referrals, userBlocks, users, type UserRow } from '../../../db/schema.js';

/** The user row's lock, and what holds between two people: a block, a request they share. */

/**
 * Holds the user's row for the transaction. NO KEY UPDATE, not UPDATE: inserting a referral takes a key
 * share lock on its referrer's user row, which a plain FOR UPDATE would block (and could deadlock with).
 */
export async function lockUserRow(tx: Db, userId: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  return row;
}

/**
 * True in SQL when either user blocked the other (docs/decisions/039-running-the-marketplace.md): matching
 * skips such a pair both ways.
 */
export function blockedEitherWay(a: AnyPgColumn | number, b: AnyPgColumn | number): SQL {
  return sql`exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b}) or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a}))`;
}

/**
 * Issue 25: whether two users share a request: one is its seeker and the other held a referral for it, now
 * or earlier. Answers one such request id (the given one, if it qualifies), or null.
 */
export async function sharedRequest(
  db: Db,
  userId: number,
  otherId: number,
  requestId?: number | null,
): Promise<number | null> {
  const pair = or(
    and(eq(referralRequests.jobSeekerId, userId), eq(referrals.referrerId, otherId)),
    and(eq(referralRequests.jobSeekerId, otherId), eq(referrals.referrerId, userId)),
  );
  const [row] = await db
    .select({ id: referralRequests.id })
    .from(referrals)
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .where(requestId == null ? pair : and(pair, eq(referralRequests.id, requestId)))
    .orderBy(desc(referralRequests.id))
    .limit(1);
  return row?.id ?? null;
}
