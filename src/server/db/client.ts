import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../project-root.js';
import { types, type PGlite, type PGliteOptions, type QueryOptions } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { acquireDataDirLock } from './data-dir-lock.js';
import { LISTEN_HEARTBEAT_MS, listenPostgres, type Listen } from './listen.js';
import { StatementCachingPGlite } from './pglite-statements.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  /** LISTEN to a NOTIFY channel; pg_notify(…) sent through `db` arrives here once its transaction commits. */
  listen: Listen;
  /** PostgreSQL: false while a listener has stopped hearing its own heartbeat (the metrics' gauge). */
  hearing?: () => boolean;
  /** PostgreSQL's connection pool, for the metrics; PGlite has none. */
  poolStats?: () => PoolStats;
  close(): Promise<void>;
}

const migrationsFolder = path.join(projectRoot, 'drizzle');

export interface OpenDatabaseOptions {
  /** postgres:// URL; without it an embedded PGlite database is used. */
  url?: string;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /** PGlite only: start from this dump (PGlite's dumpDataDir) instead of an empty cluster (tests). */
  loadDataDir?: Blob;
  /** PGlite with a dataDir: the file of a dump to begin from when the directory holds no database yet. */
  startingDump?: string;
  logger?: Logger;
  /** PostgreSQL: how often a listener NOTIFYs itself to prove it hears (LISTEN_HEARTBEAT). */
  listenHeartbeatMs?: number;
  /** Runs right after the migrations and under the same lock (the idempotent seed). */
  afterMigrate?: (db: Db) => Promise<void>;
}

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres({ ...options, url: options.url });
  return openPglite(options);
}

/** Any constant works as long as nothing else takes the same session-level advisory lock. */
const MIGRATION_LOCK = 7_270_146_201;

async function openPostgres({
  url,
  logger,
  listenHeartbeatMs = LISTEN_HEARTBEAT_MS,
  afterMigrate,
}: OpenDatabaseOptions & { url: string }): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('connect', (client) => survivesConnectionLoss(client, logger));
  pool.on('error', (err) => logger?.warn({ err }, 'PostgreSQL connection lost while idle'));
  const db = drizzlePg(pool, { schema });
  try {
    await migrateUnderLock(pool, afterMigrate);
  } catch (err) {
    await pool.end();
    throw err;
  }
  const listening = listenPostgres(url, {
    logger,
    heartbeatMs: listenHeartbeatMs,
    notify: (channel, payload) => pool.query('select pg_notify($1, $2)', [channel, payload]),
  });
  return {
    db,
    listen: listening.listen,
    hearing: listening.hearing,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * Instances started together would otherwise race through the same migrations (and fail on each other's
 * CREATE). One connection holds the lock for the whole migrate + seed; the others wait on it and then
 * find nothing left to do. A session lock, not a transaction one: drizzle runs its own transaction.
 */
async function migrateUnderLock(
  pool: pg.Pool,
  afterMigrate: OpenDatabaseOptions['afterMigrate'],
): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const locked = drizzlePg(client, { schema });
      await migratePg(locked, { migrationsFolder });
      await afterMigrate?.(locked);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } catch (err) {
    failure = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    // A client that failed midway may still hold the lock: handing it back with the error closes it.
    client.release(failure);
  }
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

const keepAsText = (value: string) => value;

/**
 * The parsers drizzle's PGlite driver sends with every query: dates, intervals and their arrays stay text,
 * for drizzle's own mapping. PGlite merges per-query parsers into its whole table of a few hundred on each
 * query, a share of the bell's poll (docs/performance.md, What the decisions measured); given once to PGlite, they need not travel.
 */
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (type) => [type, keepAsText],
  ),
);

/** PGlite with drizzle's parsers built in, so the ones each query carries can be dropped. */
class DrizzlePGlite extends StatementCachingPGlite {
  override query<T>(query: string, params?: unknown[], options?: QueryOptions) {
    return super.query<T>(query, params, options?.parsers ? { ...options, parsers: undefined } : options);
  }
}

function dumpToStartFrom(dataDir: string, dumpFile: string): Blob | undefined {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION')) || !fs.existsSync(dumpFile)) return undefined;
  return new Blob([new Uint8Array(fs.readFileSync(dumpFile))]);
}

/** The PGlite client the app uses (drizzle's parsers built in, named statements); tests load dumps into it. */
export function newPglite(dataDir?: string, options: Omit<PGliteOptions, 'parsers'> = {}): PGlite {
  return new DrizzlePGlite(dataDir, { ...options, parsers: DRIZZLE_PARSERS });
}

async function openPglite({
  dataDir,
  loadDataDir,
  startingDump,
  afterMigrate,
}: OpenDatabaseOptions): Promise<Database> {
  let releaseLock = async () => {};
  if (dataDir) {
    fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
    releaseLock = await acquireDataDirLock(dataDir);
    // Checked under the lock: no other process can be creating the database meanwhile.
    if (startingDump) loadDataDir ??= dumpToStartFrom(dataDir, startingDump);
  }
  try {
    const client = newPglite(dataDir, loadDataDir ? { loadDataDir } : {});
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    // One process owns a PGlite directory (the data-dir lock): nothing to race with.
    await afterMigrate?.(db);
    return {
      db,
      // PGlite is one connection: it hears its own NOTIFYs, after commit, and never loses them to a dropped
      // or silent connection, so it needs no reconnect and no heartbeat.
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
