/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--force]` (issue 51 item 2; docs/deploy.md,
 * Backups): one gzip file of every table, résumés included, on the configured database, without pg_dump.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { Command, CommanderError } from 'commander';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, nonEmptyTables, restoreBackup } from '../db/backup.js';
import { askRunningServer, BACKUP_REQUESTS, backupToFile } from '../db/backup-requests.js';
import { openDatabase, type Database } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { seed } from '../db/seed.js';
import { EXIT } from './admin-commands.js';

let database: Database | undefined;

/** The configured database, migrated; restore opens it without the seed, so a new one stays empty. */
async function open(seedIt: boolean): Promise<Database> {
  const config = loadConfig();
  database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
    logger: pino({ level: 'warn' }, pino.destination(2)),
    listenHeartbeatMs: config.listenHeartbeatMs,
    ...(seedIt ? { afterMigrate: seed } : {}),
  });
  return database;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

const program = new Command('backup')
  .description(
    'Back up and restore everything ReferBridge keeps, on DATABASE_URL or the embedded database under DATA_DIR.',
  )
  .exitOverride();

program
  .command('backup')
  .argument('<file>', 'where to write the backup (gzip); an existing file is not overwritten')
  .action(async (file: string) => {
    if (fs.existsSync(file)) throw new BackupError(`${file} exists already: name a new file.`);
    const started = Date.now();
    let result: { rows: number; tables: number };
    try {
      result = await backupToFile((await open(true)).db, file);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      // The embedded database's server runs: it writes the backup itself (src/server/db/backup-requests.ts).
      const answer = await askRunningServer(path.join(loadConfig().dataDir, BACKUP_REQUESTS), file);
      if (answer.error !== undefined) throw new Error(answer.error);
      result = { rows: answer.rows!, tables: answer.tables! };
    }
    console.log(
      `Backed up ${result.rows} rows of ${result.tables} tables to ${file} (${fs.statSync(file).size} bytes) in ${Date.now() - started} ms.`,
    );
  });

program
  .command('restore')
  .argument('<file>', 'a file npm run backup wrote')
  .option('--force', 'replace whatever the database holds now')
  .action(async (file: string, options: { force?: boolean }) => {
    if (!fs.existsSync(file)) throw new BackupError(`There is no file ${file}.`);
    const { db } = await open(false);
    const occupied = await nonEmptyTables(db);
    if (occupied.length > 0 && !options.force) {
      throw new BackupError(
        `The database is not empty (${occupied.join(', ')}): restore into an empty one, or add --force to replace what it holds.`,
      );
    }
    const started = Date.now();
    const counts = await restoreBackup(db, fs.createReadStream(file).pipe(createGunzip()));
    console.log(
      `Restored ${total(counts)} rows of ${Object.keys(counts).length} tables from ${file} in ${Date.now() - started} ms.`,
    );
  });

let code: number = EXIT.ok;
try {
  await program.parseAsync(process.argv.slice(2), { from: 'user' });
} catch (err) {
  if (err instanceof CommanderError) code = err.exitCode === 0 ? EXIT.ok : EXIT.usage;
  else if (err instanceof BackupError) {
    console.error(err.message);
    code = EXIT.usage;
  } else if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
    code = EXIT.refused;
  } else if (err instanceof Error && 'code' in err && err.code === 'Z_DATA_ERROR') {
    console.error('This file is not a ReferBridge backup.');
    code = EXIT.usage;
  } else {
    console.error(err);
    code = EXIT.refused;
  }
} finally {
  await database?.close();
}
process.exit(code);
