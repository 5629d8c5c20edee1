import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Db } from '../db/client.js';
import { planOf, seedBulkReferrals, type BulkReferrals } from './bulk-referrals.js';
import { createTestApp, testDatabases, type TestApp } from './test-app.js';

/** How many referral requests the EXPLAIN-plan tests seed: enough that a full scan shows in the plan. */
export const PLAN_REQUESTS = 200_000;

/** What an EXPLAIN-plan test reads: the seeded database, where its users start, and a query's plan. */
export interface PlanWorld {
  /** Known as the tests register, so a test may be PostgreSQL's alone. */
  readonly kind: (typeof testDatabases)[number];
  readonly db: Db;
  readonly firstSeeker: number;
  readonly firstReferrer: number;
  planOf(query: Parameters<typeof planOf>[1]): Promise<string>;
}

/**
 * Describes EXPLAIN-plan tests on every test database, each an app seeded once with PLAN_REQUESTS requests
 * laid out by `shape` (set-based SQL, then ANALYZE). `tests` registers its `it`s with the world, which
 * answers once the seeding has run.
 */
export function describePlans(
  title: string,
  shape: Omit<BulkReferrals, 'requests'>,
  tests: (world: PlanWorld) => void,
) {
  describe.each(testDatabases)(`${title} with 200,000 requests (%s)`, (kind) => {
    let t: TestApp | undefined;
    let first = { firstSeeker: 0, firstReferrer: 0 };
    beforeAll(async () => {
      t = await createTestApp(kind);
      first = await seedBulkReferrals(t.database.db, { ...shape, requests: PLAN_REQUESTS });
    }, 180_000);
    afterAll(async () => {
      await t?.close();
    });
    const db = () => {
      if (!t) throw new Error('The plan world is read before its seeding ran.');
      return t.database.db;
    };
    tests({
      kind,
      get db() {
        return db();
      },
      get firstSeeker() {
        return first.firstSeeker;
      },
      get firstReferrer() {
        return first.firstReferrer;
      },
      planOf: (query) => planOf(db(), query),
    });
  });
}

/** The plan reads requests and referrals through indexes, never by scanning either table. */
export function expectNoFullScan(plan: string) {
  expect(plan).not.toMatch(/Seq Scan on referral_requests/);
  expect(plan).not.toMatch(/Seq Scan on referrals/);
}
