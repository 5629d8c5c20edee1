import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAcross } from '../testing/migrations-before.js';

/**
 * Migration 0016 (docs/decisions/033-request-lifecycle.md) on data written before it: the one-per-posting
 * index becomes one open request per posting, and old declines, already handed on, are not swept again.
 */
describe('migration 0016 on existing data', () => {
  const client = new PGlite();

  beforeAll(() =>
    migrateAcross(
      client,
      '0016_request_lifecycle',
      `
      insert into users (id, username, email, full_name) values
        (1, 'ada', 'ada@example.com', 'Ada'), (2, 'bob', 'bob@example.com', 'Bob');
      insert into companies (id, name, normalized_name) values (1, 'Acme', 'acme');
      insert into referral_requests (id, job_seeker_id, company_id, position, job_url, normalized_job_url, status)
        values (1, 1, 1, 'Engineer', 'https://jobs.example/1', 'https://jobs.example/1', 'declined'),
               (2, 1, 1, 'Engineer', 'https://jobs.example/2', 'https://jobs.example/2', 'pending');
      insert into referrals (request_id, referrer_id, status, answered_at)
        values (1, 2, 'declined', now());
    `,
    ),
  );
  afterAll(() => client.close());

  const ask = (id: number, url: string, status = 'pending') =>
    client.query(
      `insert into referral_requests (id, job_seeker_id, company_id, position, job_url, normalized_job_url, status)
       values ($1, 1, 1, 'Engineer', $2, $2, $3)`,
      [id, url, status],
    );

  it('lets an ended request be asked again, but never two open ones', async () => {
    await ask(3, 'https://jobs.example/1');
    await expect(ask(4, 'https://jobs.example/1')).rejects.toThrow(/referral_requests_seeker_job_key/);
    await expect(ask(5, 'https://jobs.example/2')).rejects.toThrow(/referral_requests_seeker_job_key/);
    await ask(6, 'https://jobs.example/2', 'withdrawn');
  });

  it('keeps old declines out of the undo sweep: they have no declined_at', async () => {
    const { rows } = await client.query<{ declined_at: Date | null; decline_reason: string | null }>(
      'select declined_at, decline_reason from referrals',
    );
    expect(rows).toEqual([{ declined_at: null, decline_reason: null }]);
  });
});
