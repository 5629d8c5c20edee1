import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { projectRoot } from '../project-root.js';
import { openDatabase, type Database } from './client.js';
import { seed } from './seed.js';

/**
 * The embedded database a first start begins from: PGlite's data directory, migrated and seeded, dumped by
 * `npm run build` beside the server it belongs to. Creating a PGlite cluster (initdb) and running every
 * migration takes several seconds of a first `npm start`; loading this dump about one, and the build makes
 * it while Vite bundles the web. A start whose data directory already holds a database ignores it, and a
 * start without it (a build made another way) creates the cluster as before: it only saves time.
 */
export const STARTING_DATABASE = path.join(projectRoot, 'dist/server/starting-database.tar.gz');

/**
 * The database the server runs on, as `npm start` and `npm run admin` open it: DATABASE_URL's PostgreSQL, or
 * PGlite in DATA_DIR/db begun from the starting database, migrated and seeded either way.
 */
export function openConfiguredDatabase(
  config: { databaseUrl?: string; dataDir: string; listenHeartbeatMs: number },
  logger: Logger,
): Promise<Database> {
  return openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
    startingDump: STARTING_DATABASE,
    logger,
    listenHeartbeatMs: config.listenHeartbeatMs,
    afterMigrate: seed,
  });
}

/** A gzipped dump of an open PGlite database's data directory. */
export async function dumpPglite(database: Database): Promise<Buffer> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
}

/** Writes `file` aside and renames it, so that a reader never sees half of it. */
export function writeWhole(file: string, bytes: Buffer): void {
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, bytes);
  fs.renameSync(partial, file);
}

/** `npm run build`: the starting database for the migrations and seed just built. */
export async function writeStartingDatabase(file = STARTING_DATABASE): Promise<void> {
  const database = await openDatabase({ afterMigrate: seed });
  try {
    writeWhole(file, await dumpPglite(database));
  } finally {
    await database.close();
  }
}
