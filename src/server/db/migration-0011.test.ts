import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAcross } from '../testing/migrations-before.js';

/** Migration 0011 on data written before it: owners for queued mail, private request names, one key per posting. */
describe('migration 0011 on existing data', () => {
  const client = new PGlite();
  const db = drizzle(client);
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

  beforeAll(() =>
    migrateAcross(
      client,
      '0011_hardening_three',
      `
      insert into users (id, username, email, full_name, current_company_name) values
        (1, 'ada', 'ada@example.com', 'Ada', 'Named Co'),
        (2, 'bob', 'bob@example.com', 'Bob', 'Yahoo'),
        (3, 'twin1', 'twin@example.com', 'Twin One', null),
        (4, 'twin2', 'TWIN@example.com', 'Twin Two', null);
      insert into companies (id, name, normalized_name, domain) values
        (1, 'Yahoo', 'yahoo', 'yahoo.com'),
        (2, 'Named Co', 'named co', null),
        (3, 'Call +1-555-0100 now', 'call +1-555-0100 now', null),
        (4, 'Acme Seeded', 'acme seeded', 'acme.example');
      insert into referrers (user_id, company_id, is_verified, verification_method) values
        (2, 1, true, 'sign-in-email');
      insert into verification_codes (user_id, company_id, email, code_hash) values
        (2, 1, 'bob.work@yahoo.com', 'x');
      insert into mail_outbox ("to", subject, text) values
        ('ADA@example.com', 'to ada', 'a'),
        ('bob.work@yahoo.com', 'code for bob', 'b'),
        ('twin@example.com', 'to a twin', 'c'),
        ('stranger@example.com', 'to nobody we know', 'd');
      insert into referral_requests (job_seeker_id, company_id, position, job_url, normalized_job_url) values
        (1, 3, 'Engineer', 'http://jobs.example/1', 'http://jobs.example/1'),
        (1, 3, 'Engineer', 'http://jobs.example/2', 'http://jobs.example/2'),
        (1, 3, 'Engineer', 'https://jobs.example/2', 'https://jobs.example/2');
    `,
    ),
  );
  afterAll(() => client.close());

  it('gives queued mail the one account it can mean, by its sign-in address or its code', async () => {
    const mail = await rows<{ subject: string; user_id: number | null; priority: number }>(
      sql`select subject, user_id, priority from mail_outbox order by id`,
    );
    expect(mail).toEqual([
      { subject: 'to ada', user_id: 1, priority: 1 },
      { subject: 'code for bob', user_id: 2, priority: 1 },
      { subject: 'to a twin', user_id: null, priority: 1 },
      { subject: 'to nobody we know', user_id: null, priority: 1 },
    ]);
  });

  it('takes names typed only on requests off the shared list, keeping seeded and worked-at ones', async () => {
    const listed = await rows<{ name: string; listed: boolean }>(
      sql`select name, listed from companies order by id`,
    );
    expect(listed).toEqual([
      { name: 'Yahoo', listed: true },
      { name: 'Named Co', listed: true },
      { name: 'Call +1-555-0100 now', listed: false },
      { name: 'Acme Seeded', listed: true },
    ]);
  });

  it('rekeys http:// requests as https://, unless the seeker already holds the https one', async () => {
    const keys = await rows<{ job_url: string; normalized_job_url: string }>(
      sql`select job_url, normalized_job_url from referral_requests order by id`,
    );
    expect(keys.map((k) => k.normalized_job_url)).toEqual([
      'https://jobs.example/1',
      'http://jobs.example/2',
      'https://jobs.example/2',
    ]);
  });

  it('takes a verification earned through a public mail provider back to pending', async () => {
    expect(await rows(sql`select is_verified, verification_method from referrers`)).toEqual([
      { is_verified: false, verification_method: null },
    ]);
  });
});
