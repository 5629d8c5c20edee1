import { eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/test-app.js';
import { seedBulkReferrals } from '../testing/bulk-referrals.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.js';
import type { Db } from './client.js';
import { fastRows } from './fast-rows.js';
import { referralRequests, referrals, users } from './schema.js';

const referrer = alias(users, 'referrer');

/**
 * A selection with every kind of field drizzle maps: columns of the main table, of an inner join, of a
 * left join that may find nothing (its object then null) and of an aliased one; SQL with and without a
 * decoder, an aliased SQL; an object mixing two tables; an object whose first column is null though its
 * row was found (drizzle then makes the whole object null: its rule, kept).
 */
function selection(db: Db) {
  return db
    .select({
      request: {
        id: referralRequests.id,
        position: referralRequests.position,
        createdAt: referralRequests.createdAt,
        closedAt: referralRequests.closedAt,
        heldRule: referralRequests.heldRule,
      },
      seeker: { id: users.id, fullName: users.fullName, shout: sql<string>`upper(${users.fullName})` },
      referral: getTableColumns(referrals),
      passedOn: { supersededAt: referrals.supersededAt, id: referrals.id },
      both: { requestId: referralRequests.id, referralId: referrals.id },
      // First a left join's column, then another table's: never null as a whole, even with no referral.
      mixed: { referralId: referrals.id, requestId: referralRequests.id },
      // The main table's object whose first column is often null: never null as a whole either.
      closing: { closedAt: referralRequests.closedAt, id: referralRequests.id },
      // Expressions only: no table to make the object null by.
      exprs: { one: sql<number>`1`, none: sql<null>`null` },
      referrerName: referrer.fullName,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      at: sql`${referralRequests.createdAt}`.mapWith(referralRequests.createdAt),
      word: sql<string>`'word'`.as('word'),
      doc: sql<{ id: number }>`jsonb_build_object('id', ${referralRequests.id})`,
    })
    .from(referralRequests)
    .innerJoin(users, eq(users.id, referralRequests.jobSeekerId))
    .leftJoin(referrals, eq(referrals.requestId, referralRequests.id))
    .leftJoin(referrer, eq(referrer.id, referrals.referrerId))
    .orderBy(referralRequests.id);
}

describe.each(testDatabases)('fastRows (%s)', (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    await seedBulkReferrals(db, { seekers: 3, referrers: 2, requests: 12, companies: 4 });
    // Times with microseconds; some closed, some passed on; two requests with no referral at all.
    await db.execute(sql`update referral_requests set
      created_at = timestamptz '2026-01-05 09:00:00.123456+00' + id * interval '1 second',
      closed_at = case when id % 4 = 0 then now() + interval '7 microseconds' end,
      held_rule = case when id % 5 = 0 then 'payment' end`);
    await db.execute(sql`update referrals set superseded_at = now() where id % 3 = 1`);
    await db.execute(sql`delete from referrals where request_id in (
      select id from referral_requests order by id desc limit 2)`);
  });
  afterAll(() => database.close());

  /** The rows as drizzle maps them, and as fastRows does, from two statements of the same text. */
  async function bothWays(on: Db, name: string) {
    const drizzles = await selection(on).prepare(`${name}_drizzle`).execute();
    const fast = await fastRows(selection(on).prepare(`${name}_fast`)).execute();
    return { drizzles, fast };
  }

  it("gives drizzle's rows: values, nesting, nulls and the order of keys", async () => {
    const { drizzles, fast } = await bothWays(db, 'fast_rows_utc');
    expect(fast).toStrictEqual(drizzles);
    expect(fast.map((row) => JSON.stringify(row))).toEqual(drizzles.map((row) => JSON.stringify(row)));
    expect(fast).toHaveLength(12);
    // The cases the selection was built for are all in the data.
    expect(fast.filter((row) => row.referral === null)).toHaveLength(2);
    expect(fast.filter((row) => row.referral !== null && row.passedOn === null).length).toBeGreaterThan(0);
    expect(fast.filter((row) => row.passedOn !== null).length).toBeGreaterThan(0);
    expect(fast.every((row) => row.both.requestId === row.request.id)).toBe(true);
    expect(fast.filter((row) => row.mixed.referralId === null)).toHaveLength(2);
    expect(fast.filter((row) => row.closing.closedAt === null).length).toBeGreaterThan(0);
    expect(fast.every((row) => row.closing.id === row.request.id)).toBe(true);
    expect(fast[0]!.exprs).toEqual({ one: 1, none: null });
    expect(fast.filter((row) => row.request.closedAt instanceof Date).length).toBeGreaterThan(0);
    expect(fast.filter((row) => row.request.heldRule === 'payment').length).toBeGreaterThan(0);
    expect(fast[0]!.doc).toEqual({ id: fast[0]!.request.id });
    expect(fast[0]!.at).toBeInstanceOf(Date);
    expect(fast[0]!.at.getTime()).toBe(fast[0]!.request.createdAt.getTime());
    expect(fast[0]!.request.createdAt.getUTCMilliseconds()).toBe(123);
    expect(fast[0]).toMatchObject({ total: 12, word: 'word' });
  });

  it('reads times written in a zone other than UTC, with minutes in its offset', async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
      const { drizzles, fast } = await bothWays(tx, 'fast_rows_kolkata');
      expect(fast).toStrictEqual(drizzles);
      const { rows } = (await tx.execute(sql`select now()::text as now`)) as unknown as {
        rows: { now: string }[];
      };
      expect(rows[0]!.now).toMatch(/\+05:30$/);
    });
  });

  it('leaves a query that is not a select with a selection as it is', () => {
    const insert = db
      .insert(users)
      .values({ username: 'x', email: 'x@example.com', fullName: 'X' })
      .prepare('fast_rows_insert');
    const before = (insert as unknown as { customResultMapper?: unknown }).customResultMapper;
    expect(fastRows(insert)).toBe(insert);
    expect((insert as unknown as { customResultMapper?: unknown }).customResultMapper).toBe(before);
  });

  it('refuses a selection nested deeper than one object, when it is prepared', () => {
    // drizzle's types allow no such selection; its query builder takes one all the same.
    const deep = db
      .select({ outer: { inner: { id: users.id } } } as never)
      .from(users)
      .prepare('fast_rows_deep');
    expect(() => fastRows(deep)).toThrow(
      'fastRows maps selections one object deep; this one has the path outer.inner.id',
    );
  });
});
