import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf as bulkPlanOf, seedBulkReferrals } from '../../../testing/bulk-referrals.js';
import { createTestApp, testDatabases, type TestApp } from '../../../testing/test-app.js';
import { recentRequestTimes } from './daily-limit.js';
import { requestListQuery } from './list-repo.js';

const SEEKERS = 2000;
const PER_SEEKER = 100; // 200,000 requests
const REFERRERS = 200;

describe.each(testDatabases)('list query plans with 200,000 requests (%s)', (kind) => {
  let t: TestApp;
  let firstSeeker = 0;
  let firstReferrer = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ firstSeeker, firstReferrer } = await seedBulkReferrals(t.database.db, {
      seekers: SEEKERS,
      referrers: REFERRERS,
      requests: SEEKERS * PER_SEEKER,
      companies: 13,
    }));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const planOf = (query: Parameters<typeof bulkPlanOf>[1]) => bulkPlanOf(t.database.db, query);

  function expectIndexed(plan: string) {
    expect(plan).not.toMatch(/Seq Scan on referral_requests/);
    expect(plan).not.toMatch(/Seq Scan on referrals/);
    expect(plan).not.toMatch(/(^|\s)Sort\s/m);
  }

  it("reads a seeker's page through the seeker index, without sorting", async () => {
    const db = t.database.db;
    expectIndexed(await planOf(requestListQuery(db, 'seeker', firstSeeker + 7, { limit: 50 })));
    expectIndexed(
      await planOf(requestListQuery(db, 'seeker', firstSeeker + 7, { limit: 50, before: 150_000 })),
    );
  });

  it("reads a referrer's page through the referrer index, without sorting", async () => {
    const db = t.database.db;
    expectIndexed(await planOf(requestListQuery(db, 'referrer', firstReferrer + 3, { limit: 50 })));
    expectIndexed(
      await planOf(requestListQuery(db, 'referrer', firstReferrer + 3, { limit: 50, before: 100_000 })),
    );
  });

  it("counts a seeker's last 24 hours through (job_seeker_id, created_at), without sorting", async () => {
    const since = new Date(Date.now() - 24 * 3600 * 1000);
    const plan = await planOf(recentRequestTimes(t.database.db, firstSeeker + 7, since, 10));
    expect(plan).toMatch(/referral_requests_seeker_created_idx/);
    expectIndexed(plan);
  });
});
