import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { deleteInactiveResumes, findResumesOnDisk, moveResumeBytesIn } from './resume-repo.js';

/** The only names the old disk store ever gave its files. */
const KEY_PATTERN = /^[0-9a-f]{32}\.pdf$/;

export interface DiskImportResult {
  moved: number;
  missing: number;
  deletedRows: number;
  deletedFiles: number;
}

/**
 * Once, at start: resume files that the old disk store left under `dir` (`$DATA_DIR/uploads`) move into the
 * database and off the disk. Older (inactive) resumes are deleted, as an upload does today; every file left
 * afterwards (a `*.tmp` from a killed upload, a file whose row never committed) is deleted. Safe to run again.
 * A row whose file is not here keeps its key, so an instance that does hold the file can still move it in;
 * until then its download answers 404.
 */
export async function moveResumeFilesIntoDatabase(
  db: Db,
  dir: string,
  log?: FastifyBaseLogger,
): Promise<DiskImportResult> {
  const result: DiskImportResult = { moved: 0, missing: 0, deletedRows: 0, deletedFiles: 0 };
  result.deletedRows = await deleteInactiveResumes(db);
  for (const { id, storageKey } of await findResumesOnDisk(db)) {
    const data = KEY_PATTERN.test(storageKey) ? await readIfPresent(path.join(dir, storageKey)) : null;
    if (!data) {
      result.missing++;
      continue;
    }
    await moveResumeBytesIn(db, id, data);
    await fs.rm(path.join(dir, storageKey), { force: true });
    result.moved++;
  }
  const left = await fs.readdir(dir, { withFileTypes: true }).catch((err: unknown) => {
    if (isNotFound(err)) return [];
    throw err;
  });
  for (const entry of left) {
    if (!entry.isFile()) continue;
    await fs.rm(path.join(dir, entry.name), { force: true });
    result.deletedFiles++;
  }
  // Gone once empty; a directory someone put other things in stays.
  await fs.rmdir(dir).catch(() => undefined);
  if (result.moved || result.missing || result.deletedRows || result.deletedFiles) {
    log?.info(result, 'moved resume files from disk into the database');
  }
  return result;
}

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

function isNotFound(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 'ENOENT';
}
