import { describe, expect, it } from 'vitest';
import { pauseEndProblem, todayIn } from './settings.js';

describe('todayIn', () => {
  it('is the calendar day in the zone, UTC when there is none or it is unknown', () => {
    const at = new Date('2026-03-01T20:30:00Z');
    expect(todayIn('UTC', at)).toBe('2026-03-01');
    expect(todayIn(null, at)).toBe('2026-03-01');
    expect(todayIn('Mars/Olympus', at)).toBe('2026-03-01');
    expect(todayIn('Asia/Tokyo', at)).toBe('2026-03-02');
    expect(todayIn('America/Los_Angeles', new Date('2026-03-01T05:00:00Z'))).toBe('2026-02-28');
  });
});

describe('pauseEndProblem', () => {
  it('refuses a day gone by with a sentence naming today, and takes today, later days and no pause', () => {
    expect(pauseEndProblem('2026-02-28', '2026-03-01')).toBe(
      'The pause must end today or later (today is 2026-03-01 in your time zone); leave it empty for no pause.',
    );
    expect(pauseEndProblem('2026-03-01', '2026-03-01')).toBeUndefined();
    expect(pauseEndProblem('2027-01-01', '2026-03-01')).toBeUndefined();
    expect(pauseEndProblem(null, '2026-03-01')).toBeUndefined();
  });
});
