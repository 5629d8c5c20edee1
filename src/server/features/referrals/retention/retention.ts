import { notificationTime } from '../../../../shared/notifications.js';
import type { Db } from '../../../db/client.js';
import { inBatches } from '../../../db/one-by-one.js';
import { SEEKER_LINK } from '../matching/matching.js';
import type { ReferralDeps } from '../ports.js';
import { claimErasureNotices, claimErasures, eraseRequests } from './retention-repo.js';

/** Work per transaction, and at most this many transactions per sweep: the rest waits for the next one. */
const NOTICE_BATCH = 100;
const ERASE_BATCH = 50;
const MAX_BATCHES = 20;

const DAY_MS = 24 * 3600 * 1000;
/** The notice goes 14 days before, or 14/180 of a shorter RETENTION_AFTER_CLOSE before. */
const NOTICE_DAYS = 14;
const DEFAULT_RETENTION_DAYS = 180;

export interface RetentionResult {
  /** Seekers told that a closed request of theirs will be erased. */
  erasureNoticed: number;
  /** Closed requests whose free text, thread and referrer access were erased. */
  erased: number;
}

/** How long before the erasure the seeker is told (docs/decisions/036-retention.md). */
export function erasureNoticeMs(retentionMs: number): number {
  return Math.min(NOTICE_DAYS * DAY_MS, Math.round((retentionMs * NOTICE_DAYS) / DEFAULT_RETENTION_DAYS));
}

function before(now: Date, ms: number): Date | undefined {
  const at = new Date(now.getTime() - ms);
  // A RETENTION_AFTER_CLOSE past the calendar's end erases nothing.
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * Issue 24 item 11 (docs/decisions/036-retention.md), on the referral sweep as of `now`. A request closed
 * RETENTION_AFTER_CLOSE minus the notice lead ago tells its seeker once when it will be erased; once the
 * period has passed and the notice is at least the lead old, its free text and thread are erased and its
 * referrers lose the applicant. So a request never goes without notice, even one that closed long before
 * this rule (the migration's backfill) or while the sweep was down: its date moves to the notice plus lead.
 */
export async function runRetention(
  db: Db,
  deps: ReferralDeps,
  now: Date,
  signal?: AbortSignal,
): Promise<RetentionResult> {
  const lead = erasureNoticeMs(deps.retentionMs);
  const noticeDue = before(now, deps.retentionMs - lead);
  const eraseDue = before(now, deps.retentionMs);
  const noticedBefore = before(now, lead);
  if (!noticeDue || !eraseDue || !noticedBefore) return { erasureNoticed: 0, erased: 0 };

  const erasureNoticed = await inBatches(
    db,
    { size: NOTICE_BATCH, maxBatches: MAX_BATCHES, signal },
    async (tx) => {
      const claimed = await claimErasureNotices(tx, noticeDue, now, NOTICE_BATCH);
      for (const request of claimed) {
        const on = Math.max(request.closedAt.getTime() + deps.retentionMs, now.getTime() + lead);
        await deps.notify(tx, {
          userId: request.jobSeekerId,
          title: 'Request details will be erased',
          message: `Your request for ${request.position} at ${request.companyName} will be erased on ${notificationTime(new Date(on))}. Its message, notes and messages will be deleted, and referrers will no longer see your profile or résumé for it. You keep a line with the position, company, status and dates.`,
          type: 'referral_retention',
          link: SEEKER_LINK,
        });
      }
      return claimed.length;
    },
  );

  const erased = await inBatches(db, { size: ERASE_BATCH, maxBatches: MAX_BATCHES, signal }, async (tx) => {
    const ids = await claimErasures(tx, eraseDue, noticedBefore, ERASE_BATCH);
    await eraseRequests(tx, ids, now);
    return ids.length;
  });
  return { erasureNoticed, erased };
}
