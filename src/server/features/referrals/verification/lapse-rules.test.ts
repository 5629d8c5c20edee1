import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReferralWorld, type ReferralWorld } from '../../../testing/referral-world.js';
import { runReferralSweep } from '../handoffs/sweep.js';
import { holdsAt, lapsesAt, reminderLeadMs } from './lapse-rule.js';
import { verificationStatus } from './verification.js';

/**
 * The lapse rule (docs/decisions/035-verification-lapse.md) on its own, and at the shortest TTL the
 * configuration accepts (1s) on a bare database. verification-lapse.test.ts walks it through HTTP.
 */
const SECOND = 1000;
const DAY = 86_400_000;

describe('reminderLeadMs', () => {
  it('is 14 days for a TTL of 28 days and more, half the TTL below', () => {
    expect(reminderLeadMs(365 * DAY)).toBe(14 * DAY);
    expect(reminderLeadMs(28 * DAY)).toBe(14 * DAY);
    expect(reminderLeadMs(10 * DAY)).toBe(5 * DAY);
    expect(reminderLeadMs(SECOND)).toBe(500);
  });
});

describe('holdsAt', () => {
  const verifiedAt = new Date('2030-01-01T00:00:00Z');
  const at = (ms: number) => new Date(verifiedAt.getTime() + ms);
  it('holds until verified_at + TTL, not at it', () => {
    expect(holdsAt({ isVerified: true, verifiedAt }, at(DAY - 1), DAY)).toBe(true);
    expect(holdsAt({ isVerified: true, verifiedAt }, at(DAY), DAY)).toBe(false);
    expect(lapsesAt({ isVerified: true, verifiedAt }, DAY)).toEqual(at(DAY));
  });
  it('never holds unverified, or verified without a clock', () => {
    expect(holdsAt({ isVerified: false, verifiedAt }, verifiedAt, DAY)).toBe(false);
    expect(holdsAt({ isVerified: true, verifiedAt: null }, verifiedAt, DAY)).toBe(false);
  });
});

describe('a one-second VERIFICATION_TTL', () => {
  let w: ReferralWorld;
  let now = new Date();
  beforeAll(async () => {
    w = await openReferralWorld({ verificationTtlMs: SECOND, now: () => now });
  });
  afterAll(() => w.close());

  it('reminds at half a second, once, and lapses at one', async () => {
    const company = await w.company('tiny-ttl.example');
    const ref = await w.referrer('Tia Tiny', company.name, 'tia@tiny-ttl.example');
    const start = now;
    const clock = { now: () => now, ttlMs: SECOND };
    expect(await verificationStatus(w.database.db, clock, ref.id)).toMatchObject({
      verified: true,
      verifiedUntil: new Date(start.getTime() + SECOND).toISOString(),
    });
    const sweep = (ms: number) => runReferralSweep(w.database.db, w.deps, new Date(start.getTime() + ms));
    expect((await sweep(499)).lapseReminded).toBe(0);
    expect((await sweep(500)).lapseReminded).toBe(1);
    expect((await sweep(900)).lapseReminded).toBe(0);
    expect((await w.noticesOf(ref.id)).map((n) => n.type)).toEqual(['verification_reminder']);
    now = new Date(start.getTime() + SECOND);
    expect(await verificationStatus(w.database.db, clock, ref.id)).toMatchObject({
      verified: false,
      verifiedUntil: null,
    });
    // A lapse the sweep never reminded (it ran too late) is not reminded after the fact.
    expect((await sweep(5 * SECOND)).lapseReminded).toBe(0);
  });
});
