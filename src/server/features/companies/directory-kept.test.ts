import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyDirectoryPageSchema, CompanyStatsSchema } from '../../../shared/companies.js';
import { referrers } from '../../db/schema.js';
import { signInReferrer } from '../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';
import { nextPauseEndAfter } from './service.js';

const MINUTE = 60_000;
const QUARTER_HOUR_S = 15 * 60;
const RowsSchema = z.object({ rows: z.array(z.object({ name: z.string() })) });
const DAY = 24 * 60 * MINUTE;

describe('nextPauseEndAfter', () => {
  it('is the next quarter hour of UTC, never the moment itself', () => {
    expect(new Date(nextPauseEndAfter(Date.parse('2026-11-29T10:00:00Z'))).toISOString()).toBe(
      '2026-11-29T10:15:00.000Z',
    );
    expect(new Date(nextPauseEndAfter(Date.parse('2026-11-29T10:14:59.999Z'))).toISOString()).toBe(
      '2026-11-29T10:15:00.000Z',
    );
    expect(new Date(nextPauseEndAfter(Date.parse('2026-11-29T23:59:00Z'))).toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
  });
});

/**
 * A directory page is kept while nothing commits ([decision 051](../../../../docs/decisions/051-directory-kept-by-snapshot.md)):
 * the clock alone changes it when a pause ends or a verification lapses, and it must show either at its moment.
 * The tests' apps check every kept answer against a fresh read, so a page kept past such a moment fails.
 */
describe.each(testDatabases)('the company directory kept between commits (%s)', (kind) => {
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

  // nextPauseEndAfter's ground: a pause ends at midnight in some zone, so on a quarter hour of UTC only while
  // every zone's offset is a whole number of quarter hours. Checked in the database's own zone rules, weekly
  // over the next two years (a zone that moves to another offset moves from one such to another).
  it('finds every time zone a whole number of quarter hours from UTC', async () => {
    const offZones = RowsSchema.parse(
      await t.database.db.execute(sql`
        select z.name
        from pg_timezone_names z, generate_series(now(), now() + interval '2 years', interval '7 days') t
        where extract(epoch from (t at time zone z.name) - (t at time zone 'UTC'))::int % ${QUARTER_HOUR_S} <> 0
        group by z.name`),
    );
    expect(offZones.rows).toEqual([]);
    const zones = RowsSchema.parse(await t.database.db.execute(sql`select name from pg_timezone_names`));
    expect(zones.rows.length).toBeGreaterThan(300);
    expect(zones.rows).toContainEqual({ name: 'Asia/Kathmandu' });
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
