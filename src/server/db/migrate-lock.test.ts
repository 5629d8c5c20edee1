import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { EMPLOYERS } from '../../shared/employers.js';
import { projectRoot } from '../project-root.js';
import { openDatabase } from './client.js';
import { seed } from './seed.js';

const adminUrl = process.env.TEST_DATABASE_URL;

async function admin<T>(work: (client: pg.Client) => Promise<T>, url = adminUrl!): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)('instances starting together (runs only when TEST_DATABASE_URL is set)', () => {
  it('migrate and seed an empty PostgreSQL database once, both starting', async () => {
    const name = `referbridge_test_${randomUUID().replaceAll('-', '')}`;
    await admin((c) => c.query(`create database ${name}`));
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    try {
      const opens = await Promise.allSettled(
        Array.from({ length: 3 }, () => openDatabase({ url: url.href, afterMigrate: seed })),
      );
      for (const open of opens) if (open.status === 'fulfilled') await open.value.close();
      expect(opens.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

      const journal = JSON.parse(
        fs.readFileSync(path.join(projectRoot, 'drizzle/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      await admin(async (c) => {
        const applied = await c.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(applied.rows[0].n).toBe(journal.entries.length);
        const companies = await c.query(
          'select count(*)::int as n, count(distinct normalized_name)::int as names from companies',
        );
        expect(companies.rows[0]).toEqual({ n: EMPLOYERS.length, names: EMPLOYERS.length });
        // Nothing is left holding the lock for the next instance. pg_locks spans the whole cluster, where
        // other test files take advisory locks of their own, so only this database's count.
        const locks = await c.query(
          `select count(*)::int as n from pg_locks
            where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
        );
        expect(locks.rows[0].n).toBe(0);
      }, url.href);
    } finally {
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    }
  }, 60_000);
});
