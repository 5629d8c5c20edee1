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
import { listenPostgres, type Listen } from './listen.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** LISTEN to a NOTIFY channel; pg_notify(…) sent through `db` arrives here once its transaction commits. */
  listen: Listen;
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
  pool.on('connect', (client) => survivesConnectionLoss(client, logger));
  pool.on('error', (err) => logger?.warn({ err }, 'PostgreSQL connection lost while idle'));
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder });
  return { db, listen: listenPostgres(url, logger), close: () => pool.end() };
}

/**
 * A client whose connection dies emits 'error'; with no listener that event ends the process. The pool
 * listens only while a client is idle, so each client gets its own listener for its whole life. The query
 * that was running fails by itself and its request answers 503 (see isDatabaseUnavailable).
 *
 * A checked-out client that dies is also handed back to the pool at once (which discards it): drizzle's
 * transaction() sends BEGIN before its try/finally, so a connection lost right after checkout would never
 * be released and dead clients would fill the pool. Releasing twice is made harmless for the code that
 * does reach its own release() afterwards.
 */
function survivesConnectionLoss(client: pg.PoolClient, logger: Logger | undefined): void {
  let release: pg.PoolClient['release'] | undefined;
  let checkedOut = false;
  Object.defineProperty(client, 'release', {
    configurable: true,
    get: () => release,
    // The pool assigns a fresh release() at every checkout.
    set(poolRelease: pg.PoolClient['release']) {
      checkedOut = true;
      release = (err) => {
        if (!checkedOut) return;
        checkedOut = false;
        poolRelease(err);
      };
    },
  });
  client.on('error', (err) => {
    logger?.warn({ err }, 'PostgreSQL connection lost');
    if (checkedOut) release?.(err);
  });
}

/** SQLSTATE classes and codes that mean the server went away, not that the query was wrong. */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03']);

/**
 * True when the error (or one it wraps: drizzle wraps the driver's) says the database connection was lost
 * or could not be made: a passing condition the client may retry, not a bug.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
      if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE') return true;
    }
    if (/^Connection terminated|not queryable|timeout exceeded when trying to connect/.test(e.message)) {
      return true;
    }
  }
  return false;
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let releaseLock = async () => {};
  if (dataDir) {
    fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
    releaseLock = await acquireDataDirLock(dataDir);
  }
  try {
    const client = dataDir ? new PGlite(dataDir) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      // PGlite is one connection: it hears its own NOTIFYs, after commit, and never loses them to a dropped
      // connection, so no reconnect is needed.
      listen: async (channel, { onMessage }) => {
        const unlisten = await client.listen(channel, onMessage);
        return { close: () => unlisten() };
      },
      close: async () => {
        await client.close();
        await releaseLock();
      },
    };
  } catch (err) {
    await releaseLock();
    throw err;
  }
}
