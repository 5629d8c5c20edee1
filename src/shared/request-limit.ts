import { z } from 'zod';
import { ApiErrorSchema } from './errors.js';

/** REQUESTS_PER_DAY's default: new referral requests one seeker may send in any 24 hours. */
export const DEFAULT_REQUESTS_PER_DAY = 10;

const time = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  hour: 'numeric',
  minute: '2-digit',
});
const day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

/**
 * The 429 sentence: 'You can send at most 10 referral requests a day. You can send your next one after
 * 3:15 PM UTC on Nov 24.' `nextAt` is rounded up to the minute, so the time said is never too early.
 */
export function dailyLimitMessage(limit: number, nextAt: Date): string {
  const rounded = new Date(Math.ceil(nextAt.getTime() / 60_000) * 60_000);
  const noun = limit === 1 ? 'referral request' : 'referral requests';
  return `You can send at most ${limit} ${noun} a day. You can send your next one after ${time.format(rounded)} UTC on ${day.format(rounded)}.`;
}

/** The 429 body of POST /api/referral-requests: the sentence, and when the next request is allowed. */
export const DailyLimitErrorSchema = ApiErrorSchema.extend({ retryAt: z.iso.datetime() });
export type DailyLimitError = z.infer<typeof DailyLimitErrorSchema>;
