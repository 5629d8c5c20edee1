import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { answerBackupRequests, BACKUP_REQUESTS } from './db/backup-requests.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { openConfiguredDatabase } from './db/starting-database.js';
import { keepStatistics, needsStatisticsKept, type StatisticsKeeper } from './db/statistics.js';
import { moveResumeFilesIntoDatabase } from './features/profile/resume/resume-disk-import.js';
import { createLogger } from './plugins/logger.js';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openConfiguredDatabase(config, logger);
  // Resume files from before their bytes lived in the database: moved in once, then off the disk.
  await moveResumeFilesIntoDatabase(database.db, path.join(config.dataDir, 'uploads'), logger);
  const app = await buildApp(config, {
    db: database.db,
    listen: database.listen,
    logger,
    poolStats: database.poolStats,
    hearing: database.hearing,
  });

  let statistics: StatisticsKeeper | undefined;
  // 25 s: a 5 MB resume upload on a slow uplink finishes, and the process still exits on its own before
  // a 30 s kill (Kubernetes' default). See docs/decisions/025-shutdown-grace.md.
  closeWithGrace({ delay: 25_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal} received, shutting down`);
    // Ends the open notification streams first, then stops listening.
    await app.close();
    await statistics?.stop();
    await database.close();
  });

  // The embedded database is this process's alone: `npm run backup` asks it for a backup through DATA_DIR.
  const backups = config.databaseUrl
    ? undefined
    : answerBackupRequests(database.db, path.join(config.dataDir, BACKUP_REQUESTS), logger);
  app.addHook('onClose', async () => backups?.stop());

  await app.listen({ port: config.port, host: config.host });
  app.mailWorker.start();
  // Planner statistics where no autovacuum keeps them (the embedded database, or a server with it off).
  if (await needsStatisticsKept(database.db, !config.databaseUrl)) {
    statistics = keepStatistics(database.db, logger);
  }
  if (!config.mail.smtpUrl && config.env === 'production') {
    app.log.warn('SMTP_URL is not set: mail is kept in the outbox table and not sent');
  }
  app.log.info(`ReferBridge is ready at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  // Configuration and lock problems are the user's to fix: one line, no stack.
  if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
