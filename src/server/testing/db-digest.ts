import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/** One hash per table of the app's schema: equal digests mean no row was added, removed or changed. */
export type DbDigest = Record<string, string>;

/** The rows of a statement run on `db` (see rowsOf). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * Every table's count and hash in one statement: one round trip, where a statement a table made the
 * authorisation matrix's hundreds of digests most of its time.
 */
export async function dbDigest(db: Db): Promise<DbDigest> {
  const tables = await rows<{ name: string }>(
    db,
    sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const digest: DbDigest = {};
  if (tables.length === 0) return digest;
  const each = tables.map(({ name }) => {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const literal = `'${name.replaceAll("'", "''")}'`;
    return `select ${literal} as name, count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as hash from ${quoted} t`;
  });
  for (const row of await rows<{ name: string; n: string | number; hash: string | null }>(
    db,
    sql.raw(each.join('\nunion all\n')),
  )) {
    digest[row.name] = `${row.n}:${row.hash ?? ''}`;
  }
  return digest;
}

/** The tables whose digest differs, for a readable failure ('sessions, notifications'). */
export function changedTables(before: DbDigest, after: DbDigest): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

/** Every row of every table as text, for searching a value that must not have been stored anywhere. */
export async function dbText(db: Db): Promise<string> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    for (const row of await rows<{ text: string }>(db, sql.raw(`select t::text as text from ${quoted} t`))) {
      parts.push(`${name}: ${row.text}`);
    }
  }
  return parts.join('\n');
}
