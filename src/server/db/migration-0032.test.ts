import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAcross } from '../testing/migrations-before.js';

/**
 * Migration 0032: each referrers row carries copies of its user's willingness and suspension and of their
 * pause (docs/decisions/048-referrer-availability-copies.md). They start from the data written before it,
 * and the database keeps them through every way their sources change, so the directory can trust them.
 */
describe('migration 0032 on existing data, and the copies it keeps', () => {
  const client = new PGlite();

  interface Copies {
    user_id: number;
    willing_now: boolean;
    paused_until: string | null;
    time_zone: string | null;
  }
  const copies = async () =>
    (
      await client.query<Copies>(
        'select user_id, willing_now, paused_until::text, time_zone from referrers order by user_id',
      )
    ).rows;
  /** What the copies must always equal: read from their sources. */
  const fromSources = async () =>
    (
      await client.query<Copies>(`
        select r.user_id, u.willing_to_give_referrals and u.suspended_at is null as willing_now,
          s.referrals_paused_until::text as paused_until, s.time_zone
        from referrers r join users u on u.id = r.user_id left join user_settings s on s.user_id = r.user_id
        order by r.user_id`)
    ).rows;

  beforeAll(() =>
    migrateAcross(
      client,
      '0032_referrer_availability',
      `
      insert into users (id, username, email, full_name, willing_to_give_referrals, suspended_at) values
        (1, 'ada', 'ada@acme.example', 'Ada', true, null),
        (2, 'bo', 'bo@acme.example', 'Bo', false, null),
        (3, 'cy', 'cy@acme.example', 'Cy', true, now()),
        (4, 'di', 'di@acme.example', 'Di', true, null),
        (5, 'ed', 'ed@acme.example', 'Ed', true, null);
      insert into companies (id, name, normalized_name) values (1, 'Acme', 'acme');
      insert into referrers (user_id, company_id) values (1, 1), (2, 1), (3, 1), (4, 1);
      insert into user_settings (user_id, referrals_paused_until, time_zone) values
        (1, '2030-01-01', 'Asia/Kolkata'), (2, null, 'Europe/Paris');
    `,
    ),
  );
  afterAll(() => client.close());

  it('copies what each referrer had before it', async () => {
    expect(await copies()).toEqual([
      { user_id: 1, willing_now: true, paused_until: '2030-01-01', time_zone: 'Asia/Kolkata' },
      { user_id: 2, willing_now: false, paused_until: null, time_zone: 'Europe/Paris' },
      { user_id: 3, willing_now: false, paused_until: null, time_zone: null },
      { user_id: 4, willing_now: true, paused_until: null, time_zone: null },
    ]);
  });

  it('follows willingness, suspension and its lifting', async () => {
    await client.exec('update users set willing_to_give_referrals = true where id = 2');
    await client.exec('update users set suspended_at = null where id = 3');
    await client.exec(
      'update users set willing_to_give_referrals = false, suspended_at = now() where id = 4',
    );
    expect((await copies()).map((c) => c.willing_now)).toEqual([true, true, true, false]);
    // A second suspension time, and a write that changes nothing, leave the copy as it is.
    await client.exec("update users set suspended_at = now() + interval '1 day' where id = 4");
    await client.exec('update users set willing_to_give_referrals = willing_to_give_referrals');
    expect(await copies()).toEqual(await fromSources());
  });

  it('follows the pause and the time zone: a new settings row, a change, and a deleted row', async () => {
    await client.exec(
      "insert into user_settings (user_id, referrals_paused_until, time_zone) values (3, '2031-05-06', 'America/Santiago')",
    );
    await client.exec("update user_settings set referrals_paused_until = '2032-02-03' where user_id = 2");
    await client.exec("update user_settings set time_zone = 'Pacific/Chatham' where user_id = 1");
    expect(await copies()).toEqual(await fromSources());
    expect((await copies())[2]).toMatchObject({ paused_until: '2031-05-06', time_zone: 'America/Santiago' });
    await client.exec('delete from user_settings where user_id = 1');
    expect((await copies())[0]).toMatchObject({ paused_until: null, time_zone: null });
    // An upsert as the settings screen writes it.
    await client.exec(`insert into user_settings (user_id, referrals_paused_until) values (1, '2033-01-01')
      on conflict (user_id) do update set referrals_paused_until = excluded.referrals_paused_until`);
    expect(await copies()).toEqual(await fromSources());
  });

  it('fills a new referrer from their user and settings, and never takes a copy from a statement', async () => {
    await client.exec("insert into user_settings (user_id, referrals_paused_until) values (5, '2034-04-04')");
    // A referrer row written with wrong copies gets the true ones.
    await client.exec(`insert into referrers (user_id, company_id, willing_now, paused_until, time_zone)
      values (5, 1, false, '2000-01-01', 'Europe/Oslo')`);
    expect((await copies())[4]).toEqual({
      user_id: 5,
      willing_now: true,
      paused_until: '2034-04-04',
      time_zone: null,
    });
    await client.exec("update referrers set willing_now = false, paused_until = null, time_zone = 'UTC'");
    expect(await copies()).toEqual(await fromSources());
    // Other columns of the row are written as before.
    await client.exec(
      `update referrers set position = 'Engineer', last_assigned_at = now() where user_id = 5`,
    );
    expect(await copies()).toEqual(await fromSources());
  });

  it('lets a deleted account take its rows with it', async () => {
    await client.exec('delete from users where id in (1, 5)');
    expect((await copies()).map((c) => c.user_id)).toEqual([2, 3, 4]);
    expect(await copies()).toEqual(await fromSources());
  });
});
