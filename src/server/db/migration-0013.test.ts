import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAcross } from '../testing/migrations-before.js';

/** Migration 0013 on referrals answered before it: the timeline gets the steps their columns prove. */
describe('migration 0013 on existing referrals', () => {
  const client = new PGlite();
  const db = drizzle(client);

  beforeAll(() =>
    migrateAcross(
      client,
      '0013_referral_timeline',
      `
      insert into users (id, username, email, full_name) values
        (1, 'sam', 'sam@example.com', 'Sam'), (2, 'rita', 'rita@example.com', 'Rita');
      insert into companies (id, name, normalized_name) values (1, 'Acme', 'acme');
      insert into referral_requests (id, job_seeker_id, company_id, position, job_url, normalized_job_url) values
        (1, 1, 1, 'A', 'https://jobs.example/1', 'https://jobs.example/1'),
        (2, 1, 1, 'B', 'https://jobs.example/2', 'https://jobs.example/2'),
        (3, 1, 1, 'C', 'https://jobs.example/3', 'https://jobs.example/3');
      insert into referrals (id, request_id, referrer_id, status, feedback, answered_at, submitted_at, updated_at) values
        (1, 1, 2, 'pending', null, null, null, '2026-11-01T00:00:00Z'),
        (2, 2, 2, 'declined', 'Not my team', '2026-11-02T00:00:00Z', null, '2026-11-02T00:00:00Z'),
        (3, 3, 2, 'successful', 'Hired!', '2026-11-03T00:00:00Z', '2026-11-04T00:00:00Z', '2026-11-05T00:00:00Z');
    `,
    ),
  );
  afterAll(() => client.close());

  it('writes accepted, submitted and the current status with the one note kept; nothing for a pending one', async () => {
    const { rows } = await db.execute(
      sql`select referral_id, status, note, at from referral_status_changes order by referral_id, at`,
    );
    expect(rows.map((r) => [r.referral_id, r.status, r.note, new Date(String(r.at)).toISOString()])).toEqual([
      [2, 'declined', 'Not my team', '2026-11-02T00:00:00.000Z'],
      [3, 'accepted', null, '2026-11-03T00:00:00.000Z'],
      [3, 'submitted', null, '2026-11-04T00:00:00.000Z'],
      [3, 'successful', 'Hired!', '2026-11-05T00:00:00.000Z'],
    ]);
  });
});
