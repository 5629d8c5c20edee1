import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../db/backup.js';
import { answerBackupRequests, BACKUP_REQUESTS } from '../db/backup-requests.js';
import { openDatabase } from '../db/client.js';
import { seed } from '../db/seed.js';
import { projectRoot } from '../project-root.js';
import { changedTables, dbDigest } from '../testing/db-digest.js';
import { openTestDatabase } from '../testing/test-database.js';
import { EXIT } from './admin-commands.js';

/** npm run backup and npm run restore as an operator runs them, on embedded databases of the test's own. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(command: 'backup' | 'restore', dataDir: string, ...args: string[]) {
  const { DATABASE_URL: _external, ...env } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'src/server/cli/backup.ts'), command, ...args],
    { cwd: projectRoot, env: { ...env, DATA_DIR: dataDir }, stdio: 'pipe' },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out, err })),
  );
}

describe('npm run backup and npm run restore', () => {
  it('back up, restore into an empty directory, refuse a non-empty one without --force', async () => {
    const file = path.join(dir, 'referbridge.backup.gz');
    const backedUp = await run('backup', path.join(dir, 'source'), file);
    expect(backedUp.code).toBe(EXIT.ok);
    expect(backedUp.out).toMatch(/^Backed up \d+ rows of \d+ tables to .* in \d+ ms\.\n$/);
    expect(await run('backup', path.join(dir, 'source'), file)).toMatchObject({
      code: EXIT.usage,
      err: `${file} exists already: name a new file.\n`,
    });

    const restored = await run('restore', path.join(dir, 'target'), file);
    expect(restored.code).toBe(EXIT.ok);
    expect(restored.out).toMatch(/^Restored \d+ rows of \d+ tables from .* in \d+ ms\.\n$/);
    expect(await run('restore', path.join(dir, 'target'), file)).toMatchObject({
      code: EXIT.usage,
      err: 'The database is not empty (companies): restore into an empty one, or add --force to replace what it holds.\n',
    });
    expect((await run('restore', path.join(dir, 'target'), file, '--force')).code).toBe(EXIT.ok);

    expect(await run('restore', path.join(dir, 'other'), path.join(dir, 'missing.gz'))).toMatchObject({
      code: EXIT.usage,
      err: `There is no file ${path.join(dir, 'missing.gz')}.\n`,
    });
    fs.writeFileSync(path.join(dir, 'not-a-backup.gz'), 'hello');
    expect(await run('restore', path.join(dir, 'other'), path.join(dir, 'not-a-backup.gz'))).toMatchObject({
      code: EXIT.usage,
      err: 'This file is not a ReferBridge backup.\n',
    });
  }, 120_000);
});

describe('npm run backup while a server holds the embedded database', () => {
  it('the server writes the backup it is asked for through DATA_DIR, and it restores', async () => {
    const dataDir = path.join(dir, 'running');
    // This process holds the directory and answers requests, as main.ts has a running server do.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db'), afterMigrate: seed });
    const answering = answerBackupRequests(database.db, path.join(dataDir, BACKUP_REQUESTS), {
      warn: () => {},
    });
    const target = await openTestDatabase('pglite', null);
    try {
      const file = path.join(dir, 'while-running.backup.gz');
      const backedUp = await run('backup', dataDir, file);
      expect(backedUp.err).toBe('');
      expect(backedUp.code).toBe(EXIT.ok);
      expect(backedUp.out).toMatch(/^Backed up \d+ rows of \d+ tables to /);
      await restoreBackup(target.db, fs.createReadStream(file).pipe(createGunzip()));
      expect(changedTables(await dbDigest(database.db), await dbDigest(target.db))).toEqual([]);
      // The request and its answer are gone: the folder is left as it was.
      expect(fs.readdirSync(path.join(dataDir, BACKUP_REQUESTS))).toEqual([]);

      // A file that exists already is refused before anything is asked of the server.
      fs.writeFileSync(path.join(dir, 'taken.gz'), '');
      const refused = await run('backup', dataDir, path.join(dir, 'taken.gz'));
      expect(refused.code).toBe(EXIT.usage);
    } finally {
      await answering.stop();
      await target.close();
      await database.close();
    }
  }, 120_000);
});
