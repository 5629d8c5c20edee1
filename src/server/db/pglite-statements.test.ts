import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementCachingPGlite } from './pglite-statements.js';

describe('PGlite with named statements', () => {
  let db: StatementCachingPGlite;
  let plain: PGlite;
  const schema = `
    create table people (id serial primary key, name text not null unique, born timestamptz, tags text[]);
    insert into people (name, born, tags) values
      ('Ada', '1815-12-10T00:00:00Z', '{math,engines}'), ('Grace', '1906-12-09T00:00:00Z', null);`;

  async function statementsFor(text: string): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements where statement = $1',
      [text],
    );
    return rows[0]!.n;
  }

  beforeAll(async () => {
    db = new StatementCachingPGlite(undefined, {});
    plain = new PGlite();
    await db.exec(schema);
    await plain.exec(schema);
  });
  afterAll(async () => {
    await db.close();
    await plain.close();
  });

  it('answers exactly as PGlite does: rows, fields, types, nulls, arrays and array rows', async () => {
    const cases: Array<[string, unknown[], { rowMode?: 'array' }?]> = [
      ['select id, name, born, tags from people where id = $1', [1]],
      ['select id, name, born, tags from people where name = $1 or $2::text is null', ['Grace', null]],
      ['select name from people where born < $1 order by id', [new Date('1900-01-01T00:00:00Z')]],
      ['select id, name from people order by id', [], { rowMode: 'array' }],
      ['select * from people where id = any($1)', [[1, 2]]],
    ];
    for (const [text, params, options] of cases) {
      for (let call = 0; call < 2; call++) {
        expect(await db.query(text, params, options), text).toEqual(await plain.query(text, params, options));
      }
    }
  });

  it('keeps the parsers it was given, in memory too', async () => {
    const withParsers = new StatementCachingPGlite(undefined, { parsers: { 1184: (text) => `at ${text}` } });
    try {
      const { rows } = await withParsers.query<{ t: string }>(
        "select timestamptz '2026-01-02 03:04:05+00' as t",
      );
      expect(rows[0]!.t).toMatch(/^at 2026-01-02 03:04:05/);
    } finally {
      await withParsers.close();
    }
  });

  it('parses a query once and reuses it', async () => {
    const text = 'select name from people where id = $1';
    expect((await db.query(text, [1])).rows).toEqual([{ name: 'Ada' }]);
    expect((await db.query(text, [2])).rows).toEqual([{ name: 'Grace' }]);
    expect((await db.query(text, [3])).rows).toEqual([]);
    expect(await statementsFor(text)).toBe(1);
  });

  it('reports writes and their errors as PGlite does, and goes on answering after an error', async () => {
    const insert = 'insert into people (name) values ($1) returning id';
    const first = await db.query<{ id: number }>(insert, ['Katherine']);
    expect(first.rows).toEqual([{ id: 3 }]);
    expect(first.affectedRows).toBe(1);

    const duplicate = await db.query(insert, ['Katherine']).catch((err: unknown) => err);
    expect(duplicate).toMatchObject({ code: '23505', query: insert, params: ['Katherine'] });
    const badType = await db.query('select name from people where id = $1', ['not a number']).catch((e) => e);
    expect(badType).toMatchObject({ code: '22P02' });
    const syntax = await db.query('select name frm people').catch((err: unknown) => err);
    expect(syntax).toMatchObject({ code: '42601' });
    // A value that cannot be written for its type fails before PostgreSQL sees it.
    const invalidDate = await db
      .query('select name from people where born < $1', [new Date('not a date')])
      .catch((err: unknown) => err);
    expect(invalidDate).toBeInstanceOf(RangeError);

    const update = await db.query('update people set name = $1 where name = $2', [
      'Katherine J.',
      'Katherine',
    ]);
    expect(update.affectedRows).toBe(1);
    expect((await db.query('select count(*)::int as n from people')).rows).toEqual([{ n: 3 }]);
  });

  it('parses again after the table under a statement changed', async () => {
    await db.exec('create table shifting (a int); insert into shifting values (1)');
    const text = 'select * from shifting';
    expect((await db.query(text)).rows).toEqual([{ a: 1 }]);
    await db.exec('alter table shifting add column b int default 2');
    // PostgreSQL refuses a statement whose result changed shape; the statement is dropped, not kept broken.
    await db.query(text).catch(() => undefined);
    expect((await db.query(text)).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it('waits for an open transaction instead of running inside it', async () => {
    let inserted!: () => void;
    const insertedInTransaction = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query("insert into people (name) values ('Margaret')");
      inserted();
      await held;
      await tx.rollback();
    });
    await insertedInTransaction;
    const outside = db.query<{ n: number }>("select count(*)::int as n from people where name = 'Margaret'");
    // Time enough for the query to run, were it to run inside the open transaction.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('keeps at most 500 statements, closing the least recently used', async () => {
    const hot = 'select name from people where id = $1 and true';
    await db.query(hot, [1]);
    for (let i = 0; i < 520; i++) {
      await db.query(`select ${i} as n`);
      if (i % 100 === 0) await db.query(hot, [1]);
    }
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where name like 'referbridge_%'",
    );
    expect(rows[0]!.n).toBeLessThanOrEqual(500);
    expect(await statementsFor('select 0 as n')).toBe(0);
    expect(await statementsFor(hot)).toBe(1);
  });
});
