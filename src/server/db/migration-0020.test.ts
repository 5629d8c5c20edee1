import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAcross } from '../testing/migrations-before.js';

/**
 * Migration 0020 (docs/decisions/036-retention.md) on data written before it: closed requests get
 * `closed_at` from the timeline's last move into their status, else their last update; open ones none; and
 * nothing is erased or told yet.
 */
describe('migration 0020 on existing data', () => {
  const client = new PGlite();

  beforeAll(() =>
    migrateAcross(
      client,
      '0020_retention',
      `
      insert into users (id, username, email, full_name) values
        (1, 'ada', 'ada@example.com', 'Ada'), (2, 'bob', 'bob@example.com', 'Bob');
      insert into companies (id, name, normalized_name) values (1, 'Acme', 'acme');
      insert into referral_requests
          (id, job_seeker_id, company_id, position, job_url, normalized_job_url, status, message, updated_at)
        values
          (1, 1, 1, 'Engineer', 'https://jobs.example/1', 'https://jobs.example/1', 'successful', 'hi', '2025-03-09T00:00:00Z'),
          (2, 1, 1, 'Engineer', 'https://jobs.example/2', 'https://jobs.example/2', 'expired', null, '2025-02-01T00:00:00Z'),
          (3, 1, 1, 'Engineer', 'https://jobs.example/3', 'https://jobs.example/3', 'accepted', null, '2025-02-02T00:00:00Z'),
          (4, 1, 1, 'Engineer', 'https://jobs.example/4', 'https://jobs.example/4', 'submitted', null, '2025-02-03T00:00:00Z');
      insert into referrals (id, request_id, referrer_id, status) values
        (1, 1, 2, 'successful'), (3, 3, 2, 'accepted'), (4, 4, 2, 'submitted');
      insert into referral_status_changes (referral_id, status, note, at) values
        (1, 'accepted', 'yes', '2025-01-01T00:00:00Z'),
        (1, 'submitted', null, '2025-01-02T00:00:00Z'),
        (1, 'successful', 'hired', '2025-01-05T00:00:00Z'),
        (3, 'accepted', null, '2025-01-06T00:00:00Z'),
        (4, 'submitted', null, '2025-01-07T00:00:00Z');
    `,
    ),
  );
  afterAll(() => client.close());

  it('dates closed requests from their last move into their status, else their last update', async () => {
    const { rows } = await client.query<{
      id: number;
      closed_at: Date | null;
      erasure_noticed_at: Date | null;
      erased_at: Date | null;
      message: string | null;
    }>('select id, closed_at, erasure_noticed_at, erased_at, message from referral_requests order by id');
    expect(rows.map((r) => [r.id, r.closed_at?.toISOString() ?? null])).toEqual([
      [1, '2025-01-05T00:00:00.000Z'],
      [2, '2025-02-01T00:00:00.000Z'],
      [3, null],
      [4, '2025-01-07T00:00:00.000Z'],
    ]);
    expect(rows.every((r) => r.erasure_noticed_at === null && r.erased_at === null)).toBe(true);
    expect(rows[0]!.message).toBe('hi');
  });
});
