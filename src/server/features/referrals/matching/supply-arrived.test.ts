import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeCompanyName } from '../../../../shared/companies.js';
import { companies } from '../../../db/schema.js';
import { referralDepsOf, requestBody, signInReferrer } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type TestApp } from '../../../testing/test-app.js';
import type { ReferralDeps } from '../ports.js';
import { startCapMonths } from './month-start.js';
import { endPauses } from './pause-end.js';

const DAY = 86_400_000;

/**
 * Issue 49 item 1 (docs/decisions/078-a-watch-tells-once.md), on the referral sweep: a pause ending or a new
 * month under a cap gives a referrer room, and when that leaves their company with its first referrer who can
 * take a request, matching says so through `supplyArrived` (the watch feature's; recorded here). The other
 * doors are walked through the API in watches/watches.test.ts.
 */
describe.each(testDatabases)('supplyArrived on the sweep (%s)', (kind) => {
  let t: TestApp;
  let seq = 0;
  const arrived: { companyId: number; referrerId: number }[] = [];
  let deps: ReferralDeps;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false, livenessSweep: false }, { REFERRER_CAPACITY: '2' });
    deps = {
      ...referralDepsOf(t),
      supplyArrived: async (_tx, companyId, referrerId) => arrived.push({ companyId, referrerId }),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  async function company() {
    seq += 1;
    const name = `Sweepco ${seq} ${kind}`;
    const [row] = await t.database.db
      .insert(companies)
      .values({ name, normalizedName: normalizeCompanyName(name) })
      .returning({ id: companies.id, name: companies.name });
    return row!;
  }
  const arrivalsAt = (companyId: number) => arrived.filter((a) => a.companyId === companyId);

  it("says so when the only referrer's pause ends, once", async () => {
    const c = await company();
    const rita = await signInReferrer(t, 'Rita Resting', c.name);
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    expect((await rita.put('/api/user/settings', { referralsPausedUntil: tomorrow })).statusCode).toBe(200);
    expect(arrivalsAt(c.id)).toEqual([]);
    await endPauses(t.database.db, deps, new Date(Date.now() + 2 * DAY));
    expect(arrivalsAt(c.id)).toEqual([{ companyId: c.id, referrerId: rita.user.id }]);
    await endPauses(t.database.db, deps, new Date(Date.now() + 3 * DAY));
    expect(arrivalsAt(c.id)).toHaveLength(1);
  });

  it('says so when a new month frees the only referrer from their cap, and not for one who was under it', async () => {
    const capped = await company();
    const carl = await signInReferrer(t, 'Carl Monthly', capped.name);
    expect((await carl.put('/api/user/settings', { monthlyReferralCap: 1 })).statusCode).toBe(200);
    const seeker = await t.signIn('Sam Uses It Up');
    expect(
      (await seeker.post('/api/referral-requests', requestBody({ companyId: capped.id }))).statusCode,
    ).toBe(201);

    const roomy = await company();
    const dana = await signInReferrer(t, 'Dana Roomy', roomy.name);
    expect((await dana.put('/api/user/settings', { monthlyReferralCap: 5 })).statusCode).toBe(200);

    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 3, 12));
    await startCapMonths(t.database.db, deps, nextMonth);
    expect(arrivalsAt(capped.id)).toEqual([{ companyId: capped.id, referrerId: carl.user.id }]);
    expect(arrivalsAt(roomy.id)).toEqual([]);
  });
});
