import { describe, expect, it } from 'vitest';
import { dailyLimitMessage } from './request-limit.js';

describe('dailyLimitMessage', () => {
  it('names the limit and the next allowed time in UTC', () => {
    expect(dailyLimitMessage(10, new Date('2026-11-24T15:15:00Z'))).toBe(
      'You can send at most 10 referral requests a day. You can send your next one after 3:15 PM UTC on Nov 24.',
    );
  });

  it("says the time in the seeker's own zone, with its offset, when it is known", () => {
    expect(dailyLimitMessage(10, new Date('2026-11-24T15:15:00Z'), 'Asia/Tokyo')).toBe(
      'You can send at most 10 referral requests a day. You can send your next one after 12:15 AM GMT+9 on Nov 25.',
    );
    expect(dailyLimitMessage(10, new Date('2026-11-24T15:15:00Z'), 'Nowhere/Atall')).toContain('3:15 PM UTC');
  });

  it('rounds up to the minute and speaks of one request in the singular', () => {
    expect(dailyLimitMessage(1, new Date('2026-01-05T09:04:01Z'))).toBe(
      'You can send at most 1 referral request a day. You can send your next one after 9:05 AM UTC on Jan 5.',
    );
  });
});
