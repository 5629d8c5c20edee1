import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAcross } from '../testing/migrations-before.js';

/**
 * Migration 0024 (docs/decisions/039-running-the-marketplace.md) on data written before it: a company's one
 * domain becomes its first email domain, lower-cased; a company without one has none; nobody is suspended.
 */
describe('migration 0024 on existing data', () => {
  const client = new PGlite();

  beforeAll(() =>
    migrateAcross(
      client,
      '0024_suspension_and_email_domains',
      `
      insert into users (id, username, email, full_name) values (1, 'ada', 'ada@acme.example', 'Ada');
      insert into companies (id, name, normalized_name, domain) values
        (1, 'Acme', 'acme', 'Acme.Example'), (2, 'Typed In', 'typed in', null);
    `,
    ),
  );
  afterAll(() => client.close());

  it("starts each company's email domains from its domain, and suspends nobody", async () => {
    const companies = await client.query<{ id: number; email_domains: string[] }>(
      'select id, email_domains from companies order by id',
    );
    expect(companies.rows).toEqual([
      { id: 1, email_domains: ['acme.example'] },
      { id: 2, email_domains: [] },
    ]);
    const users = await client.query<{ suspended_at: Date | null }>('select suspended_at from users');
    expect(users.rows).toEqual([{ suspended_at: null }]);
  });
});
