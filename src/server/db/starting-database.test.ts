import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { seed } from './seed.js';
import { rows } from '../testing/db-digest.js';
import { openSnapshotDatabase } from '../testing/snapshot-database.js';
import { dumpPglite, writeStartingDatabase, writeWhole } from './starting-database.js';

const folders: string[] = [];
function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-starting-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const companyCount = async ({ db }: Database) =>
  Number((await rows<{ n: string }>(db, sql`select count(*) as n from companies`))[0]!.n);
const marker = ({ db }: Database) => rows(db, sql`select name from companies where name = 'Marker Ltd'`);

/** A starting dump that holds one company no migration or seed makes, to tell a loaded database apart. */
async function markedDump(file: string): Promise<void> {
  const database = await openSnapshotDatabase('seeded');
  try {
    await database.db.execute(
      sql`insert into companies (name, normalized_name) values ('Marker Ltd', 'marker ltd')`,
    );
    writeWhole(file, await dumpPglite(database));
  } finally {
    await database.close();
  }
}

describe('the starting database of a first start', () => {
  it('fills an empty data directory from the dump, and a later start keeps what is there', async () => {
    const folder = tempFolder();
    const dump = path.join(folder, 'starting.tar.gz');
    await markedDump(dump);
    const dataDir = path.join(folder, 'db');

    const first = await openDatabase({ dataDir, startingDump: dump, afterMigrate: seed });
    expect(await marker(first)).toEqual([{ name: 'Marker Ltd' }]);
    await first.db.execute(sql`update companies set name = 'Marker Renamed' where name = 'Marker Ltd'`);
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

    // The database now on disk is the one that opens, the dump is not loaded over it.
    const second = await openDatabase({ dataDir, startingDump: dump, afterMigrate: seed });
    expect(await marker(second)).toEqual([]);
    expect(await rows(second.db, sql`select 1 from companies where name = 'Marker Renamed'`)).toHaveLength(1);
    await second.close();
  });

  it('creates the database as before when the build left no dump', async () => {
    const folder = tempFolder();
    const database = await openDatabase({
      dataDir: path.join(folder, 'db'),
      startingDump: path.join(folder, 'missing.tar.gz'),
      afterMigrate: seed,
    });
    try {
      expect(await marker(database)).toEqual([]);
      expect(await companyCount(database)).toBeGreaterThan(10);
    } finally {
      await database.close();
    }
  });

  it('the build writes a migrated and seeded database', async () => {
    const file = path.join(tempFolder(), 'built.tar.gz');
    await writeStartingDatabase(file);
    const database = await openDatabase({ loadDataDir: new Blob([new Uint8Array(fs.readFileSync(file))]) });
    try {
      expect(await companyCount(database)).toBeGreaterThan(10);
    } finally {
      await database.close();
    }
  });
});
