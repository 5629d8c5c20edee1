import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../db/client.js';
import { projectRoot } from '../lib/project-root.js';

/**
 * Test-only: a fresh in-memory PGlite loaded from a dump of the migrated, unseeded schema, kept in the OS
 * temp folder under a hash of the migrations. Starting PGlite from scratch (initdb) and migrating takes
 * seconds; loading the dump about one. Mutation runs open a database for every mutant, so that second
 * decides how many mutants a run can afford. Same schema as openDatabase({}), without the seed; the
 * migrations then find nothing left to apply.
 */
export async function openSnapshotDatabase(): Promise<Database> {
  return openDatabase({ loadDataDir: new Blob([new Uint8Array(await migratedDump())]) });
}

function migrationsHash(): string {
  const folder = path.join(projectRoot, 'drizzle');
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

async function migratedDump(): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `referbridge-schema-${migrationsHash()}.tar.gz`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const database = await openDatabase({});
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    // Written aside and renamed, so a run that reads it never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, dump);
    fs.renameSync(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}
