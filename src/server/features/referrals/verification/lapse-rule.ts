/**
 * Issue 24 item 10 (docs/decisions/035-verification-lapse.md): a verification holds VERIFICATION_TTL from
 * when it was earned or last renewed. Judged when read, everywhere, by the rule below; nothing flips
 * is_verified at the lapse, so a sweep running late never leaves a lapsed referrer counted as verified.
 */

const DAY_MS = 86_400_000;

/** The reminder goes 14 days before the lapse; a TTL shorter than 28 days is reminded halfway through. */
export function reminderLeadMs(ttlMs: number): number {
  return Math.min(14 * DAY_MS, Math.floor(ttlMs / 2));
}

// The earliest verified_at that still counts: shared with the directory and the console.
export { verifiedSince } from '../../../lib/referrer-sql.js';

export interface VerificationClock {
  isVerified: boolean;
  verifiedAt: Date | null;
}

/** When this verification lapses (or lapsed); null when it is not verified at all. */
export function lapsesAt(row: VerificationClock, ttlMs: number): Date | null {
  return row.isVerified && row.verifiedAt ? new Date(row.verifiedAt.getTime() + ttlMs) : null;
}

/** The rule: verified, and verified_at + TTL still ahead of `now`. */
export function holdsAt(row: VerificationClock, now: Date, ttlMs: number): boolean {
  const until = lapsesAt(row, ttlMs);
  return until !== null && until.getTime() > now.getTime();
}

/** The same rule in SQL, for queries that count or rank verified referrers (shared with the company stats). */
export { verifiedInSql } from '../../../lib/referrer-sql.js';
