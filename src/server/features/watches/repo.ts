import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, companyWatches, users } from '../../db/schema.js';

/** The company_watches table's queries (issue 49 item 1), each taking a db or a transaction. */

/** A listed company by id, or undefined: only those may be watched. */
export async function findListedCompany(db: Db, companyId: number) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.listed, true)));
  return row;
}

/**
 * Holds the user's row for the transaction, so two watches made at once count one after the other. NO KEY
 * UPDATE: the watch's own foreign key takes a key share lock on it, which this does not block.
 */
export async function lockUser(tx: Db, userId: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return rows.length > 0;
}

export async function isWatching(db: Db, userId: number, companyId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: companyWatches.userId })
    .from(companyWatches)
    .where(and(eq(companyWatches.userId, userId), eq(companyWatches.companyId, companyId)));
  return rows.length > 0;
}

export async function countWatches(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companyWatches).where(eq(companyWatches.userId, userId));
  return row?.n ?? 0;
}

/** The watch; nothing when it is there already (the primary key decides). */
export async function insertWatch(tx: Db, userId: number, companyId: number, at: Date): Promise<void> {
  await tx.insert(companyWatches).values({ userId, companyId, createdAt: at }).onConflictDoNothing();
}

export async function deleteWatch(db: Db, userId: number, companyId: number): Promise<void> {
  await db
    .delete(companyWatches)
    .where(and(eq(companyWatches.userId, userId), eq(companyWatches.companyId, companyId)));
}

/** The user's watches with their companies' names, newest first. */
export async function listWatches(db: Db, userId: number) {
  return db
    .select({
      companyId: companyWatches.companyId,
      companyName: companies.name,
      createdAt: companyWatches.createdAt,
    })
    .from(companyWatches)
    .innerJoin(companies, eq(companies.id, companyWatches.companyId))
    .where(eq(companyWatches.userId, userId))
    .orderBy(desc(companyWatches.createdAt), desc(companyWatches.companyId));
}

/**
 * Ends every watch of the company and answers whose they were. A row goes to one transaction only: two
 * changes that each find the company newly staffed tell each watcher once between them.
 */
export async function takeWatchers(tx: Db, companyId: number): Promise<number[]> {
  const rows = await tx
    .delete(companyWatches)
    .where(eq(companyWatches.companyId, companyId))
    .returning({ userId: companyWatches.userId });
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}
