import type { Db } from './client.js';

/**
 * A hot query built once per database handle instead of on every call. Drizzle turns its query builder
 * into SQL anew each time, which costs more CPU than the bell's whole database round trip
 * (docs/performance.md); a prepared query keeps the SQL and only fills in its placeholders. On PostgreSQL it
 * is also a named statement, parsed once per connection.
 *
 * Keyed by handle, so a transaction (its own handle) prepares its own copy; the root handle's lives as long
 * as the database.
 */
export function preparedPerDb<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
