import { inArray, sql } from 'drizzle-orm';
import { RECORD_MIN_ASKED, type ReferrerRecord } from '../../../../shared/referrer-record.js';
import type { Db } from '../../../db/client.js';
import { referrals } from '../../../db/schema.js';

/** What the referrals table says about one referrer (docs/decisions/037-referrer-record.md). */
export interface RecordCounts {
  asked: number;
  answeredInTime: number;
  /** Null when nothing was answered yet. */
  medianSecondsToAnswer: number | null;
  submitted: number;
  confirmed: number;
  notReceived: number;
}

const EMPTY: RecordCounts = {
  asked: 0,
  answeredInTime: 0,
  medianSecondsToAnswer: null,
  submitted: 0,
  confirmed: 0,
  notReceived: 0,
};

/**
 * Every listed referrer's record in one grouped read of their referrals: due an answer (answered, or
 * expired without one), answered before `responseMs` ran out, the median time to answer, submitted, and
 * the seekers' confirmations. Referrals still pending, or ended before an answer was due (withdrawn, posting
 * closed), do not count either way. Referrers with no referral get an empty record. The time to answer
 * counts from when the referral last became pending: a seeker's resubmit after changes starts it afresh
 * (docs/decisions/084-changes-requested.md).
 */
export async function readRecords(
  db: Db,
  referrerIds: readonly number[],
  responseMs: number,
): Promise<Map<number, RecordCounts>> {
  const records = new Map<number, RecordCounts>(referrerIds.map((id) => [id, EMPTY]));
  if (referrerIds.length === 0) return records;
  const rows = await db
    .select({
      referrerId: referrals.referrerId,
      asked:
        sql<number>`count(*) filter (where ${referrals.answeredAt} is not null or ${referrals.status} = 'expired')`.mapWith(
          Number,
        ),
      answeredInTime:
        sql<number>`count(*) filter (where ${referrals.answeredAt} <= ${referrals.pendingSince} + ${responseMs}::double precision * interval '1 millisecond')`.mapWith(
          Number,
        ),
      // percentile_cont skips the nulls of the unanswered.
      medianSeconds: sql<
        string | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${referrals.answeredAt} - ${referrals.pendingSince}))`,
      submitted: sql<number>`count(${referrals.submittedAt})`.mapWith(Number),
      confirmed: sql<number>`count(*) filter (where ${referrals.seekerConfirmation} = 'received')`.mapWith(
        Number,
      ),
      notReceived:
        sql<number>`count(*) filter (where ${referrals.seekerConfirmation} = 'not_received')`.mapWith(Number),
    })
    .from(referrals)
    .where(inArray(referrals.referrerId, [...referrerIds]))
    .groupBy(referrals.referrerId);
  for (const { referrerId, medianSeconds, ...counts } of rows) {
    records.set(referrerId, {
      ...counts,
      medianSecondsToAnswer: medianSeconds === null ? null : Number(medianSeconds),
    });
  }
  return records;
}

/** Below RECORD_MIN_ASKED a record says nothing yet, for or against the referrer. */
export function isThin(counts: RecordCounts): boolean {
  return counts.asked < RECORD_MIN_ASKED;
}

/** The referrer's own view: counts always, the rate and median only once the record is not thin. */
export function toReferrerRecord(counts: RecordCounts): ReferrerRecord {
  const thin = isThin(counts);
  const seconds = counts.medianSecondsToAnswer;
  return {
    asked: counts.asked,
    answeredInTime: counts.answeredInTime,
    medianHoursToAnswer: thin || seconds === null ? null : Math.round(seconds / 360) / 10,
    submitted: counts.submitted,
    confirmedSubmissions: counts.confirmed,
    notReceived: counts.notReceived,
    thin,
  };
}

/** A good record answers at least this share of its requests in time. */
const GOOD_IN_TIME_SHARE = 0.8;

/**
 * The record's place in the matching order, smaller first: 0 a good record, 1 a thin one (new referrers
 * still get requests), 2 a poor one. Good: at least 80 % answered in time, a median answer within half the
 * response time, and no more seekers saying nothing arrived than saying it did (once two have said so).
 * Tiers rather than a score, so that equally good referrers still share the load by open referrals.
 */
export function recordTier(counts: RecordCounts, responseMs: number): 0 | 1 | 2 {
  if (isThin(counts)) return 1;
  const inTime = counts.answeredInTime / counts.asked >= GOOD_IN_TIME_SHARE;
  const quick =
    counts.medianSecondsToAnswer !== null && counts.medianSecondsToAnswer * 1000 <= responseMs / 2;
  const arrives = counts.notReceived < 2 || counts.notReceived <= counts.confirmed;
  return inTime && quick && arrives ? 0 : 2;
}

/** GET /api/referrer/record: the asker's own record; there is no way to name anyone else. */
export async function referrerRecord(
  db: Db,
  deps: { responseMs: number },
  userId: number,
): Promise<ReferrerRecord> {
  const records = await readRecords(db, [userId], deps.responseMs);
  return toReferrerRecord(records.get(userId) ?? EMPTY);
}
