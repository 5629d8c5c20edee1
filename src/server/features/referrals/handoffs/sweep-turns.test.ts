import { count, isNotNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { referrals } from '../../../db/schema.js';
import { openReferralWorld, type ReferralWorld } from '../../../testing/referral-world.js';
import { seedBulkReferrals } from '../../../testing/bulk-referrals.js';
import { runReferralSweep, startReferralSweep } from './sweep.js';

/**
 * PGlite answers in the server's own thread and never lets the event loop turn by itself, so a sweep with a
 * backlog held every HTTP request until it ended (165 s for the first sweep of the bench's data set). The
 * sweep gives the loop a turn between its transactions (yieldToIo in db/one-by-one.ts); this counts them.
 * At a turn a sweep asked to stop (the server is closing) ends, so a stop no longer waits out the backlog.
 */

const HOUR = 3600_000;
/** 300 requests made now, two in three still pending: 200 reminders are due a day and a half later. */
const DUE_AT = () => new Date(Date.now() + 30 * HOUR);
const DUE = 200;

let w: ReferralWorld;
beforeEach(async () => {
  w = await openReferralWorld({ responseMs: 48 * HOUR });
  // The bulk seed names companies from id 1: this bare world's first company.
  expect((await w.company()).id).toBe(1);
  await seedBulkReferrals(w.database.db, { seekers: 30, referrers: 30, requests: 300, companies: 1 });
});
afterEach(() => w.close());

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

/** Referrals whose referrer has been reminded: what the sweeps have committed so far. */
async function remindedSoFar(): Promise<number> {
  const [row] = await w.database.db
    .select({ n: count() })
    .from(referrals)
    .where(isNotNull(referrals.remindedAt));
  return row!.n;
}

describe('a sweep with a backlog on PGlite', () => {
  it('lets the event loop turn between its batches of reminders', async () => {
    const stop = countTurns();
    const result = await runReferralSweep(w.database.db, w.deps, DUE_AT());
    const turns = stop();
    expect(result.reminded).toBe(DUE);
    // A turn after each full batch of 25, at the least.
    expect(turns).toBeGreaterThanOrEqual(8);
  });

  it('asked to stop, ends at its next turn keeping what it committed; the next sweep does the rest', async () => {
    const stopping = new AbortController();
    const sweep = runReferralSweep(w.database.db, w.deps, DUE_AT(), stopping.signal);
    // The first batch is already under way: it commits, and the turn after it ends the sweep.
    stopping.abort();
    const outcome = await sweep.then(
      () => 'finished',
      (err: unknown) => err,
    );
    expect(outcome).toBe(stopping.signal.reason);
    expect(await remindedSoFar()).toBe(25);

    const next = await runReferralSweep(w.database.db, w.deps, DUE_AT());
    expect(next.reminded).toBe(DUE - 25);
    expect(await remindedSoFar()).toBe(DUE);
  });

  it("a timer's sweep stopped mid-way ends quietly, and leaves the rest to the next sweep", async () => {
    const errors: unknown[] = [];
    const timer = startReferralSweep(w.database.db, w.deps, {
      intervalMs: 5,
      now: DUE_AT,
      log: { error: (obj) => errors.push(obj) },
    });
    await expect.poll(remindedSoFar, { interval: 1, timeout: 10_000 }).toBeGreaterThan(0);
    await timer.stop();
    const atStop = await remindedSoFar();
    expect(atStop).toBeGreaterThan(0);
    expect(atStop).toBeLessThan(DUE);
    expect(errors).toEqual([]);
    // Stopped for good: nothing more is sent after the stop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await remindedSoFar()).toBe(atStop);

    const next = await runReferralSweep(w.database.db, w.deps, DUE_AT());
    expect(next.reminded).toBe(DUE - atStop);
  });
});
