import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/test-app.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.js';
import type { Db } from './client.js';
import { pageStamp, rowStamp, type StampRead } from './row-stamp.js';
import { companies, users } from './schema.js';

/** The stamp of the first three users, as a page's stamp is made. */
const firstUsersStamp = pageStamp('test_first_users_stamp', (db) =>
  db
    .select({ stamp: rowStamp([users]).as('stamp') })
    .from(users)
    .orderBy(asc(users.id))
    .limit(3),
);

describe.each(testDatabases)('a stamp unless nothing has committed (%s)', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let firstUserId: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    const made = await db
      .insert(users)
      .values(
        [1, 2, 3, 4].map((n) => ({
          username: `stamp${n}`,
          email: `stamp${n}@example.com`,
          fullName: `Stamp ${n}`,
        })),
      )
      .returning({ id: users.id });
    firstUserId = Math.min(...made.map(({ id }) => id));
  });
  afterAll(() => database.close());

  /**
   * The stamp read again from the snapshot `since`: skipped (null) only at that very snapshot. On PGlite
   * nothing else writes, so it is skipped; PostgreSQL's other tests commit in other databases of the same
   * server, which moves the snapshot too, and then the stamp is read.
   */
  async function readAgain(since: StampRead): Promise<StampRead> {
    const again = await firstUsersStamp.read(db, since.snapshot);
    if (again.stamp === null) expect(again.snapshot).toBe(since.snapshot);
    else expect(again.snapshot).not.toBe(since.snapshot);
    return again;
  }

  it('reads the stamp when given no snapshot, and skips it while nothing has committed since', async () => {
    const first = await firstUsersStamp.read(db, '');
    expect(first.stamp).toMatch(/^\d+\/\d+;\d+\/\d+;\d+\/\d+$/);
    expect(first.snapshot).toMatch(/^\d+:\d+:/);
    // A read commits nothing.
    await db.select({ id: users.id }).from(users).limit(1);
    const again = await readAgain(first);
    if (kind === 'pglite') expect(again.stamp).toBeNull();
    else if (again.stamp !== null) expect(again.stamp).toBe(first.stamp);
    expect((await firstUsersStamp.read(db, 'another snapshot')).stamp).toBe(first.stamp);
  });

  it('reads the stamp after any commit, and a write to the rows changes it', async () => {
    const before = await firstUsersStamp.read(db, '');
    // A commit to another table: the stamp is read, and is the same.
    await db.insert(companies).values({ name: `Stamp Co ${kind}`, normalizedName: `stamp co ${kind}` });
    const elsewhere = await firstUsersStamp.read(db, before.snapshot);
    expect(elsewhere.snapshot).not.toBe(before.snapshot);
    expect(elsewhere.stamp).toBe(before.stamp);
    // A row locked, not written: a transaction that commits, and the same stamp.
    await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, firstUserId)).for('update');
      await tx.insert(companies).values({ name: `Stamp Co ${kind} 2`, normalizedName: `stamp co ${kind} 2` });
    });
    const locked = await firstUsersStamp.read(db, elsewhere.snapshot);
    expect(locked.snapshot).not.toBe(elsewhere.snapshot);
    expect(locked.stamp).toBe(before.stamp);
    // A write of the same values to one of the rows: a new version, a new stamp.
    await db
      .update(users)
      .set({ fullName: sql`${users.fullName}` })
      .where(eq(users.id, firstUserId));
    const written = await firstUsersStamp.read(db, locked.snapshot);
    expect(written.stamp).not.toBeNull();
    expect(written.stamp).not.toBe(before.stamp);
  });

  it('reads the stamp after a transaction that rolled back', async () => {
    const before = await firstUsersStamp.read(db, '');
    await expect(
      db.transaction(async (tx) => {
        await tx.update(users).set({ fullName: 'Never' }).where(eq(users.id, firstUserId));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await firstUsersStamp.read(db, before.snapshot);
    expect(after.snapshot).not.toBe(before.snapshot);
    expect(after.stamp).toBe(before.stamp);
  });
});
