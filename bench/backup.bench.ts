/**
 * How long `npm run backup` and `npm run restore` take at 100,000 users (issue 51; docs/deploy.md, Backups):
 * the hot-reads data set (bench/large-data-set.ts: 100,000 users, 1,000,000 notifications, 200,000 requests,
 * 20,000 threads), backed up to a gzip file and restored into a fresh database, on PGlite and PostgreSQL
 * (BENCH_ONLY=pglite|postgres runs one).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { restoreBackup, writeBackup } from '../src/server/db/backup.js';
import { openDatabase } from '../src/server/db/client.js';
import { seed } from '../src/server/db/seed.js';
import { seedLargeDataSet } from './large-data-set.js';
import { freshPostgresDatabase, loadAverage, onEachDatabase, postgresServerUrl } from './processes.js';

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

await onEachDatabase('referbridge_bench_backup', async (name, databaseUrl) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
  console.log(`\n${name} (load average ${loadAverage()})`);
  try {
    const source = await openDatabase({
      url: databaseUrl,
      dataDir: path.join(dir, 'source'),
      afterMigrate: seed,
    });
    let started = Date.now();
    await seedLargeDataSet(source.db);
    console.log(`  seeded 100,000 users in ${seconds(started)}`);
    const file = path.join(dir, 'bench.backup.gz');
    started = Date.now();
    const gzip = createGzip();
    const written = pipeline(gzip, fs.createWriteStream(file));
    const counts = await writeBackup(source.db, gzip);
    await written;
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `  backup:  ${rows} rows, ${(fs.statSync(file).size / 2 ** 20).toFixed(1)} MiB, ${seconds(started)}`,
    );
    await source.close();

    const targetUrl =
      databaseUrl && postgresServerUrl
        ? await freshPostgresDatabase(postgresServerUrl, 'referbridge_bench_restore')
        : undefined;
    const target = await openDatabase({ url: targetUrl, dataDir: path.join(dir, 'target') });
    started = Date.now();
    await restoreBackup(target.db, fs.createReadStream(file).pipe(createGunzip()));
    console.log(`  restore: ${seconds(started)}`);
    await target.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
