import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAcross } from '../testing/migrations-before.js';

/**
 * Migration 0041 on referrals written before it (docs/decisions/084-changes-requested.md): each one's
 * response clock keeps counting from its assignment, none has asked for changes, and the open referrals
 * (capacity) and the sweep's pending ones are found by their rebuilt indexes.
 */
describe('migration 0041 on existing referrals', () => {
  const client = new PGlite();

  beforeAll(() =>
    migrateAcross(
      client,
      '0041_changes_requested',
      `
      insert into users (id, username, email, full_name) values
        (1, 'sam', 'sam@example.com', 'Sam'), (2, 'rita', 'rita@example.com', 'Rita');
      insert into companies (id, name, normalized_name) values (1, 'Acme', 'acme');
      insert into referral_requests (id, job_seeker_id, company_id, position, job_url, normalized_job_url) values
        (1, 1, 1, 'A', 'https://jobs.example/1', 'https://jobs.example/1'),
        (2, 1, 1, 'B', 'https://jobs.example/2', 'https://jobs.example/2');
      insert into referrals (id, request_id, referrer_id, status, created_at) values
        (1, 1, 2, 'pending', '2026-11-01T00:00:00Z'),
        (2, 2, 2, 'accepted', '2026-11-02T00:00:00Z');
    `,
    ),
  );
  afterAll(() => client.close());

  it('starts each response clock at the assignment, with no rounds of changes', async () => {
    const { rows } = await client.query<{
      id: number;
      pending_since: Date;
      change_rounds: number;
      requested_changes: string[] | null;
      changes_requested_at: Date | null;
    }>(
      'select id, pending_since, change_rounds, requested_changes, changes_requested_at from referrals order by id',
    );
    expect(
      rows.map((r) => [
        r.id,
        r.pending_since.toISOString(),
        r.change_rounds,
        r.requested_changes,
        r.changes_requested_at,
      ]),
    ).toEqual([
      [1, '2026-11-01T00:00:00.000Z', 0, null, null],
      [2, '2026-11-02T00:00:00.000Z', 0, null, null],
    ]);
  });

  it('rebuilds the partial indexes with changes_requested among the open statuses', async () => {
    const { rows } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes
       where indexname in ('referrals_referrer_open_idx', 'referrals_pending_current_since_idx',
         'referrals_changes_requested_current_idx', 'referral_requests_job_next_check_idx')
       order by indexname`,
    );
    expect(rows.map((r) => r.indexname)).toEqual([
      'referral_requests_job_next_check_idx',
      'referrals_changes_requested_current_idx',
      'referrals_pending_current_since_idx',
      'referrals_referrer_open_idx',
    ]);
    for (const open of [rows[0]!, rows[3]!]) expect(open.indexdef).toContain("'changes_requested'");
  });
});
