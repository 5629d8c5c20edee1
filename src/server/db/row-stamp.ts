import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { Db } from './client.js';
import { preparedPerDb } from './prepared.js';

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

/** A page's rows, each with its stamp (rowStamp, aliased `stamp`), through the page's own query. */
export type StampedRows = TypedQueryBuilder<{ stamp: SQL.Aliased<string> }>;

/**
 * A page's stamp as one prepared statement, named `name`: the page's rows (`rows`, built with the page's
 * own joins, WHERE, ORDER BY and LIMIT) a CTE, their stamps joined. `query` is the unprepared statement
 * (the plan tests read it); `read` answers the stamp.
 */
export function pageStamp(name: string, rows: (db: Db) => StampedRows) {
  const query = (db: Db) => {
    const page = db.$with('page').as(rows(db));
    return db
      .with(page)
      .select({ stamp: stampsJoined(page.stamp) })
      .from(page);
  };
  const prepared = preparedPerDb((db) => query(db).prepare(name));
  return {
    query,
    async read(db: Db): Promise<string> {
      const [row] = await prepared(db).execute();
      return row?.stamp ?? '';
    },
  };
}
