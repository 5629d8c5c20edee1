import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { referrals, referrers, userSettings, users } from '../db/schema.js';

/**
 * The rules about referrers that both the company feature (directory, stats) and matching read in SQL, kept
 * here so the two never drift apart. The queries that use them join referrers and (left) user_settings.
 */

/**
 * Verification lapses (docs/decisions/035-verification-lapse.md): verified, and verified_at after `since`
 * (now − VERIFICATION_TTL; a time, or SQL for one such as a prepared statement's placeholder).
 * referrals/verification/lapse-rule.ts holds the rest of that rule.
 */
export function verifiedInSql(since: Date | SQL): SQL<boolean> {
  return sql<boolean>`coalesce(${and(eq(referrers.isVerified, true), gt(referrers.verifiedAt, since))}, false)`.mapWith(
    Boolean,
  );
}

/** The earliest verified_at that still counts at `now` (a verification holds `ttlMs`, VERIFICATION_TTL). */
export function verifiedSince(now: Date, ttlMs: number): Date {
  return new Date(now.getTime() - ttlMs);
}

/**
 * Where a query reads the referrer's pause: their user_settings row, or the copies that the database keeps
 * on their referrers row (docs/decisions/048-referrer-availability-copies.md).
 */
export interface PauseColumns {
  pausedUntil: typeof userSettings.referralsPausedUntil | typeof referrers.pausedUntil;
  timeZone: typeof userSettings.timeZone | typeof referrers.timeZone;
}

const settingsPause: PauseColumns = {
  pausedUntil: userSettings.referralsPausedUntil,
  timeZone: userSettings.timeZone,
};

/** The referrers row's copies of the pause (PauseColumns). */
export const referrerRowPause: PauseColumns = {
  pausedUntil: referrers.pausedUntil,
  timeZone: referrers.timeZone,
};

/** A time as SQL takes it: an ISO string, or SQL for one such as a placeholder. */
const instant = (at: Date | SQL) => (at instanceof Date ? at.toISOString() : at);

const zoneOf = (timeZone: PauseColumns['timeZone']) => sql`coalesce(${timeZone}, 'UTC')`;

/**
 * `at` as the wall-clock time in the referrer's IANA time zone (validated by TimeZoneSchema when stored;
 * UTC when unknown), as a timestamp without time zone.
 */
function localAt(at: Date | SQL, timeZone: PauseColumns['timeZone'] = settingsPause.timeZone): SQL {
  return sql`(${instant(at)}::timestamptz at time zone ${zoneOf(timeZone)})`;
}

/**
 * Issue 25 item 9 (docs/decisions/039-running-the-marketplace.md, 'Directory and load control'): paused at
 * `at` (a time, or SQL for one such as a prepared statement's placeholder) while the referrer's pause date
 * has not begun yet in their time zone.
 */
export function pausedInSql(at: Date | SQL, columns: PauseColumns = settingsPause): SQL<boolean> {
  return sql<boolean>`coalesce(${localAt(at, columns.timeZone)}::date < ${columns.pausedUntil}, false)`.mapWith(
    Boolean,
  );
}

/** The instant the referrer's current calendar month began, in their time zone: the monthly cap counts from it. */
export function monthStartInSql(at: Date): SQL {
  return sql`(date_trunc('month', ${localAt(at)}) at time zone ${zoneOf(settingsPause.timeZone)})`;
}

/**
 * Pending, accepted or waiting on the seeker's changes: the referral still holds one of its referrer's
 * capacity slots (OPEN_REFERRAL_STATUSES; the predicate of index referrals_referrer_open_idx).
 */
export const OPEN_REFERRAL = sql`${referrals.status} in ('pending', 'accepted', 'changes_requested')`;

/** A referral assigned since its referrer's calendar month began at `at`, in their time zone (user_settings joined). */
export function assignedInCapMonthSql(at: Date): SQL {
  return sql`(${referrals.createdAt} >= ${monthStartInSql(at)} and ${referrals.createdAt} <= ${at.toISOString()}::timestamptz)`;
}

/**
 * Whether the referrer (referrers joined to users and, left, user_settings) takes a request at `at`, as
 * matching judges a candidate: willing, not suspended, not paused, under their monthly cap and holding fewer
 * than `capacity` (REFERRER_CAPACITY) open referrals. Matching's "a referrer can take requests now" (issue 49
 * item 1) and the demand figures' available referrers (item 4) both read it.
 */
export function takesRequestsInSql(at: Date, capacity: number): SQL<boolean> {
  const mine = sql`${referrals.referrerId} = ${referrers.userId}`;
  const open = sql`(select count(*) from ${referrals} where ${mine} and ${OPEN_REFERRAL})`;
  const thisMonth = sql`(select count(*) from ${referrals} where ${mine} and ${assignedInCapMonthSql(at)})`;
  const cap = userSettings.monthlyReferralCap;
  return sql<boolean>`(${users.willingToGiveReferrals} and ${users.suspendedAt} is null and not ${pausedInSql(at)} and ${open} < ${capacity} and (${cap} is null or ${thisMonth} < ${cap}))`;
}
