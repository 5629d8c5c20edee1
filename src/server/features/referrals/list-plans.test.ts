import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';
import { recentRequestTimes } from './daily-limit.js';
import { requestListQuery } from './list-repo.js';

const SEEKERS = 2000;
const PER_SEEKER = 100; // 200,000 requests
const REFERRERS = 200;

/** PGlite and pg both answer `{ rows }`; the Db type leaves it unknown. */
const RowsSchema = z.object({ rows: z.array(z.record(z.string(), z.unknown())) });

/** The query with its parameters written in (all are integers here), ready for EXPLAIN. */
function inlined(query: { toSQL(): { sql: string; params: unknown[] } }): string {
  const { sql: text, params } = query.toSQL();
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return `'${value}'`;
    if (typeof value !== 'number' && typeof value !== 'boolean')
      throw new Error(`unexpected param ${String(value)}`);
    return String(value);
  });
}

describe.each(testDatabases)('list query plans with 200,000 requests (%s)', (kind) => {
  let t: TestApp;
  let firstSeeker = 0;
  let firstReferrer = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    const users = RowsSchema.parse(
      await db.execute(sql`
      insert into users (username, email, full_name)
      select 'bulk' || i, 'bulk' || i || '@example.com', 'Bulk User ' || i
      from generate_series(1, ${SEEKERS + REFERRERS}) as i
      returning id`),
    );
    const ids = users.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    firstSeeker = ids[0]!;
    firstReferrer = ids[SEEKERS]!;
    await db.execute(sql`
      insert into referral_requests (job_seeker_id, company_id, position, job_url, normalized_job_url)
      select ${firstSeeker} + (i % ${SEEKERS}), 1 + (i % 13), 'Engineer',
             'https://jobs.example/' || i, 'https://jobs.example/' || i
      from generate_series(0, ${SEEKERS * PER_SEEKER - 1}) as i`);
    await db.execute(sql`
      insert into referrals (request_id, referrer_id, status)
      select id, ${firstReferrer} + (id % ${REFERRERS}), case when id % 3 = 0 then 'accepted' else 'pending' end
      from referral_requests`);
    await db.execute(sql`analyze`);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
    const result = RowsSchema.parse(await t.database.db.execute(sql.raw(`explain ${inlined(query)}`)));
    return result.rows.map((r) => String(Object.values(r)[0])).join('\n');
  }

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
