import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_QUEUE_PAGE_SIZE } from '../../../shared/admin.js';
import type { Db } from '../../db/client.js';
import { writtenLimit } from '../../db/prepared.js';
import { preparedPlans } from '../../testing/plan-world.js';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';
import {
  heldMessagesAfterQuery,
  heldMessagesQuery,
  heldRequestsAfterQuery,
  heldRequestsQuery,
  listHeldMessages,
  listHeldRequests,
} from './held/held-repo.js';
import {
  listOpenReports,
  openReportsAfterQuery,
  openReportsQuery,
} from './reports/reports-repo.js';

const RowsSchema = z.object({ rows: z.array(z.record(z.string(), z.unknown())) });

/**
 * The plan PostgreSQL keeps for a prepared queue page once it stops planning each call afresh (the generic
 * plan, parameters unknown): the console's page, its size written in as the repositories prepare it, and
 * `after` a row in the middle of the queue.
 */
async function genericPlan(
  db: Db,
  query: { toSQL(): { sql: string; params: unknown[] } },
  values: Record<string, number>,
) {
  const { sql: text, params } = query.toSQL();
  const args = params.map((param) => {
    const name = (param as { name?: string }).name;
    if (name === undefined || values[name] === undefined) throw new Error(`no value for ${String(param)}`);
    return values[name];
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare queue_plan as ${text}`));
    const result = RowsSchema.parse(
      await tx.execute(sql.raw(`explain execute queue_plan${args.length ? `(${args.join(', ')})` : ''}`)),
    );
    await tx.execute(sql`deallocate queue_plan`);
    return result.rows.map((row) => String(Object.values(row)[0])).join('\n');
  });
}

const page = writtenLimit(ADMIN_QUEUE_PAGE_SIZE);
const after = sql.placeholder('after');

const firstId = async (db: Db, query: ReturnType<typeof sql>) =>
  Number(RowsSchema.parse(await db.execute(query)).rows[0]!.id);

// Issue 26: each queue's pages read along its partial index, in its order, and stop after `limit` rows: the
// 2,000 held or open rows among 100,000 are never all read and sorted.
describe.each(testDatabases)('admin queue plans with 100,000 requests, reports and messages (%s)', (kind) => {
  let t: TestApp;
  const middle = { request: 0, message: 0, report: 0 };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    await db.execute(sql`
      insert into users (username, email, full_name)
      select 'planuser' || i, 'planuser' || i || '@example.com', 'Plan User ' || i
      from generate_series(1, 2000) i`);
    const first = await firstId(db, sql`select min(id) as id from users where username like 'planuser%'`);
    // One request in 50 held; the times spread over a year, not in id order.
    await db.execute(sql`
      insert into referral_requests (job_seeker_id, company_id, position, job_url, normalized_job_url, status,
        held_rule, created_at)
      select ${first} + i % 2000, 1 + i % 13, 'Engineer', 'https://jobs.example/' || i, 'jobs.example/' || i,
        case when i % 50 = 0 then 'held' else 'pending' end, case when i % 50 = 0 then 'fee' end,
        now() - (i * 7919 % 525600) * interval '1 minute'
      from generate_series(1, 100000) i`);
    await db.execute(sql`
      insert into referrals (request_id, referrer_id)
      select id, ${first} + (id + 1) % 2000 from referral_requests where status = 'pending' and id % 10 = 0`);
    await db.execute(sql`
      insert into referral_messages (referral_id, author_id, body, status, held_rule)
      select f.id, f.referrer_id, 'Message ' || m, case when m = 10 and f.id % 5 = 0 then 'held' else 'delivered' end,
        case when m = 10 and f.id % 5 = 0 then 'fee' end
      from referrals f cross join generate_series(1, 10) m`);
    // One report in 50 open; a reporter reports each subject once.
    await db.execute(sql`
      insert into reports (reporter_id, subject_id, reason, note, status, created_at)
      select ${first} + i % 2000, ${first} + (i / 2000 + i % 2000 + 1) % 2000, 'spam', '',
        case when i % 50 = 0 then 'open' else 'resolved' end,
        now() - (i * 7919 % 525600) * interval '1 minute'
      from generate_series(1, 100000) i
      on conflict do nothing`);
    await db.execute(sql`analyze`);
    middle.request = await firstId(
      db,
      sql`select id from referral_requests where status = 'held' order by created_at, id offset 1000 limit 1`,
    );
    middle.message = await firstId(
      db,
      sql`select id from referral_messages where status = 'held' order by id offset 1000 limit 1`,
    );
    middle.report = await firstId(
      db,
      sql`select id from reports where status = 'open' order by created_at, id offset 1000 limit 1`,
    );
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Along the index, in its order: no sort, no table read whole. */
  function expectIndexed(plan: string, index: string, table: string) {
    expect(plan).toMatch(new RegExp(`Index Scan using ${index}`));
    expect(plan).not.toMatch(/(^|\s)(Incremental )?Sort\s/m);
    expect(plan).not.toMatch(new RegExp(`Seq Scan on ${table}`));
  }

  it('reads the first and the next page of held requests along referral_requests_held_idx', async () => {
    const db = t.database.db;
    expectIndexed(
      await genericPlan(db, heldRequestsQuery(db, page), {}),
      'referral_requests_held_idx',
      'referral_requests',
    );
    const next = await genericPlan(db, heldRequestsAfterQuery(db, page, after), {
      after: middle.request,
    });
    expectIndexed(next, 'referral_requests_held_idx', 'referral_requests');
    // The cursor's own row by primary key, and the page starts there in the index (not filtered row by row).
    expect(next).toMatch(/Index Scan using referral_requests_pkey on referral_requests cursor_request/);
    expect(next).toMatch(/Index Cond: \(ROW\(created_at, id\) > ROW\(/);
  });

  it('reads the first and the next page of held messages along referral_messages_held_idx', async () => {
    const db = t.database.db;
    expectIndexed(
      await genericPlan(db, heldMessagesQuery(db, page), {}),
      'referral_messages_held_idx',
      'referral_messages',
    );
    const next = await genericPlan(db, heldMessagesAfterQuery(db, page, after), {
      after: middle.message,
    });
    expectIndexed(next, 'referral_messages_held_idx', 'referral_messages');
    expect(next).toMatch(/Index Cond: \(id > \$/);
  });

  it('reads the first and the next page of open reports along reports_open_idx', async () => {
    const db = t.database.db;
    expectIndexed(await genericPlan(db, openReportsQuery(db, page), {}), 'reports_open_idx', 'reports');
    const next = await genericPlan(db, openReportsAfterQuery(db, page, after), {
      after: middle.report,
    });
    expectIndexed(next, 'reports_open_idx', 'reports');
    expect(next).toMatch(/Index Scan using reports_pkey on reports cursor_report/);
    expect(next).toMatch(/Index Cond: \(ROW\(created_at, id\) > ROW\(/);
  });

  // The console's pages are prepared with their size written in: a bound LIMIT kept PostgreSQL planning the
  // seven-table join of held messages on every call (custom plans, 3 to 11 ms against under 1 ms to run it).
  if (kind === 'postgres')
    it('runs each prepared first page on one plan, never planned per call', async () => {
      const plans = await t.database.db.transaction(async (tx) => {
        for (let i = 0; i < 8; i++) {
          await listHeldMessages(tx, { limit: ADMIN_QUEUE_PAGE_SIZE });
          await listHeldRequests(tx, { limit: ADMIN_QUEUE_PAGE_SIZE });
          await listOpenReports(tx, { limit: ADMIN_QUEUE_PAGE_SIZE });
        }
        return preparedPlans(tx, ['admin_held_messages', 'admin_held_requests', 'admin_open_reports']);
      });
      // Counted per connection: calls before these (on the pool's connection) may add to the generic ones.
      expect(plans.map(({ name, custom }) => ({ name, custom }))).toEqual([
        { name: 'admin_held_messages', custom: 0 },
        { name: 'admin_held_requests', custom: 0 },
        { name: 'admin_open_reports', custom: 0 },
      ]);
      for (const plan of plans) expect(plan.generic).toBeGreaterThanOrEqual(8);
    });
});
