import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { REFERRAL_ENDINGS } from '../../../../shared/referral-status.js';
import type { Db } from '../../../db/client.js';
import { referralRequests, referrals } from '../../../db/schema.js';
import { recordStatusChange } from '../rows/referrals.js';

/** The liveness sweep's queries (docs/decisions/032-job-postings.md). */

/** Spelled as index referral_requests_job_next_check_idx's predicate, so the claim is an index scan. */
const OPEN_REQUEST = sql`${referralRequests.status} in ('pending', 'accepted', 'changes_requested')`;

export interface DueCheck {
  id: number;
  jobUrl: string;
}

/** Up to `limit` open requests whose posting is due at `now`, soonest first, locked, skipping locked ones. */
export function dueChecksQuery(tx: Db, now: Date, limit: number) {
  return tx
    .select({ id: referralRequests.id })
    .from(referralRequests)
    .where(and(OPEN_REQUEST, lte(referralRequests.jobNextCheckAt, now)))
    .orderBy(asc(referralRequests.jobNextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Claims the due rows (dueChecksQuery) by moving their next reading an interval on (less up to a tenth, so
 * requests due together drift apart). SKIP LOCKED: another instance's claim of a row makes this one take
 * the next, so each row is read once.
 */
export async function claimDueChecks(
  tx: Db,
  now: Date,
  intervalMs: number,
  limit: number,
): Promise<DueCheck[]> {
  const at = now.toISOString();
  return tx
    .update(referralRequests)
    .set({
      jobNextCheckAt: sql`${at}::timestamptz + (${intervalMs}::double precision * (0.9 + random() / 10)) * interval '1 millisecond'`,
    })
    .where(
      and(
        inArray(referralRequests.id, dueChecksQuery(tx, now, limit)),
        lte(referralRequests.jobNextCheckAt, now),
      ),
    )
    .returning({ id: referralRequests.id, jobUrl: referralRequests.jobUrl });
}

/** Claimed rows that were not read after all (the sweep stopped): due again at `at`. */
export async function releaseChecks(db: Db, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(referralRequests).set({ jobNextCheckAt: at }).where(inArray(referralRequests.id, ids));
}

/** The request's current referral, if still open, ends with the posting; answers it. */
export async function closeCurrentReferral(tx: Db, requestId: number, at: Date) {
  const [row] = await tx
    .update(referrals)
    .set({ status: 'job_closed', updatedAt: at })
    .where(
      and(
        eq(referrals.requestId, requestId),
        isNull(referrals.supersededAt),
        inArray(referrals.status, [...REFERRAL_ENDINGS.job_closed]),
      ),
    )
    .returning({ id: referrals.id, referrerId: referrals.referrerId });
  if (row) await recordStatusChange(tx, { referralId: row.id, status: 'job_closed', note: null, at });
  return row;
}

/** Marks the seeker told of a posting unknown for long; true only for the first of racing marks. */
export async function flagUnknownPosting(tx: Db, requestId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(referralRequests)
    .set({ jobUnknownFlaggedAt: at })
    .where(and(eq(referralRequests.id, requestId), isNull(referralRequests.jobUnknownFlaggedAt)))
    .returning({ id: referralRequests.id });
  return rows.length > 0;
}
