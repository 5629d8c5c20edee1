import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * One row of a join as text: each table's row id and version, '-' for a left join that found nothing.
 * A row's version is its `xmin`, the transaction that wrote it: PostgreSQL writes a new version of a row
 * on every UPDATE, even one that sets the same values, and a row lock (FOR UPDATE) writes none. Two equal
 * stamps of the same query mean the same rows in the same versions (docs/decisions/049-first-pages-kept-by-stamp.md).
 * Every table stamped here has an `id` column.
 */
export function rowStamp(tables: readonly PgTable[]): SQL<string> {
  const parts = tables.map(
    (table) => sql`coalesce(${table}.id::text, '-'), coalesce(${table}.xmin::text, '-')`,
  );
  return sql<string>`concat_ws('/', ${sql.join(parts, sql`, `)})`;
}

/** The rows' stamps as one text, in a fixed order (the stamps' own: each starts with its first row's id). */
export function stampsJoined(stamp: SQL | SQL.Aliased): SQL<string> {
  return sql<string>`coalesce(string_agg(${stamp}, ';' order by ${stamp}), '')`;
}
