import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import type { Bound } from './prepared.js';

/** A table (or an alias of one) read oldest first, by (created_at, id). */
type Ordered = PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn };

/**
 * Keyset paging by (created_at, id): the rows after the row `after`, as a row comparison an index on
 * (created_at, id) answers. The cursor row's created_at is read in the statement from `cursor` (an alias of
 * `table`), so its microseconds survive (a JS Date would drop them), and whatever that row's state now: a
 * row resolved since still says where the next page starts.
 */
export function afterRow(db: Db, table: Ordered, cursor: Ordered, after: Bound<number>): SQL {
  const cursorAt = db.select({ createdAt: cursor.createdAt }).from(cursor).where(eq(cursor.id, after));
  return sql`(${table.createdAt}, ${table.id}) > ((${cursorAt}), ${after})`;
}
