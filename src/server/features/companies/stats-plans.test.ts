import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';
import { responseQuery } from './stats-repo.js';

const SEEKERS = 2000;
const REQUESTS = 200_000;
const COMPANIES = 100;
const REFERRERS = 200;

/** PGlite and pg both answer `{ rows }`; the Db type leaves it unknown. */
const RowsSchema = z.object({ rows: z.array(z.record(z.string(), z.unknown())) });

/** The query with its parameters written in (integers and timestamps here), ready for EXPLAIN. */
function inlined(query: { toSQL(): { sql: string; params: unknown[] } }): string {
  const { sql: text, params } = query.toSQL();
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'number') return String(value);
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return `'${value}'`;
    throw new Error(`unexpected param ${String(value)}`);
  });
}

describe.each(testDatabases)('company stats query plan with 200,000 requests (%s)', (kind) => {
  let t: TestApp;
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
    const firstSeeker = ids[0]!;
    const firstReferrer = ids[SEEKERS]!;
    // Two years of requests across 100 companies: a company's 90 days are about 250 of them.
    await db.execute(sql`
      insert into referral_requests (job_seeker_id, company_id, position, job_url, normalized_job_url, created_at)
      select ${firstSeeker} + (i % ${SEEKERS}), 1 + (i % ${COMPANIES}), 'Engineer',
             'https://jobs.example/' || i, 'https://jobs.example/' || i,
             now() - (i % 730) * interval '1 day'
      from generate_series(0, ${REQUESTS - 1}) as i`);
    await db.execute(sql`
      insert into referrals (request_id, referrer_id, status, created_at, answered_at)
      select id, ${firstReferrer} + (id % ${REFERRERS}),
             case when id % 3 = 0 then 'accepted' else 'pending' end, created_at,
             case when id % 3 = 0 then created_at + interval '5 hours' end
      from referral_requests`);
    await db.execute(sql`analyze`);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it("reads one company's 90 days through the company index, never the whole tables", async () => {
    const since = new Date(Date.now() - 90 * 24 * 3600 * 1000);
    const query = responseQuery(t.database.db, 4, since);
    const result = RowsSchema.parse(await t.database.db.execute(sql.raw(`explain ${inlined(query)}`)));
    const plan = result.rows.map((r) => String(Object.values(r)[0])).join('\n');
    expect(plan).toMatch(/referral_requests_company_created_idx/);
    expect(plan).not.toMatch(/Seq Scan on referral_requests/);
    expect(plan).not.toMatch(/Seq Scan on referrals/);
  });
});
