import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { projectRoot } from '../project-root.js';

/** Test-only: the project's migrations, and the folder as it was before one of them, to test it on old data. */
const migrations = path.join(projectRoot, 'drizzle');

/** The migrations folder as it was before `tag`: the same files, the journal cut there. */
function folderBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

/**
 * Migrates `client` to just before `tag`, writes `seed` (SQL as the schema was then) and migrates it to
 * today: migration `tag` and every later one ran on that data, as they would on a deployed database.
 */
export async function migrateAcross(client: PGlite, tag: string, seed: string): Promise<void> {
  const db = drizzle(client);
  const before = folderBefore(tag);
  try {
    await migrate(db, { migrationsFolder: before });
    await client.exec(seed);
    await migrate(db, { migrationsFolder: migrations });
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
}
