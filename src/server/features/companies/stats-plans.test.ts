import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf, seedBulkReferrals } from '../../testing/bulk-referrals.js';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';
import { responseQuery } from './stats-repo.js';

const SEEKERS = 2000;
const REQUESTS = 200_000;
const COMPANIES = 100;
const REFERRERS = 200;

describe.each(testDatabases)('company stats query plan with 200,000 requests (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // Two years of requests across 100 companies: a company's 90 days are about 250 of them.
    await seedBulkReferrals(t.database.db, {
      seekers: SEEKERS,
      referrers: REFERRERS,
      requests: REQUESTS,
      companies: COMPANIES,
      days: 730,
    });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it("reads one company's 90 days through the company index, never the whole tables", async () => {
    const since = new Date(Date.now() - 90 * 24 * 3600 * 1000);
    const plan = await planOf(t.database.db, responseQuery(t.database.db, 4, since));
    expect(plan).toMatch(/referral_requests_company_created_idx/);
    expect(plan).not.toMatch(/Seq Scan on referral_requests/);
    expect(plan).not.toMatch(/Seq Scan on referrals/);
  });
});
