import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Db } from './client.js';
import { writeBackup } from './backup.js';
import { repeatEvery, type Repeating } from './repeat.js';

/**
 * A backup of the embedded database while its server runs (issue 51 item 2). The server holds the data
 * directory, so `npm run backup` cannot open it: it leaves a request in `<DATA_DIR>/backups/` instead, and
 * the server, which looks there every second, writes the backup and says how it went beside the request.
 * Whoever may write in DATA_DIR may read the database files anyway: the folder asks for no other right.
 *
 * A request is `<name>.request`, JSON `{ "file": <absolute path> }`; the answer `<name>.done`
 * (`{ "rows": n, "tables": n }`) or `<name>.failed` (`{ "error": sentence }`).
 */
export const BACKUP_REQUESTS = 'backups';

const LOOK_EVERY_MS = 1000;

export interface BackupAnswer {
  rows?: number;
  tables?: number;
  error?: string;
}

/** Writes the backup a request names to a file that must not exist yet, gzip, as `npm run backup` does. */
export async function backupToFile(db: Db, file: string): Promise<{ rows: number; tables: number }> {
  const stream = fs.createWriteStream(file, { flags: 'wx' });
  // Opened first: a backup must never start writing into a file that cannot be written.
  await new Promise((resolve, reject) => {
    stream.once('open', resolve);
    stream.once('error', reject);
  });
  const gzip = createGzip();
  const written = pipeline(gzip, stream);
  const counts = await writeBackup(db, gzip);
  await written;
  return { rows: Object.values(counts).reduce((a, b) => a + b, 0), tables: Object.keys(counts).length };
}

/** The server's side: answers each request in `dir`, one at a time; stop() ends the looking. */
export function answerBackupRequests(
  db: Db,
  dir: string,
  log: { warn: (obj: object, msg: string) => void },
): Repeating {
  fs.mkdirSync(dir, { recursive: true });
  return repeatEvery(
    LOOK_EVERY_MS,
    async () => {
      for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.request'))) {
        const base = path.join(dir, name.slice(0, -'.request'.length));
        let answer: BackupAnswer;
        try {
          const { file } = JSON.parse(fs.readFileSync(`${base}.request`, 'utf8')) as { file: unknown };
          if (typeof file !== 'string' || !path.isAbsolute(file))
            throw new Error('The request names no file.');
          answer = await backupToFile(db, file);
        } catch (err) {
          log.warn({ err }, 'a backup asked for through DATA_DIR/backups failed');
          answer = { error: err instanceof Error ? err.message : String(err) };
        }
        fs.writeFileSync(`${base}.${answer.error ? 'failed' : 'done'}`, JSON.stringify(answer));
        fs.rmSync(`${base}.request`, { force: true });
      }
    },
    { failed: (err) => log.warn({ err }, 'the backup requests in DATA_DIR/backups could not be read') },
  );
}

/**
 * The command line's side: asks the server holding the directory for a backup to `file` and waits for its
 * answer (for as long as `waitMs`).
 */
export async function askRunningServer(
  dir: string,
  file: string,
  waitMs = 30 * 60_000,
): Promise<BackupAnswer> {
  fs.mkdirSync(dir, { recursive: true });
  const base = path.join(dir, `${Date.now()}-${process.pid}`);
  fs.writeFileSync(`${base}.request.tmp`, JSON.stringify({ file: path.resolve(file) }));
  // Renamed whole, so the server never reads half a request.
  fs.renameSync(`${base}.request.tmp`, `${base}.request`);
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    for (const outcome of ['done', 'failed']) {
      const answerFile = `${base}.${outcome}`;
      if (fs.existsSync(answerFile)) {
        const answer = JSON.parse(fs.readFileSync(answerFile, 'utf8')) as BackupAnswer;
        fs.rmSync(answerFile, { force: true });
        return answer;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fs.rmSync(`${base}.request`, { force: true });
  return { error: 'The running server did not answer: is it this version, and is it running?' };
}
