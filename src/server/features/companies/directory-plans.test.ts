import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../testing/bulk-referrals.js';
import { preparedPlans } from '../../testing/plan-world.js';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';
import { companyDirectory } from './service.js';
import { countReferrers, directoryPageQuery, readDirectoryPage, referrerCountQuery } from './stats-repo.js';

const COMPANIES = 10_000;
const TTL = 365 * 24 * 3600 * 1000;

/** Through indexes, in the index's order: neither table scanned whole, nothing sorted. */
function expectIndexed(plan: string) {
  expect(plan).not.toMatch(/Seq Scan on companies/);
  expect(plan).not.toMatch(/Seq Scan on referrers/);
  expect(plan).not.toMatch(/(^|\s)Sort\s/m);
}

// Issue 25 item 8: 10,000 companies, a referrer at every fifth (4,000 referrers, a tenth of them paused).
describe.each(testDatabases)('company directory query plans with 10,000 companies (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    await db.execute(sql`
      insert into companies (name, normalized_name)
      select 'Plan Co ' || lpad(i::text, 5, '0'), 'plan co ' || lpad(i::text, 5, '0')
      from generate_series(1, ${COMPANIES}) as i`);
    await db.execute(sql`
      insert into users (username, email, full_name, willing_to_give_referrals)
      select 'planref' || i, 'planref' || i || '@example.com', 'Plan Referrer ' || i, i % 7 <> 0
      from generate_series(1, 4000) as i`);
    await db.execute(sql`
      insert into referrers (user_id, company_id, is_verified, verified_at)
      select u.id, c.id, u.id % 2 = 0, now()
      from (select id, row_number() over (order by id) as n from users where username like 'planref%') u
      join (select id, row_number() over (order by id) as n from companies where normalized_name like 'plan co %') c
        on c.n = ((u.n - 1) % 2000) * 5 + 1`);
    await db.execute(sql`
      insert into user_settings (user_id, referrals_paused_until, time_zone)
      select id, date '2099-01-01', 'Europe/Berlin' from users where username like 'planref%' and id % 10 = 0`);
    await db.execute(sql`analyze`);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('reads the first page, a later page and a search along companies_directory_idx, without sorting', async () => {
    const db = t.database.db;
    const now = new Date();
    for (const args of [
      { rows: 21 },
      { rows: 21, after: 'plan co 05000' },
      { rows: 21, prefix: 'plan co 07' },
      { rows: 51, prefix: 'plan co 07', after: 'plan co 07100' },
    ]) {
      const plan = await planOf(db, directoryPageQuery(db, args, now, new Date(Date.now() - TTL)));
      expect(plan, JSON.stringify(args)).toMatch(/companies_directory_idx/);
      expect(plan, JSON.stringify(args)).toMatch(/referrers_company_idx/);
      // Availability is read from the referrer's own row (docs/decisions/048-referrer-availability-copies.md): no other table is probed.
      expect(plan, JSON.stringify(args)).not.toMatch(/user_settings|users/);
      expectIndexed(plan);
    }
  });

  it("counts a company's referrers through referrers_company_idx, as the directory's page counts them", async () => {
    const db = t.database.db;
    const now = new Date();
    const since = new Date(now.getTime() - TTL);
    const page = await directoryPageQuery(db, { rows: 20, prefix: 'plan co 04' }, now, since);
    const ids = page.map((c) => c.id);
    expect(ids).toHaveLength(20);
    const plan = await planOf(db, referrerCountQuery(db, ids, since, now));
    expect(plan).toMatch(/referrers_company_idx/);
    // Sorting the page's few rows for the grouping is fine; reading every referrer is not. Availability is
    // read from the referrers rows themselves (docs/decisions/048-referrer-availability-copies.md): no probe
    // of users or user_settings per referrer, which were most of a page's time in PostgreSQL (issue 26).
    expect(plan).not.toMatch(/Seq Scan on referrers/);
    expect(plan).not.toMatch(/users|user_settings|Join/);
    const counts = await countReferrers(db, ids, since, now);
    expect(page.map((c) => counts.get(c.id))).toEqual(
      page.map(({ referrers, verified }) => ({ referrers, verified })),
    );
    // Half of the referrers are verified and a tenth paused: both counts differ between companies.
    expect(new Set(page.map((c) => c.verified)).size).toBeGreaterThan(1);
  });

  // The index's condition is written as SQL, not bound: with `listed = $1` a generic plan could not use the
  // partial index, so PostgreSQL planned every page afresh (0.14 ms a call). PGlite keeps no
  // pg_prepared_statements rows to count by.
  if (kind === 'postgres')
    it('reads the first page and a search on kept plans, not planned afresh on every call', async () => {
      const search = { rows: 21, prefix: 'plan co 07' };
      const plans = await t.database.db.transaction(async (tx) => {
        for (let i = 0; i < 8; i++) {
          expect(await readDirectoryPage(tx, { rows: 21 }, new Date(), new Date(0))).toHaveLength(21);
          expect(await readDirectoryPage(tx, search, new Date(), new Date(0))).toHaveLength(21);
        }
        return preparedPlans(tx, ['directory_page', 'directory_search']);
      });
      expect(plans.map((plan) => plan.name)).toEqual(['directory_page', 'directory_search']);
      for (const plan of plans) expect(plan.generic, plan.name).toBeGreaterThanOrEqual(3);
    });

  it('answers a page in milliseconds', async () => {
    const db = t.database.db;
    await companyDirectory(db, { limit: 20 }, TTL);
    const started = performance.now();
    const first = await companyDirectory(db, { limit: 20 }, TTL);
    const second = await companyDirectory(db, { limit: 20, cursor: first.nextCursor! }, TTL);
    const search = await companyDirectory(db, { limit: 20, q: 'plan co 09' }, TTL);
    const elapsed = (performance.now() - started) / 3;
    expect(first.items).toHaveLength(20);
    expect(second.items[0]!.name > first.items[19]!.name).toBe(true);
    expect(search.items.every((c) => c.name.startsWith('Plan Co 09'))).toBe(true);
    // Generous for a shared test machine; a scan of the tables takes far longer at this size.
    expect(elapsed).toBeLessThan(400);
  });
});
