import { and, asc, eq, gt } from 'drizzle-orm';
import { dailyLimitMessage } from '../../../../shared/request-limit.js';
import type { Db } from '../../../db/client.js';
import { referralRequests, userSettings } from '../../../db/schema.js';
import { tooManyRequests } from '../../../lib/errors.js';
import { lockUserRow } from '../rows/people.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The seeker's requests made since `since`, oldest first, at most `limit` of them (through
 * referral_requests (job_seeker_id, created_at)).
 */
export function recentRequestTimes(db: Db, seekerId: number, since: Date, limit: number) {
  return db
    .select({ createdAt: referralRequests.createdAt })
    .from(referralRequests)
    .where(and(eq(referralRequests.jobSeekerId, seekerId), gt(referralRequests.createdAt, since)))
    .orderBy(asc(referralRequests.createdAt))
    .limit(limit);
}

/**
 * docs/product.md, Limits: at most `perDay` new requests per seeker in any 24 hours, counted in the database.
 * Called first in the create transaction: the seeker's row stays locked until it commits, so parallel
 * submits are counted one after another and cannot pass the limit together. 429 with the time the oldest
 * of the day's requests leaves the window, in the sentence, in `retryAt` and as Retry-After.
 */
export async function enforceDailyLimit(tx: Db, seekerId: number, perDay: number, now = new Date()) {
  await lockUserRow(tx, seekerId);
  const recent = await recentRequestTimes(tx, seekerId, new Date(now.getTime() - DAY_MS), perDay);
  if (recent.length < perDay) return;
  const nextAt = new Date(recent[0]!.createdAt.getTime() + DAY_MS);
  const seconds = Math.max(1, Math.ceil((nextAt.getTime() - now.getTime()) / 1000));
  const [settings] = await tx
    .select({ timeZone: userSettings.timeZone })
    .from(userSettings)
    .where(eq(userSettings.userId, seekerId));
  throw tooManyRequests(dailyLimitMessage(perDay, nextAt, settings?.timeZone ?? null), seconds, {
    retryAt: nextAt.toISOString(),
  });
}
