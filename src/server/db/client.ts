import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../lib/project-root.js';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { acquireDataDirLock } from './data-dir-lock.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  close(): Promise<void>;
}

const migrationsFolder = path.join(projectRoot, 'drizzle');

export interface OpenDatabaseOptions {
  /** postgres:// URL; without it an embedded PGlite database is used. */
  url?: string;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string;
  logger?: Logger;
}

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.logger);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, logger: Logger | undefined): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection emits here; without a listener it would crash the process.
  pool.on('error', (err) => logger?.error({ err }, 'PostgreSQL pool error'));
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder });
  return { db, close: () => pool.end() };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let releaseLock = () => {};
  if (dataDir) {
    fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
    releaseLock = acquireDataDirLock(dataDir);
  }
  try {
    const client = dataDir ? new PGlite(dataDir) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}
