import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * Whether a row with this id exists: whether a path's id names anything (a company's stats), or, after a
 * cursor, whether an empty page is the end of a queue or a cursor naming a row that is gone (its account
 * deleted), which says nowhere and is refused.
 */
export async function rowExists(db: Db, table: PgTable & { id: AnyPgColumn }, id: number): Promise<boolean> {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return row !== undefined;
}

/** The rows of `db.execute(sql…)`: both drivers answer `{ rows }`, which drizzle's shared type leaves unknown. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
