import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { seed } from '../db/seed.js';
import { openSnapshotDatabase, postgresTemplate, type SnapshotKind } from './snapshot-database.js';

export interface TestDatabase extends Database {
  /** The fresh PostgreSQL database's URL (undefined on PGlite, which lives in this process only). */
  url?: string;
}

/**
 * A fresh, migrated database: PGlite in memory, or a new database on TEST_DATABASE_URL that closing drops.
 * Seeded unless `afterMigrate` is null: the tests of one repo or service need no companies or employers.
 * Either way it is a copy of a snapshot (snapshot-database.ts): a cached dump on PGlite, a template
 * database on PostgreSQL. (Passing undefined would take the default, the seed.)
 */
export async function openTestDatabase(
  kind: 'pglite' | 'postgres',
  afterMigrate: ((db: Db) => Promise<void>) | null = seed,
  { listenHeartbeatMs }: { listenHeartbeatMs?: number } = {},
): Promise<TestDatabase> {
  // The seed and nothing are the two starts every test asks for: both are copied from a snapshot.
  const snapshot: SnapshotKind | undefined =
    afterMigrate === seed ? 'seeded' : afterMigrate === null ? 'schema' : undefined;
  if (kind === 'pglite')
    return snapshot ? openSnapshotDatabase(snapshot) : openDatabase({ afterMigrate: afterMigrate! });
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `referbridge_test_${randomUUID().replaceAll('-', '')}`;
  const template = snapshot && (await postgresTemplate(adminUrl, snapshot));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    url: url.href,
    afterMigrate: afterMigrate ?? undefined,
    listenHeartbeatMs,
  });
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
