import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where resume files live. Keys are random and server-made, never the client's file name; the interface is
 * small so that an S3-compatible store can replace the local disk.
 */
export interface ResumeStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes as a stream, or null when no file has this key. */
  get(key: string): Promise<Readable | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{32}\.pdf$/;

export function newResumeKey(): string {
  return `${randomBytes(16).toString('hex')}.pdf`;
}

function checkedKey(key: string): string {
  // Keys come from newResumeKey; anything else (a path, a dot segment) is a bug, never a file to touch.
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid resume storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files under `dir` (the app uses `$DATA_DIR/uploads`), readable by the server's user only. */
export function createLocalResumeStorage(dir: string): ResumeStorage {
  const fileFor = (key: string) => path.join(dir, checkedKey(key));
  return {
    async put(key, data) {
      const target = fileFor(key);
      await fs.mkdir(dir, { recursive: true });
      // Written under a temporary name and renamed, so a crash never leaves a half file under a real key.
      const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temp, data, { flag: 'wx', mode: 0o600 });
        await fs.rename(temp, target);
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        const handle = await fs.open(fileFor(key), 'r');
        return handle.createReadStream();
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },
  };
}

function isNotFound(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 'ENOENT';
}
