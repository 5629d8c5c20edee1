import { z } from 'zod';
import { ApiErrorSchema } from './errors.js';
import { zonedTimeFormat } from './settings.js';

/** REQUESTS_PER_DAY's default: new referral requests one seeker may send in any 24 hours. */
export const DEFAULT_REQUESTS_PER_DAY = 10;

/**
 * The 429 sentence: 'You can send at most 10 referral requests a day. You can send your next one after
 * 3:15 PM UTC on Nov 24.', in the seeker's own time zone when known ('3:15 PM GMT+1'). `nextAt` is
 * rounded up to the minute, so the time said is never too early.
 */
export function dailyLimitMessage(limit: number, nextAt: Date, timeZone: string | null = null): string {
  const rounded = new Date(Math.ceil(nextAt.getTime() / 60_000) * 60_000);
  const parts = zonedTimeFormat(timeZone, { hour: 'numeric', minute: '2-digit' }).format(rounded);
  const day = zonedTimeFormat(timeZone, { month: 'short', day: 'numeric' }, { named: false }).format(rounded);
  const noun = limit === 1 ? 'referral request' : 'referral requests';
  return `You can send at most ${limit} ${noun} a day. You can send your next one after ${parts} on ${day}.`;
}

/** The 429 body of POST /api/referral-requests: the sentence, and when the next request is allowed. */
export const DailyLimitErrorSchema = ApiErrorSchema.extend({ retryAt: z.iso.datetime() });
export type DailyLimitError = z.infer<typeof DailyLimitErrorSchema>;
