import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two processes on one directory corrupt it. A lock file holding our
 * pid refuses a second process; a lock left by a killed process is taken over, together with the stale
 * postmaster.pid that PGlite would otherwise trip over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  // Beside the directory, not in it: PGlite wants its own directory to itself.
  const lockFile = `${path.resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The database in ${path.resolve(dataDir)} is in use by another ReferBridge process (pid ${holder}). ` +
            'Stop it first, or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(lockFile, { force: true });
      fs.rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the database directory ${path.resolve(dataDir)}.`);
}
