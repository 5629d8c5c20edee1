import { z } from 'zod';

/**
 * Issue 24 item 9: a referrer's record starts to count once this many requests were due an answer (answered,
 * or left to expire). Below it the record is thin: the referrer is told so instead of a rate or a median,
 * and matching treats them as new (docs/decisions/037-referrer-record.md).
 */
export const RECORD_MIN_ASKED = 5;

/**
 * GET /api/referrer/record: the signed-in referrer's own record, never anyone else's. Counts cover every
 * referral they ever held; the rate and the median are null while the record is thin.
 */
export const ReferrerRecordSchema = z.object({
  /** Referrals that were due an answer: answered, or expired without one. */
  asked: z.number().int().nonnegative(),
  /** Of those, answered (accepted or declined) before the response time ran out. */
  answeredInTime: z.number().int().nonnegative(),
  /** Median hours from assignment to the answer, one decimal; null while thin. */
  medianHoursToAnswer: z.number().nonnegative().nullable(),
  submitted: z.number().int().nonnegative(),
  /** Submissions whose seeker confirmed the company's referral email arrived. */
  confirmedSubmissions: z.number().int().nonnegative(),
  /** Submissions whose seeker said nothing arrived. */
  notReceived: z.number().int().nonnegative(),
  thin: z.boolean(),
});
export type ReferrerRecord = z.infer<typeof ReferrerRecordSchema>;

/** The share answered in time as a whole percentage, or null while the record is thin. */
export function answeredInTimePercent(record: ReferrerRecord): number | null {
  if (record.thin || record.asked === 0) return null;
  return Math.round((record.answeredInTime / record.asked) * 100);
}
