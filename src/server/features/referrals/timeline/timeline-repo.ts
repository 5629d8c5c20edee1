import { and, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { referralRequests, referralStatusChanges, referrals, users } from '../../../db/schema.js';
import { parseTimestamptz } from '../../../db/timestamptz.js';

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
 * A request's history as its list row carries it (historyOf): one JSON array a referral's status change
 * (or a referral without one), times as PostgreSQL writes them in text.
 */
export type HistoryCell = [
  referralId: number,
  referrerId: number,
  referrerName: string,
  assignedAt: string,
  supersededAt: string | null,
  status: string,
  declineReason: string | null,
  feedback: string | null,
  changeId: number | null,
  changeStatus: string | null,
  changeNote: string | null,
  changeAt: string | null,
];

// Aliased: the lists' own query joins referrals and users. In a sql template an alias names only itself, so
// the FROM below names each table and its alias.
const historyReferrals = alias(referrals, 'history_referrals');
const historyReferrers = alias(users, 'history_referrers');

/**
 * A column for the lists' query: every referral of the row's request (or only `referrerId`'s), with each
 * status change, as HistoryCells in no particular order (historyRows orders them). Read in the same
 * statement as the cards, through referrals_request_idx and referral_status_changes_referral_idx: a second
 * query for the page's timelines was a second round trip on every list read, the crowd's largest call.
 */
export function historyOf(requestId: SQLWrapper, referrerId?: SQLWrapper): SQL<HistoryCell[]> {
  const r = historyReferrals;
  const ofReferrer = referrerId === undefined ? sql`` : sql` and ${r.referrerId} = ${referrerId}`;
  // Nested in a second sql: drizzle names a column unqualified where it stands directly in the selection of
  // a query from one table (a request's own history, requestHistoryRows), and here that would be ambiguous.
  const subquery = sql`(select coalesce(json_agg(json_build_array(
    ${r.id}, ${r.referrerId}, ${historyReferrers.fullName}, ${r.createdAt}::text, ${r.supersededAt}::text,
    ${r.status}, ${r.declineReason}, ${r.feedback}, ${referralStatusChanges.id}, ${referralStatusChanges.status},
    ${referralStatusChanges.note}, ${referralStatusChanges.at}::text)), '[]')
  from ${referrals} ${sql.identifier('history_referrals')}
  inner join ${users} ${sql.identifier('history_referrers')} on ${eq(historyReferrers.id, r.referrerId)}
  left join ${referralStatusChanges} on ${eq(referralStatusChanges.referralId, r.id)}
  where ${r.requestId} = ${requestId}${ofReferrer})`;
  return sql<HistoryCell[]>`${subquery}`;
}

/** A request's history cells as rows, in order: by referral, each one's changes oldest first. */
export function historyRows(requestId: number, cells: readonly HistoryCell[]): TimelineRow[] {
  return [...cells]
    .sort((a, b) => a[0] - b[0] || (a[8] ?? -1) - (b[8] ?? -1))
    .map(
      ([
        referralId,
        referrerId,
        referrerName,
        assignedAt,
        supersededAt,
        status,
        declineReason,
        feedback,
        changeId,
        changeStatus,
        changeNote,
        changeAt,
      ]) => ({
        requestId,
        referralId,
        referrerId,
        referrerName,
        assignedAt: parseTimestamptz(assignedAt),
        supersededAt: supersededAt === null ? null : parseTimestamptz(supersededAt),
        status,
        declineReason,
        feedback,
        change:
          changeId !== null && changeStatus !== null && changeAt !== null
            ? { status: changeStatus, note: changeNote, at: parseTimestamptz(changeAt) }
            : null,
      }),
    );
}

/** One request's history alone (not in a list's row), as rows in order: its historyOf, read by its id. */
export async function requestHistoryRows(db: Db, requestId: number): Promise<TimelineRow[]> {
  const [row] = await db
    .select({ history: historyOf(referralRequests.id) })
    .from(referralRequests)
    .where(eq(referralRequests.id, requestId));
  return historyRows(requestId, row?.history ?? []);
}

/**
 * The user's requests as a seeker (every referral's history) and the requests of the referrals they held
 * (their own referrals' history alone), none retention erased: what the account export's notes are read from.
 */
export async function userHistories(db: Db, userId: number) {
  const notErased = isNull(referralRequests.erasedAt);
  const held = db.select({ id: referrals.requestId }).from(referrals).where(eq(referrals.referrerId, userId));
  const [asSeeker, asReferrer] = await Promise.all([
    db
      .select({
        id: referralRequests.id,
        status: referralRequests.status,
        history: historyOf(referralRequests.id),
      })
      .from(referralRequests)
      .where(and(eq(referralRequests.jobSeekerId, userId), notErased)),
    db
      .select({
        id: referralRequests.id,
        status: referralRequests.status,
        history: historyOf(referralRequests.id, sql`${userId}`),
      })
      .from(referralRequests)
      .where(and(inArray(referralRequests.id, held), notErased)),
  ]);
  return { asSeeker, asReferrer };
}
