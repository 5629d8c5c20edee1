import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';

/** PGlite and pg both answer `{ rows }`; the Db type leaves it unknown. */
const RowsSchema = z.object({ rows: z.array(z.record(z.string(), z.unknown())) });

export interface BulkReferrals {
  seekers: number;
  referrers: number;
  requests: number;
  /** Requests go round-robin to companies 1..companies (the seeded employers are 1–13). */
  companies: number;
  /** Spread the requests' `created_at` over this many days back (0: all made now). */
  days?: number;
}

/**
 * Seeds a large referral history with set-based SQL, for the EXPLAIN tests: `seekers` + `referrers` users,
 * `requests` requests spread evenly over seekers and companies, each with one referral (every third accepted
 * and answered five hours in). Returns the first seeker's and the first referrer's ids (the rest follow them).
 */
export async function seedBulkReferrals(db: Db, shape: BulkReferrals) {
  const { seekers, referrers, requests, companies, days = 0 } = shape;
  const users = RowsSchema.parse(
    await db.execute(sql`
      insert into users (username, email, full_name)
      select 'bulk' || i, 'bulk' || i || '@example.com', 'Bulk User ' || i
      from generate_series(1, ${seekers + referrers}) as i
      returning id`),
  );
  const ids = users.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  const firstSeeker = ids[0]!;
  const firstReferrer = ids[seekers]!;
  const createdAt = days > 0 ? sql`now() - (i % ${days}) * interval '1 day'` : sql`now()`;
  await db.execute(sql`
    insert into referral_requests (job_seeker_id, company_id, position, job_url, normalized_job_url, created_at)
    select ${firstSeeker} + (i % ${seekers}), 1 + (i % ${companies}), 'Engineer',
           'https://jobs.example/' || i, 'https://jobs.example/' || i,
           ${createdAt}
    from generate_series(0, ${requests - 1}) as i`);
  await db.execute(sql`
    insert into referrals (request_id, referrer_id, status, created_at, answered_at)
    select id, ${firstReferrer} + (id % ${referrers}),
           case when id % 3 = 0 then 'accepted' else 'pending' end, created_at,
           case when id % 3 = 0 then created_at + interval '5 hours' end
    from referral_requests`);
  await db.execute(sql`analyze`);
  return { firstSeeker, firstReferrer };
}

/** The query with its parameters written in (numbers, booleans, timestamps and text), ready for EXPLAIN. */
function inlined(query: { toSQL(): { sql: string; params: unknown[] } }): string {
  const { sql: text, params } = query.toSQL();
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
    if (typeof value !== 'number' && typeof value !== 'boolean')
      throw new Error(`unexpected param ${String(value)}`);
    return String(value);
  });
}

/** The database's plan for a drizzle query, as EXPLAIN prints it. */
export async function planOf(db: Db, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const result = RowsSchema.parse(await db.execute(sql.raw(`explain ${inlined(query)}`)));
  return result.rows.map((r) => String(Object.values(r)[0])).join('\n');
}
