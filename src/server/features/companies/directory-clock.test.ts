import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyDirectoryPageSchema, CompanyStatsSchema } from '../../../shared/companies.js';
import { referrers } from '../../db/schema.js';
import { signInReferrer } from '../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The clock alone changes the directory: when a pause ends or a verification lapses, with no row written,
 * the page shows it at that moment.
 */
describe.each(testDatabases)('the company directory as the clock moves (%s)', (kind) => {
  let t: TestApp;
  let clock = new Date();
  const tag = `zk${randomUUID().slice(0, 6)}`;
  const name = (suffix: string) => `${tag.toUpperCase()} ${suffix}`;
  let paused: SignedIn;
  let verified: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => clock, referralSweep: false });
    paused = await signInReferrer(t, 'Pia Paused', name('Paused'));
    verified = await signInReferrer(t, 'Val Verified', name('Verified'));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A visitor's page (no session: reading it writes nothing). */
  const visitorPage = async () => {
    const res = await t.app.inject({ url: `/api/companies/directory?q=${tag}` });
    expect(res.statusCode, res.body).toBe(200);
    return CompanyDirectoryPageSchema.parse(res.json()).items;
  };

  it('shows a company the moment its referrer’s pause ends, in their time zone, with nothing written', async () => {
    clock = new Date();
    // Paused until a day that begins in Kathmandu (UTC+05:45) at 18:15 UTC the evening before.
    const until = new Date(clock.getTime() + 3 * DAY).toISOString().slice(0, 10);
    const set = await paused.put('/api/user/settings', {
      timeZone: 'Asia/Kathmandu',
      referralsPausedUntil: until,
    });
    expect(set.statusCode, set.body).toBe(200);
    const ends = Date.parse(`${until}T00:00:00+05:45`);
    expect((await visitorPage()).map((c) => c.name)).toEqual([name('Verified')]);
    clock = new Date(ends - 1);
    expect((await visitorPage()).map((c) => c.name)).toEqual([name('Verified')]);
    clock = new Date(ends);
    expect((await visitorPage()).map((c) => c.name)).toEqual([name('Paused'), name('Verified')]);
  });

  it('stops counting a verification the moment it lapses, with nothing written', async () => {
    clock = new Date();
    // Verified long enough ago that it lapses 37 seconds into the next hour: not on a quarter hour.
    const lapses = clock.getTime() + 60 * MINUTE + 37_000;
    const company = name('Verified');
    await t.database.db
      .update(referrers)
      .set({ isVerified: true, verifiedAt: new Date(lapses - t.config.verificationTtlMs) })
      .where(eq(referrers.userId, verified.user.id));
    const verifiedOf = async () => (await visitorPage()).find((c) => c.name === company)?.verifiedReferrers;
    const id = (await visitorPage()).find((c) => c.name === company)!.id;
    // The company's stats (GET /api/companies/{id}/stats) are kept the same way.
    const statsOf = async () =>
      CompanyStatsSchema.parse((await paused.get(`/api/companies/${id}/stats`)).json());
    expect(await verifiedOf()).toBe(1);
    expect(await statsOf()).toMatchObject({ referrers: 1, verifiedReferrers: 1 });
    clock = new Date(lapses - 1);
    expect(await verifiedOf()).toBe(1);
    expect(await statsOf()).toMatchObject({ referrers: 1, verifiedReferrers: 1 });
    clock = new Date(lapses);
    expect(await verifiedOf()).toBe(0);
    expect(await statsOf()).toMatchObject({ referrers: 1, verifiedReferrers: 0 });
  });
});
