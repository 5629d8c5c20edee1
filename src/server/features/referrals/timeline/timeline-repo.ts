import { and, asc, between, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { preparedPerDb } from '../../../db/prepared.js';
import { referralRequests, referralStatusChanges, referrals, users } from '../../../db/schema.js';

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
 * The requests a list page shows are contiguous in their owner's order (newest first by id), so a page is
 * named by its owner and its first and last request ids: the seeker's requests in that range, or the
 * referrer's referrals on requests in it. Scalars, not an id array: PostgreSQL planned a statement on an
 * array parameter afresh on every call (a short array always looked cheaper than the generic plan), which
 * cost more than running it (docs/performance.md).
 */
export type TimelinePage =
  { seekerId: number; fromId: number; toId: number } | { referrerId: number; fromId: number; toId: number };

/**
 * Every referral of a page's requests (or only the referrer's), with each status change, in order; one
 * query through referral_requests_seeker_newest_idx (or referrals_referrer_request_idx), referrals_request_idx
 * and referral_status_changes_referral_idx.
 */
function timelineQuery(db: Db, ofReferrer: boolean) {
  const fromReferrals = db
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
    .$dynamic();
  const range = ofReferrer
    ? {
        referrerId: sql.placeholder('referrerId'),
        fromId: sql.placeholder('fromId'),
        toId: sql.placeholder('toId'),
      }
    : {
        seekerId: sql.placeholder('seekerId'),
        fromId: sql.placeholder('fromId'),
        toId: sql.placeholder('toId'),
      };
  return timelineRowsOf(fromReferrals, range).orderBy(
    asc(referrals.id),
    sql`${referralStatusChanges.id} asc nulls first`,
  );
}

/** A TimelinePage whose values are a statement's: placeholders, or SQL. */
type TimelineRange =
  | { seekerId: SQLWrapper; fromId: SQLWrapper; toId: SQLWrapper }
  | { referrerId: SQLWrapper; fromId: SQLWrapper; toId: SQLWrapper };

/**
 * The rows a page's timelines are read from: the one FROM and WHERE of the timelines.
 */
function timelineRowsOf<Query extends PgSelect>(fromReferrals: Query, range: TimelineRange) {
  const joined = fromReferrals
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .leftJoin(referralStatusChanges, eq(referralStatusChanges.referralId, referrals.id));
  // The range where the index can start from it: after the owner in each index's columns.
  return 'referrerId' in range
    ? joined.where(
        and(
          eq(referrals.referrerId, range.referrerId),
          between(referrals.requestId, range.fromId, range.toId),
        ),
      )
    : joined
        .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
        .where(
          and(
            eq(referralRequests.jobSeekerId, range.seekerId),
            between(referralRequests.id, range.fromId, range.toId),
          ),
        );
}

const timelines = {
  ofSeeker: preparedPerDb((db) => timelineQuery(db, false).prepare('request_timelines')),
  ofReferrer: preparedPerDb((db) => timelineQuery(db, true).prepare('referrer_request_timelines')),
};

/** Every referral of a page's requests (or only the referrer's), with each status change, in order. */
export async function listTimelineRows(db: Db, page: TimelinePage): Promise<TimelineRow[]> {
  const rows =
    'seekerId' in page
      ? await timelines.ofSeeker(db).execute(page)
      : await timelines.ofReferrer(db).execute(page);
  return rows.map(({ changeId, changeStatus, changeNote, changeAt, ...row }) => ({
    ...row,
    change:
      changeId !== null && changeStatus !== null && changeAt !== null
        ? { status: changeStatus, note: changeNote, at: changeAt }
        : null,
  }));
}
