import { sql, type Placeholder } from 'drizzle-orm';
import type { Db } from './client.js';
import { fastRows } from './fast-rows.js';

/**
 * A hot query built once per database handle instead of on every call. Drizzle turns its query builder
 * into SQL anew each time, which costs more CPU than the bell's whole database round trip
 * (docs/performance.md); a prepared query keeps the SQL and only fills in its placeholders. On PostgreSQL it
 * is also a named statement, parsed once per connection.
 *
 * Keyed by handle, so a transaction (its own handle) prepares its own copy; the root handle's lives as long
 * as the database. A select's rows are mapped by fastRows.
 */
export function preparedPerDb<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = fastRows(build(db));
      built.set(db, query);
    }
    return query;
  };
}

/** A value a prepared statement fills in when it runs, or one given now. */
export type Bound<T> = T | Placeholder;
/** A query's LIMIT: a row count, a placeholder, or writtenLimit's. */
export type Limit = Bound<number>;

/**
 * A LIMIT written into a prepared statement's text instead of bound. PostgreSQL plans a prepared statement
 * whose LIMIT is bound afresh on every call when the bound value makes that plan look cheaper than the
 * generic one (its custom plans), and for a wide join the planning costs more than the run: the console's
 * held messages, a seven-table join, spent several times longer planning than running
 * (docs/performance.md, What the decisions measured).
 * A page size written in is planned once. Drizzle's `limit()` binds a number; SQL it writes as it is.
 */
export function writtenLimit(rows: number): Placeholder {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`Not a row count: ${rows}`);
  return sql.raw(String(rows)) as unknown as Placeholder;
}
