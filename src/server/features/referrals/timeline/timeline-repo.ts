import { and, asc, between, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { preparedPerDb } from '../../../db/prepared.js';
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
 * A request's history as a row carries it (historyOf): one JSON array a referral's status change
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
 * A column for a query of requests: every referral of the row's request (or only `referrerId`'s), with each
 * status change, as HistoryCells in no particular order (historyRows orders them), through
 * referrals_request_idx and referral_status_changes_referral_idx. For the reads of one request or one
 * user's (the admin's view, the export); not the lists': per row, building and reading the JSON cost the
 * crowd more (PostgreSQL's CPU half as much again on a list, PGlite's two fifths) than the page's second
 * round trip (listTimelineRows) it saved.
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
