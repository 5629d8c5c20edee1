import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { rowsOf } from './rows.js';
import * as schema from './schema.js';

/**
 * Backups that restore (issue 51 item 2): every table's rows as JSON, one line a row, read in one
 * repeatable-read transaction (a consistent snapshot while the app goes on writing), résumés included (their
 * bytes are a bytea column). The same SQL on PostgreSQL and PGlite; no pg_dump. See docs/deploy.md, Backups.
 */
export const BACKUP_FORMAT = 'referbridge-backup/1';

/** Rows fetched from the snapshot at a time, and inserted at a time on restore. */
const BATCH = 500;

export class BackupError extends Error {}

interface Header {
  format: string;
  /** The migrations applied to the database it came from, by drizzle's hash, oldest first. */
  migrations: string[];
  createdAt: string;
}

/** Every table of the schema, parents before the tables that reference them. */
export function tablesInOrder(): { name: string; serial: string[] }[] {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const configs = new Map(tables.map((table) => [getTableConfig(table).name, getTableConfig(table)]));
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const fk of configs.get(name)!.foreignKeys) {
      const parent = getTableConfig(fk.reference().foreignTable).name;
      if (parent !== name) visit(parent, path);
    }
    ordered.push(name);
  };
  for (const name of [...configs.keys()].sort()) visit(name, new Set());
  return ordered.map((name) => ({
    name,
    serial: configs
      .get(name)!
      .columns.filter((column) => column.columnType === 'PgSerial')
      .map((column) => column.name),
  }));
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = rowsOf<{ hash: string }>(
    await db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`),
  );
  return rows.map((row) => row.hash);
}

/** Writes the backup to `out` (one JSON line each: the header, then per table `{"@table": name}` and its rows). */
export async function writeBackup(db: Db, out: Writable, now = new Date()): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const line = (value: unknown) =>
    new Promise<void>((resolve, reject) =>
      out.write(`${JSON.stringify(value)}\n`, (err) => (err ? reject(err) : resolve())),
    );
  await db.transaction(
    async (tx) => {
      const header: Header = {
        format: BACKUP_FORMAT,
        migrations: await appliedMigrations(tx),
        createdAt: now.toISOString(),
      };
      await line(header);
      for (const { name } of tablesInOrder()) {
        await line({ '@table': name });
        counts[name] = 0;
        // A cursor, so a table of any size is read a batch at a time from the one snapshot.
        await tx.execute(
          sql.raw(`declare backup_rows no scroll cursor for select row_to_json(t) as r from "${name}" t`),
        );
        for (;;) {
          const rows = rowsOf<{ r: unknown }>(await tx.execute(sql.raw(`fetch ${BATCH} from backup_rows`)));
          for (const row of rows) await line(row.r);
          counts[name] += rows.length;
          if (rows.length < BATCH) break;
        }
        await tx.execute(sql.raw('close backup_rows'));
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  return counts;
}

/** Tables holding rows, by name (the seed's built-in companies count: a started app is not empty). */
export async function nonEmptyTables(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const { name } of tablesInOrder()) {
    const rows = rowsOf<unknown>(await db.execute(sql.raw(`select 1 from "${name}" limit 1`)));
    if (rows.length > 0) found.push(name);
  }
  return found;
}

/**
 * Restores a backup into `db`, whose schema is at the backup's migrations: in one transaction, every table
 * emptied first (the caller has checked it may), the rows inserted parents first with the schema's own
 * triggers off, the id sequences moved past the highest id. Nothing lands unless all of it does.
 */
export async function restoreBackup(db: Db, input: Readable): Promise<Record<string, number>> {
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const first = await lines.next();
  const header = (first.done ? undefined : safeJson(first.value)) as Header | undefined;
  if (header?.format !== BACKUP_FORMAT) throw new BackupError('This file is not a ReferBridge backup.');
  const here = await appliedMigrations(db);
  if (header.migrations.join() !== here.join()) {
    throw new BackupError(
      `The backup's schema (${header.migrations.length} migrations) is not this version's (${here.length}): restore it with the version that made it, then upgrade.`,
    );
  }
  const order = tablesInOrder();
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`truncate ${order.map((t) => `"${t.name}"`).join(', ')} restart identity cascade`),
    );
    // The rows come with what the schema's own triggers keep (how many rows name a company): they must not
    // count them again. Foreign keys are checked as ever (those are the system's triggers, not the user's).
    for (const { name } of order) await tx.execute(sql.raw(`alter table "${name}" disable trigger user`));
    let table: string | undefined;
    let batch: unknown[] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      await tx.execute(
        sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(batch)}::json)`,
      );
      counts[table] = (counts[table] ?? 0) + batch.length;
      batch = [];
    };
    for (;;) {
      const next = await lines.next();
      if (next.done) break;
      if (next.value === '') continue;
      const value = safeJson(next.value) as Record<string, unknown> | undefined;
      if (value === undefined) throw new BackupError('The backup is damaged: a line is not JSON.');
      const marker = value['@table'];
      if (typeof marker === 'string') {
        await flush();
        if (!order.some((t) => t.name === marker)) {
          throw new BackupError(`The backup names a table this version does not have: ${marker}.`);
        }
        table = marker;
        counts[table] = 0;
        continue;
      }
      batch.push(value);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    for (const { name } of order) await tx.execute(sql.raw(`alter table "${name}" enable trigger user`));
    for (const { name, serial } of order) {
      for (const column of serial) {
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('"${name}"', '${column}'), coalesce(max("${column}"), 1), max("${column}") is not null) from "${name}"`,
          ),
        );
      }
    }
  });
  return counts;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
