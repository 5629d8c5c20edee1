import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';
import { seed } from '../db/seed.js';
import { dumpPglite, writeWhole } from '../db/starting-database.js';
import { projectRoot } from '../project-root.js';

/**
 * Test-only: fresh databases copied from one made earlier instead of migrated from nothing.
 *
 * Starting PGlite from scratch (initdb), migrating and seeding takes about three seconds; loading a dump
 * of the result about one. A PostgreSQL database copied from a template skips the 27 migrations. The
 * suites open hundreds of databases (and mutation runs one per mutant), so these seconds add up to
 * minutes. Each snapshot is keyed by a hash of the migrations and, when seeded, of the seed's sources:
 * change either and the next run makes a new one. The copy then opens as usual; its migrations find
 * nothing left to apply.
 */
export type SnapshotKind = 'seeded' | 'schema';

const hashes = new Map<SnapshotKind, string>();

/**
 * What a snapshot is made of: every migration, and for a seeded one the seed and the lists it inserts.
 * Worked out once per process: the migrations' snapshots are megabytes, and a file opens many databases.
 */
function snapshotHash(kind: SnapshotKind): string {
  const known = hashes.get(kind);
  if (known) return known;
  const hash = createHash('sha256');
  const folder = path.join(projectRoot, 'drizzle');
  const files = fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((file) => path.join(folder, file));
  if (kind === 'seeded') {
    for (const file of [
      'src/server/db/seed.ts',
      'src/shared/companies.ts',
      'src/shared/fixed-companies.ts',
      'src/shared/employers.ts',
    ])
      files.push(path.join(projectRoot, file));
  }
  for (const full of files) {
    if (fs.statSync(full).isFile()) hash.update(full).update(fs.readFileSync(full));
  }
  const digest = hash.digest('hex').slice(0, 16);
  hashes.set(kind, digest);
  return digest;
}

const afterMigrateOf = (kind: SnapshotKind) => (kind === 'seeded' ? seed : undefined);

/** A fresh in-memory PGlite loaded from a cached dump (in the OS temp folder) of the migrated schema. */
export async function openSnapshotDatabase(kind: SnapshotKind = 'schema'): Promise<Database> {
  return openDatabase({ loadDataDir: new Blob([new Uint8Array(await pgliteDump(kind))]) });
}

async function pgliteDump(kind: SnapshotKind): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `referbridge-${kind}-${snapshotHash(kind)}.tar.gz`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const database = await openDatabase({ afterMigrate: afterMigrateOf(kind) });
  try {
    const dump = await dumpPglite(database);
    writeWhole(file, dump);
    return dump;
  } finally {
    await database.close();
  }
}

/** Held while one test process makes a template, so that two never make the same one. */
const TEMPLATE_LOCK = 7_270_146_202;

/**
 * The name of a PostgreSQL template database holding the migrated (and maybe seeded) schema, made on
 * first use on the server behind `adminUrl`. It is built under another name and renamed when complete,
 * so a process killed halfway leaves no template that looks whole. Nothing stays connected to it, as
 * CREATE DATABASE … TEMPLATE requires.
 */
export async function postgresTemplate(adminUrl: string, kind: SnapshotKind): Promise<string> {
  const name = `referbridge_template_${kind}_${snapshotHash(kind)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_partial`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ url: url.href, afterMigrate: afterMigrateOf(kind) });
    await database.close();
    await admin.query(`alter database ${building} rename to ${name}`);
    // Earlier schemas' templates are of no further use.
    const stale = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'referbridge\\_template\\_${kind}\\_%' and datname <> $1`,
      [name],
    );
    for (const { datname } of stale.rows)
      await admin.query(`drop database if exists ${datname} with (force)`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {});
    await admin.end();
  }
}
