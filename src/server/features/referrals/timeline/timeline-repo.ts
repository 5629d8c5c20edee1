import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { preparedPerDb } from '../../../db/prepared.js';
import { referralStatusChanges, referrals, users } from '../../../db/schema.js';

/** One status a referral took, with the note given with it; written in the transaction of the change. */
export async function recordStatusChange(
  tx: Db,
  change: { referralId: number; status: string; note: string | null; at: Date },
): Promise<void> {
  await tx.insert(referralStatusChanges).values(change);
}

export interface TimelineRow {
  requestId: number;
  referralId: number;
  referrerId: number;
  referrerName: string;
  assignedAt: Date;
  supersededAt: Date | null;
  /** The referral's status now: a referral passed on without an answer is still pending or accepted. */
  status: string;
  /** The referral's decline reason and latest note, for the seeker's hand-off history. */
  declineReason: string | null;
  feedback: string | null;
  change: { status: string; note: string | null; at: Date } | null;
}

/**
 * Every referral of the requests in `ids` (or only the `referrerId`'s), with each status change, in order;
 * one query through referrals_request_idx and referral_status_changes_referral_idx. The ids are one array
 * parameter, so the query is built and parsed once per handle however many a page holds.
 */
function timelineQuery(db: Db, ofReferrer: boolean) {
  return db
    .select({
      requestId: referrals.requestId,
      referralId: referrals.id,
      referrerId: referrals.referrerId,
      referrerName: users.fullName,
      assignedAt: referrals.createdAt,
      supersededAt: referrals.supersededAt,
      status: referrals.status,
      declineReason: referrals.declineReason,
      feedback: referrals.feedback,
      changeId: referralStatusChanges.id,
      changeStatus: referralStatusChanges.status,
      changeNote: referralStatusChanges.note,
      changeAt: referralStatusChanges.at,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .leftJoin(referralStatusChanges, eq(referralStatusChanges.referralId, referrals.id))
    .where(
      and(
        sql`${referrals.requestId} = any(${sql.placeholder('ids')}::int[])`,
        ofReferrer ? eq(referrals.referrerId, sql.placeholder('referrerId')) : undefined,
      ),
    )
    .orderBy(asc(referrals.id), sql`${referralStatusChanges.id} asc nulls first`);
}

const timelines = {
  all: preparedPerDb((db) => timelineQuery(db, false).prepare('request_timelines')),
  ofReferrer: preparedPerDb((db) => timelineQuery(db, true).prepare('referrer_request_timelines')),
};

/** Every referral of these requests (or only `referrerId`'s), with each status change, in order. */
export async function listTimelineRows(
  db: Db,
  requestIds: number[],
  referrerId?: number,
): Promise<TimelineRow[]> {
  if (requestIds.length === 0) return [];
  const rows =
    referrerId === undefined
      ? await timelines.all(db).execute({ ids: requestIds })
      : await timelines.ofReferrer(db).execute({ ids: requestIds, referrerId });
  return rows.map(({ changeId, changeStatus, changeNote, changeAt, ...row }) => ({
    ...row,
    change:
      changeId !== null && changeStatus !== null && changeAt !== null
        ? { status: changeStatus, note: changeNote, at: changeAt }
        : null,
  }));
}
