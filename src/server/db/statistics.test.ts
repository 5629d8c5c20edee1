import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rows } from '../testing/db-digest.js';
import { testDatabases } from '../testing/test-app.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.js';
import type { Db } from './client.js';
import { analyzeChangedTables, keepStatistics, needsStatisticsKept } from './statistics.js';

/** docs/decisions/088-planner-statistics-kept.md: tables analyzed where no autovacuum does it. */

async function addUsers(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    insert into users (username, email, full_name)
    select 'stats' || g, 'stats' || g || '@example.com', 'Stats ' || g from generate_series(1, ${count}) g`);
}

async function plannedUsers(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select reltuples::int as n from pg_class where oid = 'users'::regclass`,
  );
  return row!.n;
}

/** The counts of changed rows reach the statistics views a moment after the commit: pass until it names `table`. */
async function passUntil(db: Db, table: string): Promise<string[]> {
  let analyzed: string[] = [];
  await vi.waitFor(
    async () => {
      analyzed = await analyzeChangedTables(db);
      expect(analyzed).toContain(table);
    },
    { timeout: 15_000, interval: 200 },
  );
  return analyzed;
}

describe.each(testDatabases)('planner statistics (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind, null);
  });
  afterAll(() => database.close());

  it('analyzes every table never analyzed, then a table once it changed by 50 rows and a tenth', async () => {
    const { db } = database;
    expect(await analyzeChangedTables(db)).toEqual(expect.arrayContaining(['resume_files', 'users']));
    expect(await analyzeChangedTables(db)).toEqual([]);

    await addUsers(db, 400);
    await passUntil(db, 'users');
    expect(await plannedUsers(db)).toBe(400);
    expect(await analyzeChangedTables(db)).not.toContain('users');

    // 20 changed rows are under 50 and a tenth of 400: the planner keeps its sizes until the table changes more.
    await db.execute(sql`update users set bio = 'changed' where id in (select id from users limit 20)`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await analyzeChangedTables(db)).not.toContain('users');
    await db.execute(sql`delete from users where username like 'stats%' and id % 4 = 0`);
    await passUntil(db, 'users');
    expect(await plannedUsers(db)).toBe(300);
  });

  it('analyzes a table that grew while the counts of its changes were lost, from the size of its files', async () => {
    const { db } = database;
    await analyzeChangedTables(db);
    await addUsers(db, 2000);
    const modified = async () =>
      (
        await rows<{ n: number }>(
          db,
          sql`select n_mod_since_analyze::int as n from pg_stat_user_tables where relname = 'users'`,
        )
      )[0]!.n;
    // Counted, then lost: as after a kill, which leaves no saved counts.
    await vi.waitFor(async () => expect(await modified()).toBeGreaterThanOrEqual(2000), { timeout: 15_000 });
    await db.execute(sql`select pg_stat_reset()`);
    await vi.waitFor(async () => expect(await modified()).toBe(0), { timeout: 15_000 });
    expect(await analyzeChangedTables(db)).toContain('users');
    const [{ n }] = (await rows<{ n: number }>(db, sql`select count(*)::int as n from users`)) as [
      { n: number },
    ];
    expect(await plannedUsers(db)).toBe(n);
  });

  it('is needed on the embedded database always, and on PostgreSQL when its autovacuum is off', async () => {
    const [{ autovacuum }] = (await rows<{ autovacuum: string }>(database.db, sql`show autovacuum`)) as [
      { autovacuum: string },
    ];
    expect(await needsStatisticsKept(database.db, kind === 'pglite')).toBe(
      kind === 'pglite' || autovacuum === 'off',
    );
  });

  it('looks at once when started, says which tables it analyzed, and stop() waits for the pass', async () => {
    const { db } = database;
    await db.execute(
      sql`insert into companies (name, normalized_name) select 'Stats Company ' || g, 'stats company ' || g from generate_series(1, 200) g`,
    );
    const info = vi.fn();
    await vi.waitFor(
      async () => {
        const keeper = keepStatistics(db, { info, warn: vi.fn() }, 60_000);
        await keeper.stop();
        expect(info).toHaveBeenCalledWith(
          { tables: expect.arrayContaining(['companies']) as unknown },
          'planner statistics brought up to date',
        );
      },
      { timeout: 15_000, interval: 300 },
    );
  });
});

describe('the keeper on a bad day', () => {
  it('tells of a pass that failed and tries again on its next look, never throwing', async () => {
    let calls = 0;
    const failing = {
      transaction: () => {
        calls++;
        return Promise.reject(new Error('connection lost'));
      },
    } as unknown as Db;
    const warn = vi.fn();
    const keeper = keepStatistics(failing, { info: vi.fn(), warn }, 20);
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2));
    await keeper.stop();
    expect(warn).toHaveBeenCalledWith(
      { err: expect.any(Error) as unknown },
      'planner statistics could not be brought up to date',
    );
  });
});
