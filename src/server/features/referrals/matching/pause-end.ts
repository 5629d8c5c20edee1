import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { oneByOne } from '../../../db/one-by-one.js';
import { userSettings } from '../../../db/schema.js';
import { pausedInSql } from '../../../lib/referrer-sql.js';
import type { ReferralDeps } from '../ports.js';
import { assignWaitingRequests } from './matching.js';

/** Pause ends per sweep: the rest wait for the next one. */
const PAUSE_END_BATCH = 200;
const DAY_MS = 86_400_000;

/**
 * One pause that has ended at `now` in its owner's time zone, locked (SKIP LOCKED). The partial index finds
 * candidates by date: no zone is more than a day ahead of UTC, so an ended pause is dated UTC tomorrow at the
 * latest; the zone rule then decides.
 */
export async function claimEndedPause(tx: Db, now: Date): Promise<number | undefined> {
  const latest = new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10);
  const [row] = await tx
    .select({ userId: userSettings.userId })
    .from(userSettings)
    .where(
      and(
        isNotNull(userSettings.referralsPausedUntil),
        lte(userSettings.referralsPausedUntil, latest),
        sql`not ${pausedInSql(now)}`,
      ),
    )
    .limit(1)
    .for('update', { skipLocked: true });
  return row?.userId;
}

/**
 * Issue 25 item 9, on the referral sweep: a pause whose day has begun is cleared (the setting reads null
 * again), and the referrer gets the waiting requests at their company, as when they turn willing. Answers
 * how many pauses ended.
 */
export async function endPauses(
  db: Db,
  deps: ReferralDeps,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  return oneByOne(db, { limit: PAUSE_END_BATCH, signal }, async (tx) => {
    const userId = await claimEndedPause(tx, now);
    if (userId === undefined) return false;
    await tx
      .update(userSettings)
      .set({ referralsPausedUntil: null, updatedAt: now })
      .where(eq(userSettings.userId, userId));
    // Paused until now: they took requests nowhere.
    await assignWaitingRequests(tx, deps, userId, now, null);
    return true;
  });
}
