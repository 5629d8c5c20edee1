import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/**
 * What a stamp statement answers: the database's snapshot when it ran, and the stamp, or null when that
 * snapshot was the one it was given (`since`): then nothing has committed since, and the stamp is what it was.
 */
export interface StampRead {
  snapshot: string;
  stamp: string | null;
}

/**
 * A stamp statement that reads the stamp only when something has committed since the snapshot `since` (a
 * placeholder, filled when it runs). The snapshot (`pg_current_snapshot()`, the statement's own) lists which
 * transactions have finished: any transaction that writes, anywhere on the database server, changes it when
 * it commits or rolls back, and a read changes nothing. So the same snapshot text means every row reads as it
 * did then, and the stamp, which probes every row of the page in every joined table, is not read at all (the
 * database skips the subquery in the CASE's other branch). A database that writes rarely next to its reads
 * answers most of them so ([decision 050](../../../docs/decisions/050-stamps-skipped-while-nothing-commits.md)).
 */
export function stampUnlessSince(db: Db, stamp: SQLWrapper) {
  const snapshot = sql<string>`pg_current_snapshot()::text`;
  const since = sql.placeholder('since');
  const stampRead: SQL<StampRead['stamp']> =
    sql`case when ${snapshot} = ${since} then null else (${stamp}) end`;
  return db.select({ snapshot, stamp: stampRead }).from(sql`(values (0)) as one`);
}

const currentSnapshotQuery = preparedPerDb((db) =>
  db
    .select({ snapshot: sql<string>`pg_current_snapshot()::text` })
    .from(sql`(values (0)) as one`)
    .prepare('current_snapshot'),
);

/**
 * The database's snapshot now: the same text as a kept answer's snapshot means nothing has committed since
 * it was read, so its rows read as they did ([decision 050](../../../docs/decisions/050-stamps-skipped-while-nothing-commits.md)).
 */
export async function currentSnapshot(db: Db): Promise<string> {
  const [row] = await currentSnapshotQuery(db).execute();
  return row!.snapshot;
}

/** A page's rows, each with its stamp (rowStamp, aliased `stamp`), through the page's own query. */
export type StampedRows = TypedQueryBuilder<{ stamp: SQL.Aliased<string> }>;

/**
 * A page's stamp as one prepared statement, named `name`: the page's rows (`rows`, built with the page's
 * own joins, WHERE, ORDER BY and LIMIT) a CTE, their stamps joined. `query` is the stamp's own statement
 * (the plan tests read it); `read` answers it unless nothing has committed since the snapshot `since`
 * (stampUnlessSince).
 */
export function pageStamp(name: string, rows: (db: Db) => StampedRows) {
  const query = (db: Db) => {
    const page = db.$with('page').as(rows(db));
    return db
      .with(page)
      .select({ stamp: stampsJoined(page.stamp) })
      .from(page);
  };
  const prepared = preparedPerDb((db) => stampUnlessSince(db, query(db)).prepare(name));
  return {
    query,
    async read(db: Db, since: string): Promise<StampRead> {
      const [row] = await prepared(db).execute({ since });
      return row!;
    },
  };
}
