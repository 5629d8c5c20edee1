import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema.js';

export type CompanyRow = typeof companies.$inferSelect;

export async function listCompanySummaries(db: Db) {
  // Ordered by the normalised name, so the order does not depend on the database's collation.
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .orderBy(asc(companies.normalizedName), asc(companies.id));
}

export async function findCompanyByNormalizedName(
  db: Db,
  normalizedName: string,
): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.normalizedName, normalizedName));
  return row;
}

/** Inserts unless a company with this normalised name exists; a concurrent insert of the same name wins quietly. */
export async function insertCompanyIfMissing(db: Db, name: string, normalizedName: string): Promise<void> {
  await db
    .insert(companies)
    .values({ name, normalizedName })
    .onConflictDoNothing({ target: companies.normalizedName });
}
