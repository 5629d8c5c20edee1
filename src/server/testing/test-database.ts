import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { seed } from '../db/seed.js';
import { openSnapshotDatabase } from './snapshot-database.js';

export interface TestDatabase extends Database {
  /** The fresh PostgreSQL database's URL (undefined on PGlite, which lives in this process only). */
  url?: string;
}

/**
 * A fresh, migrated database: PGlite in memory, or a new database on TEST_DATABASE_URL that closing drops.
 * Seeded unless `afterMigrate` is null: the tests of one repo or service need no companies or employers,
 * and an unseeded PGlite loads from the cached dump of the schema (snapshot-database.ts) in about a second.
 * (Passing undefined would take the default, the seed.)
 */
export async function openTestDatabase(
  kind: 'pglite' | 'postgres',
  afterMigrate: ((db: Db) => Promise<void>) | null = seed,
): Promise<TestDatabase> {
  if (kind === 'pglite') return afterMigrate ? openDatabase({ afterMigrate }) : openSnapshotDatabase();
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `referbridge_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.href, afterMigrate: afterMigrate ?? undefined });
  return {
    ...database,
    url: url.href,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
