import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReferralWorld, type ReferralWorld } from '../../../testing/referral-world.js';
import { seedBulkReferrals } from '../../../testing/bulk-referrals.js';
import { runReferralSweep } from './sweep.js';

/**
 * PGlite answers in the server's own thread and never lets the event loop turn by itself, so a sweep with a
 * backlog held every HTTP request until it ended (165 s for the first sweep of the bench's data set). The
 * sweep gives the loop a turn between its transactions (yieldToIo in db/one-by-one.ts); this counts them.
 */

const HOUR = 3600_000;
let w: ReferralWorld;
beforeAll(async () => {
  w = await openReferralWorld({ responseMs: 48 * HOUR });
});
afterAll(() => w.close());

/** Counts the event loop's turns until stopped: a callback each time it reaches its check phase. */
function countTurns() {
  let turns = 0;
  let handle = setImmediate(function tick() {
    turns += 1;
    handle = setImmediate(tick);
  });
  return () => {
    clearImmediate(handle);
    return turns;
  };
}

describe('a sweep with a backlog on PGlite', () => {
  it('lets the event loop turn between its batches of reminders', async () => {
    // 300 requests made now, two in three still pending: 200 reminders are due a day and a half later.
    // The bulk seed names companies from id 1: this bare world's first company.
    expect((await w.company()).id).toBe(1);
    await seedBulkReferrals(w.database.db, { seekers: 30, referrers: 30, requests: 300, companies: 1 });
    const stop = countTurns();
    const result = await runReferralSweep(w.database.db, w.deps, new Date(Date.now() + 30 * HOUR));
    const turns = stop();
    expect(result.reminded).toBe(200);
    // A turn after each full batch of 25, at the least.
    expect(turns).toBeGreaterThanOrEqual(8);
  });
});
