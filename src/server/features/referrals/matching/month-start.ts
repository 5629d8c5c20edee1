import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { parseTimestamptz } from '../../../db/timestamptz.js';
import type { Db } from '../../../db/client.js';
import { oneByOne } from '../../../db/one-by-one.js';
import { userSettings } from '../../../db/schema.js';
import { monthStartInSql } from '../../../lib/referrer-sql.js';
import type { ReferralDeps } from '../ports.js';
import { assignWaitingRequests, readSupply } from './matching.js';

/** Capped referrers looked at per sweep: the rest wait for the next one. */
const MONTH_START_BATCH = 200;

/**
 * One referrer with a monthly cap whose calendar month (in their time zone) has begun since the sweep last
 * handed them waiting requests, locked (SKIP LOCKED, as another instance's sweep may be looking too).
 */
export async function claimNewCapMonth(tx: Db, now: Date): Promise<number | undefined> {
  const [row] = await tx
    .select({ userId: userSettings.userId })
    .from(userSettings)
    .where(
      and(
        isNotNull(userSettings.monthlyReferralCap),
        or(
          isNull(userSettings.capMonthHandedOutAt),
          lt(userSettings.capMonthHandedOutAt, monthStartInSql(now)),
        ),
      ),
    )
    .limit(1)
    .for('update', { skipLocked: true });
  return row?.userId;
}

/** The instant the user's calendar month began at `now`, in their time zone. */
async function monthStartOf(tx: Db, userId: number, now: Date): Promise<Date> {
  const [row] = await tx
    .select({ start: sql<unknown>`${monthStartInSql(now)}` })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  if (!row) return now;
  return row.start instanceof Date ? row.start : parseTimestamptz(String(row.start));
}

/**
 * On the referral sweep: a referrer at their monthly cap has room again when their next month begins, and
 * gets the requests that waited at their company meanwhile, as when a pause ends (up to their capacity and
 * their new month's cap). Each capped referrer is looked at once a month. Answers how many were looked at.
 */
export async function startCapMonths(
  db: Db,
  deps: ReferralDeps,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  return oneByOne(db, { limit: MONTH_START_BATCH, signal }, async (tx) => {
    const userId = await claimNewCapMonth(tx, now);
    if (userId === undefined) return false;
    // Where they stood as the month began: at their cap, or not (issue 49 item 1).
    const before = await readSupply(
      tx,
      deps,
      userId,
      new Date((await monthStartOf(tx, userId, now)).getTime() - 1),
    );
    await tx.update(userSettings).set({ capMonthHandedOutAt: now }).where(eq(userSettings.userId, userId));
    await assignWaitingRequests(tx, deps, userId, now, before);
    return true;
  });
}
