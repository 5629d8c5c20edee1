import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAcross } from '../testing/migrations-before.js';

/**
 * Migration 0022 (docs/decisions/035-verification-lapse.md) on data written before it: verified referrers
 * start their period at the migration, unverified ones have none, and nobody is marked reminded.
 */
describe('migration 0022 on existing data', () => {
  const client = new PGlite();
  let migratedAt: Date;

  beforeAll(async () => {
    // Before the older migrations too: the period starts no earlier than this.
    migratedAt = new Date();
    await migrateAcross(
      client,
      '0022_verification_lapse',
      `
      insert into users (id, username, email, full_name) values
        (1, 'ada', 'ada@acme.example', 'Ada'), (2, 'bob', 'bob@example.com', 'Bob');
      insert into companies (id, name, normalized_name, domain) values (1, 'Acme', 'acme', 'acme.example');
      insert into referrers (user_id, company_id, is_verified, verification_method, updated_at) values
        (1, 1, true, 'sign-in-email', '2020-01-01T00:00:00Z'),
        (2, 1, false, null, '2020-01-01T00:00:00Z');
    `,
    );
  });
  afterAll(() => client.close());

  it('gives each verified referrer a full period from now, and the unverified none', async () => {
    const { rows } = await client.query<{
      user_id: number;
      verified_at: Date | null;
      lapse_reminded_at: Date | null;
    }>('select user_id, verified_at, lapse_reminded_at from referrers order by user_id');
    expect(rows.map((r) => [r.user_id, r.verified_at === null, r.lapse_reminded_at])).toEqual([
      [1, false, null],
      [2, true, null],
    ]);
    expect(rows[0]!.verified_at!.getTime()).toBeGreaterThanOrEqual(migratedAt.getTime() - 5_000);
  });
});
