import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { z } from 'zod';
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

const PreparedPlansSchema = z.object({
  rows: z.array(z.object({ name: z.string(), generic: z.number(), custom: z.number() })),
});

/**
 * How often PostgreSQL used each named prepared statement's generic plan and planned a call afresh (its
 * custom plans), on `db`'s connection (a transaction's, so the calls counted ran there), by name. PostgreSQL
 * plans a statement's first five calls for their values, then keeps the generic plan unless it looks dearer.
 * PGlite keeps no rows here.
 */
export async function preparedPlans(db: Db, names: readonly string[]) {
  const { rows } = PreparedPlansSchema.parse(
    await db.execute(sql`
      select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
      where name in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )}) order by name`),
  );
  return rows;
}
