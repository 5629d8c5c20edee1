import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAcross } from '../testing/migrations-before.js';

/**
 * Migration 0029: companies.referrer_count starts from the referrers written before it, and the database
 * keeps it through every way a referrer row comes, goes or moves, a cascade from a deleted user included.
 * The directory reads only the companies where it is above zero.
 */
describe('migration 0029 on existing data, and the count it keeps', () => {
  const client = new PGlite();

  const counts = async () =>
    (
      await client.query<{ id: number; referrer_count: number }>(
        'select id, referrer_count from companies order by id',
      )
    ).rows;
  /** Every company's count as the referrers table has it: what the kept count must always equal. */
  const recounted = async () =>
    (
      await client.query<{ id: number; referrer_count: number }>(`
        select c.id, (select count(*)::int from referrers r where r.company_id = c.id) as referrer_count
        from companies c order by c.id`)
    ).rows;

  beforeAll(() =>
    migrateAcross(
      client,
      '0029_directory_staffed',
      `
      insert into users (id, username, email, full_name) values
        (1, 'ada', 'ada@acme.example', 'Ada'), (2, 'bo', 'bo@acme.example', 'Bo'),
        (3, 'cy', 'cy@globex.example', 'Cy'), (4, 'di', 'di@globex.example', 'Di');
      insert into companies (id, name, normalized_name) values
        (1, 'Acme', 'acme'), (2, 'Globex', 'globex'), (3, 'Initech', 'initech');
      insert into referrers (user_id, company_id) values (1, 1), (2, 1), (3, 2);
    `,
    ),
  );
  afterAll(() => client.close());

  it('counts the referrers each company had before it', async () => {
    expect(await counts()).toEqual([
      { id: 1, referrer_count: 2 },
      { id: 2, referrer_count: 1 },
      { id: 3, referrer_count: 0 },
    ]);
  });

  it('follows a new referrer, a move between companies, a merge and a deleted user', async () => {
    await client.exec('insert into referrers (user_id, company_id) values (4, 3)');
    expect(await counts()).toEqual([
      { id: 1, referrer_count: 2 },
      { id: 2, referrer_count: 1 },
      { id: 3, referrer_count: 1 },
    ]);
    // One referrer names another company; then a merge moves every referrer of one company at once.
    await client.exec('update referrers set company_id = 2 where user_id = 1');
    expect(await counts()).toEqual(await recounted());
    await client.exec('update referrers set company_id = 3 where company_id = 2');
    expect(await counts()).toEqual([
      { id: 1, referrer_count: 1 },
      { id: 2, referrer_count: 0 },
      { id: 3, referrer_count: 3 },
    ]);
    // An update that leaves the company as it was changes nothing; other columns do not count.
    await client.exec(`update referrers set company_id = company_id, position = 'Engineer'`);
    expect(await counts()).toEqual(await recounted());
    // A deleted account takes its referrer row with it (on delete cascade), and the count follows.
    await client.exec('delete from users where id in (2, 3)');
    expect(await counts()).toEqual([
      { id: 1, referrer_count: 0 },
      { id: 2, referrer_count: 0 },
      { id: 3, referrer_count: 2 },
    ]);
    expect(await counts()).toEqual(await recounted());
  });
});
